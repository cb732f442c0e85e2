#include "ringmaster/competitions/opening_results.hpp"

#include "ringmaster/competitions/ascii_table.hpp"

namespace rm::comp {

void count_opening(OpeningCounts& counts, const rm::game::GameResult& r) {
  if (r.is_void || r.opening.empty()) return;
  OpeningTally& t = counts[r.opening];
  t.name = r.opening;
  ++t.games;
  const auto winner = r.winner_colour();
  if (!winner) {
    ++t.no_winner;
    return;
  }
  ++(*winner == rm::go::Colour::Black ? t.black_wins : t.white_wins);
  ++t.wins[r.winning_code()];
}

nlohmann::json opening_counts_to_json(const OpeningCounts& counts) {
  return opening_results_json(tally_openings({}, counts));
}

OpeningCounts opening_counts_from_json(const nlohmann::json& j) {
  OpeningCounts counts;
  for (const auto& e : j) {
    OpeningTally t;
    t.name = e.at("name").get<std::string>();
    t.games = e.at("games").get<int>();
    t.black_wins = e.at("black_wins").get<int>();
    t.white_wins = e.at("white_wins").get<int>();
    t.no_winner = e.at("no_winner").get<int>();
    t.wins = e.at("wins").get<std::map<std::string, int>>();
    counts[t.name] = std::move(t);
  }
  return counts;
}

std::vector<OpeningTally> tally_openings(const std::vector<rm::game::Opening>& openings,
                                         const OpeningCounts& counts) {
  std::vector<OpeningTally> tallies;
  std::map<std::string, bool> listed;
  for (const auto& o : openings) {
    if (!listed.emplace(o.name, true).second) continue;
    const auto found = counts.find(o.name);
    tallies.push_back(found != counts.end() ? found->second : OpeningTally{o.name, 0, 0, 0, 0, {}});
  }
  for (const auto& [name, t] : counts)
    if (listed.count(name) == 0) tallies.push_back(t);
  return tallies;
}

std::string opening_results_text(const std::vector<OpeningTally>& tallies) {
  std::vector<std::string> names, games, black, white, none, wins;
  for (const auto& t : tallies) {
    names.push_back(t.name);
    games.push_back(std::to_string(t.games));
    black.push_back(std::to_string(t.black_wins));
    white.push_back(std::to_string(t.white_wins));
    none.push_back(std::to_string(t.no_winner));
    std::string w;
    for (const auto& [code, n] : t.wins)
      w += (w.empty() ? "" : "  ") + code + " " + std::to_string(n);
    wins.push_back(w);
  }
  AsciiTable table(static_cast<int>(tallies.size()));
  for (const char* h : {"opening", "games", "B wins", "W wins", "no winner", "wins"})
    table.add_heading(h);
  const int c0 = table.add_column(AsciiTable::Align::Left, 2);
  const int c1 = table.add_column(AsciiTable::Align::Right, 2);
  const int c2 = table.add_column(AsciiTable::Align::Right, 2);
  const int c3 = table.add_column(AsciiTable::Align::Right, 2);
  const int c4 = table.add_column(AsciiTable::Align::Right, 2);
  const int c5 = table.add_column(AsciiTable::Align::Left, 0);
  table.set_column_values(c0, names);
  table.set_column_values(c1, games);
  table.set_column_values(c2, black);
  table.set_column_values(c3, white);
  table.set_column_values(c4, none);
  table.set_column_values(c5, wins);
  std::string text = "results per opening:\n";
  for (const auto& line : table.render()) text += line + "\n";
  return text;
}

nlohmann::json opening_results_json(const std::vector<OpeningTally>& tallies) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& t : tallies) {
    list.push_back({{"name", t.name},
                    {"games", t.games},
                    {"black_wins", t.black_wins},
                    {"white_wins", t.white_wins},
                    {"no_winner", t.no_winner},
                    {"wins", t.wins}});
  }
  return list;
}

}  // namespace rm::comp
