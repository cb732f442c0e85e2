// The playoff's and allplayall's lines in the live view: one per matchup with games.
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "ringmaster/competitions/live_line_text.hpp"
#include "ringmaster/competitions/tournaments/tournament.hpp"

namespace rm::comp {
namespace {

std::string signed_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.0f}", elo);
}

}  // namespace

std::vector<std::string> Tournament::live_lines(const nlohmann::json& report) {
  std::vector<std::string> lines;
  for (const auto& m : report.value("matchups", nlohmann::json::array())) {
    const auto& e = m.value("elo", nlohmann::json::object());
    if (e.value("games", 0) == 0) continue;
    const double margin = json_number(e, "margin", std::numeric_limits<double>::infinity());
    std::string line =
        fmt::format("elo {}: {} \u00b1 {} ({} games, LOS {})", m.value("name", std::string()),
                    signed_elo(json_number(e, "elo", 0.0)),
                    std::isfinite(margin) ? fmt::format("{:.0f}", margin) : "inf",
                    e.value("games", 0), rate_text(e.value("los", nlohmann::json())));
    const auto& sprt = m.value("sprt", nlohmann::json());
    if (sprt.is_object())
      line +=
          fmt::format(", SPRT llr {:.2f} ({:.2f}, {:.2f}) {}", json_number(sprt, "llr", 0.0),
                      json_number(sprt, "lower_bound", 0.0), json_number(sprt, "upper_bound", 0.0),
                      sprt.value("decision", std::string()));
    lines.push_back(line);
  }
  return lines;
}

}  // namespace rm::comp
