#include "ringmaster/report/rating_status.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "ringmaster/competitions/live_line_text.hpp"

namespace rm::report {
namespace {

using rm::comp::json_number;
constexpr double kInf = std::numeric_limits<double>::infinity();

std::string signed_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.1f}", elo);
}

std::string margin_text(double margin) {
  return std::isfinite(margin) ? fmt::format("{:.1f}", margin) : "inf";
}

// "Elo +88.7 ± 120.3 (paired), LOS 97.9%": the paired estimate when there are complete pairs
// (its interval is the honest one when colour matters), else the per-game one.
std::string elo_text(const nlohmann::json& matchup) {
  const auto& pairs = matchup.value("pairs", nlohmann::json());
  const bool paired =
      pairs.is_object() && pairs.value("elo", nlohmann::json::object()).value("samples", 0) > 0;
  const auto& e = paired ? pairs["elo"] : matchup.value("elo", nlohmann::json::object());
  const double elo = json_number(e, "elo", 0.0);
  // Every game won (lost): no estimate, but the bound the games support.
  const std::string estimate =
      elo == kInf ? "Elo \u2265 " + signed_elo(json_number(e, "elo_lower", -kInf))
      : elo == -kInf
          ? "Elo \u2264 " + signed_elo(json_number(e, "elo_upper", kInf))
          : "Elo " + signed_elo(elo) + " \u00b1 " + margin_text(json_number(e, "margin", kInf));
  return fmt::format("{}{}, LOS {}", estimate, paired ? " (paired)" : "",
                     rm::comp::rate_text(e.value("los", nlohmann::json())));
}

std::string sprt_text(const nlohmann::json& sprt) {
  return fmt::format(", SPRT [{:g}, {:g}] llr {:.2f} ({:.2f}, {:.2f}) {}",
                     json_number(sprt, "elo0", 0.0), json_number(sprt, "elo1", 0.0),
                     json_number(sprt, "llr", 0.0), json_number(sprt, "lower_bound", 0.0),
                     json_number(sprt, "upper_bound", 0.0), sprt.value("decision", std::string()));
}

std::string ratings_text(const nlohmann::json& list) {
  std::string text = "ratings:";
  for (const auto& p : list.value("players", nlohmann::json::array())) {
    const double rating = json_number(p, "rating", std::nan(""));
    if (std::isnan(rating)) {
      text += " " + p.value("code", std::string()) + " unrated,";
      continue;
    }
    const double half = (json_number(p, "upper", kInf) - json_number(p, "lower", -kInf)) / 2.0;
    text += fmt::format(" {} {:+.0f}", p.value("code", std::string()), rating);
    text += p.value("code", std::string()) == list.value("anchor", std::string())
                ? " (anchor),"
                : fmt::format(" \u00b1 {},", std::isfinite(half) ? fmt::format("{:.0f}", half)
                                                                 : std::string("inf"));
  }
  text.pop_back();
  return text;
}

}  // namespace

std::vector<std::string> rating_lines(const nlohmann::json& report) {
  std::vector<std::string> lines;
  if (!report.is_object()) return lines;
  for (const auto& m : report.value("matchups", nlohmann::json::array())) {
    const auto& wdl = m.value("wdl", nlohmann::json::object());
    const int wins = wdl.value("wins", 0), draws = wdl.value("draws", 0),
              losses = wdl.value("losses", 0);
    const int known = wins + draws + losses;
    if (m.value("games_played", 0) == 0) continue;
    // cutechess's order: wins - losses - draws [score] games.
    std::string line = fmt::format(
        "score of {}: {} - {} - {} [{}] {} games, {}", m.value("name", std::string()), wins, losses,
        draws, known > 0 ? fmt::format("{:.3f}", (wins + 0.5 * draws) / known) : "-",
        m.value("games_played", 0), elo_text(m));
    const auto& sprt = m.value("sprt", nlohmann::json());
    if (sprt.is_object()) line += sprt_text(sprt);
    lines.push_back(line);
  }
  const auto& list = report.value("rating_list", nlohmann::json());
  if (!lines.empty() && list.is_object() && !list.value("players", nlohmann::json()).empty())
    lines.push_back(ratings_text(list));
  return lines;
}

}  // namespace rm::report
