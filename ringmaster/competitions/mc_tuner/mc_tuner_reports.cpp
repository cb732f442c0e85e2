// McTuner's reports, in gomill's formats (gomill/mcts_tuners.py), plus our confidence
// interval columns; and the JSON report.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/competitions/report_numbers.hpp"
#include "ringmaster/competitions/tuner_report_header.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/stats/wilson.hpp"
#include "scales/grid.hpp"

namespace rm::comp {
namespace {

// Python's "%-40s".
struct ListedNode {
  std::vector<int> path;
  const McNode* node;
};

}  // namespace

std::string McTuner::static_description() const {
  return tuner_report_header("MCTS", cf_);
}

std::string McTuner::main_report() const {
  std::string text;
  // gomill's line (game numbers done, void ones included) unless validation games are played,
  // which gomill does not have: then the run summary's count and its parts.
  text += games_line_text(!has_validation_games());
  text += "\n\nBest parameters: " + describe_path(tree_.best_path()) + "\n\n";

  const int initial_visits = settings_.initial_visits;
  const int initial_wins = settings_.initial_wins;
  std::vector<ListedNode> last_generation{{{}, &tree_.root()}};
  for (std::size_t i = 0; i < settings_.summary_spec.size(); ++i) {
    text += "most visited at depth " + std::to_string(i + 1) + "\n";
    std::vector<ListedNode> this_generation;
    for (const auto& parent : last_generation)
      for (int k = 0; k < static_cast<int>(parent.node->children.size()); ++k) {
        auto path = parent.path;
        path.push_back(k);
        this_generation.push_back({path, &parent.node->children[static_cast<std::size_t>(k)]});
      }
    // heapq.nlargest(n, ..., key=visits): most visits first, earlier entries first on ties;
    // then the chosen ones sorted by path.
    std::vector<ListedNode> chosen = this_generation;
    std::stable_sort(chosen.begin(), chosen.end(), [](const ListedNode& a, const ListedNode& b) {
      return a.node->visits > b.node->visits;
    });
    const int n = std::max(0, settings_.summary_spec[i]);
    if (chosen.size() > static_cast<std::size_t>(n)) chosen.resize(static_cast<std::size_t>(n));
    std::sort(chosen.begin(), chosen.end(),
              [](const ListedNode& a, const ListedNode& b) { return a.path < b.path; });
    for (const auto& listed : chosen) {
      const McNode& node = *listed.node;
      char numbers[64];
      std::snprintf(numbers, sizeof numbers, " %.3f %3d",
                    static_cast<double>(node.wins) / node.visits, node.visits - initial_visits);
      text += rm::scales::format_path(listed.path, settings_.splits()) + " " +
              pad_right(format_parameters(listed.path), 40) + numbers;
      // Our addition, after gomill's columns: the 95% Wilson interval of the real games.
      if (const auto ci =
              rm::stats::wilson_interval(node.wins - initial_wins, node.visits - initial_visits))
        text += "  [" + fixed(ci->lower, 3) + ", " + fixed(ci->upper, 3) + "]";
      text += "\n";
    }
    last_generation = std::move(this_generation);
    text += "\n";
  }
  return text;
}

// gomill's short report, then (ours) the statistics of all games as candidates v opponent.
// gomill: write_full_report = write_short_report.
std::string McTuner::tuner_short_report() const {
  return static_description() + main_report() + opponent_line() + pool_stats_.report();
}

std::string McTuner::tuner_screen_report(
    const std::vector<std::string>& game_ids_in_progress) const {
  std::string text = main_report();
  std::vector<int> numbers;
  for (const auto& id : game_ids_in_progress) {
    const std::optional<int> number = parse_game_number(id);
    if (number && outstanding_.count(*number) != 0) numbers.push_back(*number);  // else not ours
  }
  if (numbers.empty()) return text;
  std::sort(numbers.begin(), numbers.end());
  numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
  const auto shown =
      static_cast<std::size_t>(std::max(0, settings_.number_of_running_simulations_to_show));
  if (numbers.size() > shown) numbers.resize(shown);
  text += "In progress:\n";
  for (int number : numbers)
    text += "game " + std::to_string(number) + ": " + describe_path(outstanding_.at(number)) + "\n";
  return text;
}

std::vector<std::string> McTuner::periodic_history_lines() const {
  const auto& period = settings_.log_tree_to_history_period;
  if (!last_event_was_result_ || !period || *period <= 0 || numbers_.fixed() % *period != 0)
    return {};
  std::vector<std::string> lines;
  std::istringstream in(
      tree_.describe([this](const std::vector<int>& path) { return format_parameters(path); }));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

nlohmann::json McTuner::tuner_json_report() const {
  const int initial_visits = settings_.initial_visits;
  const int initial_wins = settings_.initial_wins;
  const auto candidate_json = [&](const std::vector<int>& path, const McNode& node) {
    const int games = node.visits - initial_visits;
    const int wins = node.wins - initial_wins;
    nlohmann::json j = {{"path", rm::scales::format_path(path, settings_.splits())},
                        {"parameters", format_parameters(path)},
                        {"depth", path.size()},
                        {"games", games},
                        {"wins", wins},
                        {"value", static_cast<double>(node.wins) / node.visits},
                        {"win_rate", nullptr},
                        {"ci95_low", nullptr},
                        {"ci95_high", nullptr}};
    if (games > 0) j["win_rate"] = static_cast<double>(wins) / games;
    if (const auto ci = rm::stats::wilson_interval(wins, games)) {
      j["ci95_low"] = ci->lower;
      j["ci95_high"] = ci->upper;
    }
    nlohmann::json values = nlohmann::json::array();
    for (const auto& v : rm::scales::engine_values(path, settings_.parameters))
      values.push_back(rm::scales::value_to_json(v));
    j["engine_values"] = values;
    return j;
  };
  nlohmann::json candidates = nlohmann::json::array();
  // Every node below the root, depth first in child order.
  std::vector<ListedNode> stack{{{}, &tree_.root()}};
  while (!stack.empty()) {
    const ListedNode current = stack.back();
    stack.pop_back();
    if (!current.path.empty()) candidates.push_back(candidate_json(current.path, *current.node));
    for (int k = static_cast<int>(current.node->children.size()) - 1; k >= 0; --k) {
      auto path = current.path;
      path.push_back(k);
      stack.push_back({path, &current.node->children[static_cast<std::size_t>(k)]});
    }
  }
  const McNode& root = tree_.root();
  const int games = root.visits - initial_visits;
  const int wins = root.wins - initial_wins;
  const auto best = tree_.best_path();
  nlohmann::json report = tuner_json_report_header("mc_tuner", cf_, tuning_results(),
                                                   settings_.opponent, opponent_description_);
  report["number_of_games"] =
      settings_.number_of_games ? nlohmann::json(*settings_.number_of_games) : nlohmann::json();
  report["max_depth"] = settings_.max_depth;
  report["tree"] = {{"nodes", tree_.node_count()},
                    {"games", games},
                    {"wins", wins},
                    {"win_rate", games > 0 ? nlohmann::json(static_cast<double>(wins) / games)
                                           : nlohmann::json()}};
  report["best"] = candidate_json(best, tree_.node_at(best));
  report["candidates"] = candidates;
  report["pool"] = pool_stats_.json();
  return report;
}

}  // namespace rm::comp
