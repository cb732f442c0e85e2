#include "ringmaster/competitions/mc_tuner/mc_tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/ucb.hpp"
#include "scales/grid.hpp"

namespace rm::comp {

namespace {

double urgency_of(int wins, int visits, int parent_visits, double exploration_coefficient) {
  return ucb_urgency(static_cast<double>(wins) / static_cast<double>(visits),
                     static_cast<double>(visits), static_cast<double>(parent_visits),
                     exploration_coefficient);
}

}  // namespace

double urgency(const McNode& child, int parent_visits, double exploration_coefficient) {
  return urgency_of(child.wins, child.visits, parent_visits, exploration_coefficient);
}

int choose_child(const McNode& parent, double exploration_coefficient, int start, bool virtual_loss,
                 bool virtual_visit) {
  const int count = static_cast<int>(parent.children.size());
  const bool count_in_flight = virtual_loss || virtual_visit;
  const int parent_visits = parent.visits + (count_in_flight ? parent.in_flight : 0);
  const auto urgency_at = [&](int index) {
    const McNode& child = parent.children[static_cast<std::size_t>(index)];
    if (virtual_visit && !virtual_loss) {
      // The win rate of the real visits; the exploration bonus of real + in-flight visits.
      return ucb_urgency(static_cast<double>(child.wins) / static_cast<double>(child.visits),
                         static_cast<double>(child.visits + child.in_flight),
                         static_cast<double>(parent_visits), exploration_coefficient);
    }
    return urgency_of(child.wins, child.visits + (virtual_loss ? child.in_flight : 0),
                      parent_visits, exploration_coefficient);
  };
  int best = start;
  double best_urgency = urgency_at(start);
  for (int step = 1; step < count; ++step) {
    const int index = (start + step) % count;
    const double u = urgency_at(index);
    if (u > best_urgency) {  // strictly greater: the first maximum wins, as Python's max()
      best = index;
      best_urgency = u;
    }
  }
  return best;
}

McTree::McTree(McTreeSettings settings)
    : settings_(std::move(settings)),
      branching_factor_(rm::scales::branching_factor(settings_.splits)) {
  if (settings_.initial_visits <= 0) throw std::invalid_argument("initial_visits must be positive");
  root_.wins = settings_.initial_wins;
  root_.visits = settings_.initial_visits;
  expand(root_);
}

void McTree::expand(McNode& node) const {
  node.children.assign(static_cast<std::size_t>(branching_factor_),
                       McNode{settings_.initial_wins, settings_.initial_visits, {}, 0});
}

void McTree::set_search_settings(double exploration_coefficient, int max_depth, bool virtual_loss,
                                 bool virtual_visit) {
  settings_.exploration_coefficient = exploration_coefficient;
  settings_.max_depth = max_depth;
  settings_.virtual_loss = virtual_loss;
  settings_.virtual_visit = virtual_visit;
}

std::vector<int> McTree::choose_path(GameRng& rng) {
  std::vector<int> path;
  McNode* node = &root_;
  const auto step = [&] {
    const int choice =
        choose_child(*node, settings_.exploration_coefficient, rng.below(branching_factor_),
                     settings_.virtual_loss, settings_.virtual_visit);
    path.push_back(choice);
    node = &node->children[static_cast<std::size_t>(choice)];
  };
  while (node->expanded()) step();
  if (static_cast<int>(path.size()) < settings_.max_depth && is_ripe(*node)) {
    expand(*node);
    step();
  }
  return path;
}

const McNode& McTree::node_at(const std::vector<int>& path) const {
  const McNode* node = &root_;
  for (int choice : path) {
    if (choice < 0 || choice >= static_cast<int>(node->children.size())) {
      std::string indices;
      for (int c : path) indices += (indices.empty() ? "" : " ") + std::to_string(c);
      throw std::invalid_argument("path of child indices [" + indices + "] is not in the tree");
    }
    node = &node->children[static_cast<std::size_t>(choice)];
  }
  return *node;
}

void McTree::update(const std::vector<int>& path, bool candidate_won) {
  node_at(path);  // validates the whole path before changing anything
  McNode* node = &root_;
  const int win = candidate_won ? 1 : 0;
  root_.visits += 1;
  root_.wins += win;
  for (int choice : path) {
    node = &node->children[static_cast<std::size_t>(choice)];
    node->visits += 1;
    node->wins += win;
  }
}

void McTree::change_in_flight(const std::vector<int>& path, int delta) {
  node_at(path);  // validates the whole path before changing anything
  McNode* node = &root_;
  root_.in_flight = std::max(0, root_.in_flight + delta);
  for (int choice : path) {
    node = &node->children[static_cast<std::size_t>(choice)];
    node->in_flight = std::max(0, node->in_flight + delta);
  }
}

void McTree::add_in_flight(const std::vector<int>& path) {
  change_in_flight(path, 1);
}

void McTree::remove_in_flight(const std::vector<int>& path) {
  change_in_flight(path, -1);
}

std::vector<int> McTree::best_path() const {
  std::vector<int> path;
  const McNode* node = &root_;
  while (node->expanded()) {
    int best = 0;
    for (int i = 1; i < static_cast<int>(node->children.size()); ++i)
      if (node->children[static_cast<std::size_t>(i)].wins >
          node->children[static_cast<std::size_t>(best)].wins)
        best = i;
    path.push_back(best);
    node = &node->children[static_cast<std::size_t>(best)];
  }
  return path;
}

namespace {

int count_nodes(const McNode& node) {
  int count = 1;
  for (const auto& child : node.children) count += count_nodes(child);
  return count;
}

nlohmann::json node_to_json(const McNode& node) {
  nlohmann::json j = {{"w", node.wins}, {"v", node.visits}};
  if (node.expanded()) {
    nlohmann::json children = nlohmann::json::array();
    for (const auto& child : node.children) children.push_back(node_to_json(child));
    j["c"] = std::move(children);
  }
  return j;
}

McNode node_from_json(const nlohmann::json& j, int branching_factor, int depth) {
  if (!j.is_object()) throw std::invalid_argument("tree node is not an object");
  McNode node;
  node.wins = j.at("w").get<int>();
  node.visits = j.at("v").get<int>();
  if (node.visits <= 0 || node.wins < 0 || node.wins > node.visits)
    throw std::invalid_argument("tree node at depth " + std::to_string(depth) +
                                " has impossible counts");
  if (j.contains("c")) {
    const auto& children = j.at("c");
    if (!children.is_array() || static_cast<int>(children.size()) != branching_factor)
      throw std::invalid_argument("tree node at depth " + std::to_string(depth) + " has " +
                                  std::to_string(children.is_array() ? children.size() : 0) +
                                  " children, expected " + std::to_string(branching_factor));
    for (const auto& child : children)
      node.children.push_back(node_from_json(child, branching_factor, depth + 1));
  }
  return node;
}

std::string format_node_line(const std::string& choice, const std::string& parameters,
                             const McNode& node, int initial_visits) {
  char numbers[64];
  std::snprintf(numbers, sizeof numbers, "%.3f %3d", static_cast<double>(node.wins) / node.visits,
                node.visits - initial_visits);
  return choice + " " + parameters + " " + numbers;
}

}  // namespace

int McTree::node_count() const {
  return count_nodes(root_);
}

nlohmann::json McTree::to_json() const {
  return node_to_json(root_);
}

void McTree::restore(const nlohmann::json& j) {
  McNode root;
  try {
    root = node_from_json(j, branching_factor_, 0);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("tree: ") + e.what());
  }
  if (!root.expanded()) throw std::invalid_argument("tree root is not expanded");
  root_ = std::move(root);
}

std::string McTree::describe(
    const std::function<std::string(const std::vector<int>&)>& format_parameters) const {
  const int wins = root_.wins - settings_.initial_wins;
  const int visits = root_.visits - settings_.initial_visits;
  char line[128];
  std::string win_rate = "--";
  if (visits != 0) {
    std::snprintf(line, sizeof line, "%.3f", static_cast<double>(wins) / visits);
    win_rate = line;
  }
  std::snprintf(line, sizeof line, "%d nodes\nWin rate %d/%d = ", node_count(), wins, visits);
  std::string result = line + win_rate;
  for (int i = 0; i < static_cast<int>(root_.children.size()); ++i) {
    const McNode& node = root_.children[static_cast<std::size_t>(i)];
    result += "\n  " + format_node_line(rm::scales::format_choice(i, settings_.splits),
                                        format_parameters({i}), node, settings_.initial_visits);
    for (int k = 0; k < static_cast<int>(node.children.size()); ++k)
      result += "\n    " + format_node_line(rm::scales::format_choice(k, settings_.splits),
                                            format_parameters({i, k}),
                                            node.children[static_cast<std::size_t>(k)],
                                            settings_.initial_visits);
  }
  return result;
}

}  // namespace rm::comp
