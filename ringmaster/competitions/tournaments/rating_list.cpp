#include "ringmaster/competitions/tournaments/rating_list.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>

#include "ringmaster/competitions/report_numbers.hpp"

namespace rm::comp {
namespace {

// Ratings, scores and intervals with one decimal.
std::string fixed1(double v) {
  return fixed(v, 1);
}

std::string pad_left(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}
// Rated players best first, then the unrated, each group in input order.
std::vector<std::size_t> ranking(const RatingListReport& r) {
  std::vector<std::size_t> order(r.players.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto& ra = r.list.players[a].rating;
    const auto& rb = r.list.players[b].rating;
    if (ra.has_value() != rb.has_value()) return ra.has_value();
    return ra && *ra > *rb;
  });
  return order;
}

}  // namespace

std::optional<RatingListReport> tournament_rating_list(const Tournament& t,
                                                       const RatingSettings& s) {
  RatingListReport report;
  std::map<std::string, std::size_t> index;
  auto add = [&](const std::string& code) {
    if (index.emplace(code, report.players.size()).second) report.players.push_back(code);
    return index.at(code);
  };
  std::vector<rm::stats::PairResults> pairs;
  bool any = false;
  for (const auto& m : t.matchups()) {
    const std::size_t i = add(m.settings.player_1);
    const std::size_t j = add(m.settings.player_2);
    const MatchupStats stats = t.stats_of(m);
    const auto& wdl = stats.wdl;
    if (wdl.games() == 0) continue;
    any = true;
    pairs.push_back({i, j, static_cast<double>(wdl.wins), static_cast<double>(wdl.losses),
                     static_cast<double>(wdl.draws)});
  }
  if (!any) return std::nullopt;
  report.anchor = s.anchor.value_or(report.players.front());
  report.anchor_rating = s.anchor_rating;
  rm::stats::RatingOptions options;
  options.anchor = add(report.anchor);
  options.anchor_rating = s.anchor_rating;
  report.list = rm::stats::bradley_terry(report.players.size(), pairs, options);
  return report;
}

std::string rating_list_text(const RatingListReport& r) {
  std::string text = "rating list (Bradley-Terry maximum likelihood; " + r.anchor + " fixed at " +
                     fixed1(r.anchor_rating) + "; 95% intervals):\n";
  std::size_t width = 6;
  for (const auto& p : r.players) width = std::max(width, p.size());
  text +=
      "rank  " + pad_right("player", width) + "   rating   error   lower   upper  games  score\n";
  int rank = 0;
  for (std::size_t k : ranking(r)) {
    const auto& p = r.list.players[k];
    const std::string score = p.games > 0 ? fixed1(100 * p.points / p.games) + "%" : "-";
    if (p.rating) {
      text += pad_left(std::to_string(++rank), 4) + "  " + pad_right(r.players[k], width) + " " +
              pad_left(fixed1(*p.rating), 8) + " " + pad_left(fixed1(p.error), 7) + " " +
              pad_left(fixed1(p.lower), 7) + " " + pad_left(fixed1(p.upper), 7);
    } else {
      text += "   -  " + pad_right(r.players[k], width) + " " + pad_left("-", 8) + " " +
              pad_left("-", 7) + " " + pad_left("-", 7) + " " + pad_left("-", 7);
    }
    text += " " + pad_left(fixed(p.games, 0), 6) + " " + pad_left(score, 6) + "\n";
  }
  if (r.list.prior_draws > 0)
    text += "(a player won or lost all its games: " + fixed(r.list.prior_draws, 0) +
            " virtual draw added to every pair that played, as BayesElo does)\n";
  bool unrated = false;
  for (const auto& p : r.list.players) unrated = unrated || !p.rating;
  if (unrated) text += "(-: no games linking the player to " + r.anchor + ")\n";
  return text;
}

nlohmann::json rating_list_json(const RatingListReport& r) {
  nlohmann::json players = nlohmann::json::array();
  int rank = 0;
  for (std::size_t k : ranking(r)) {
    const auto& p = r.list.players[k];
    nlohmann::json entry = {{"code", r.players[k]}, {"games", p.games}, {"points", p.points}};
    if (p.rating) {
      entry["rank"] = ++rank;
      entry["rating"] = *p.rating;
      entry["error"] = p.error;
      entry["lower"] = p.lower;
      entry["upper"] = p.upper;
    } else {
      for (const char* key : {"rank", "rating", "error", "lower", "upper"}) entry[key] = nullptr;
    }
    players.push_back(entry);
  }
  return {{"method", "bradley_terry"},         {"anchor", r.anchor},
          {"anchor_rating", r.anchor_rating},  {"confidence", 0.95},
          {"prior_draws", r.list.prior_draws}, {"players", players}};
}

}  // namespace rm::comp
