// gomill's mcts_tuners.Tree statistics: nodes with wins and visits over the parameter space
// (the geometry — child coordinates, cuboid centres — is scales/grid.hpp). Selection,
// expansion, update and the best-candidate walk follow gomill exactly; see
// docs/tuner-algorithm.md.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rm::comp {

class GameRng;

struct McNode {
  int wins = 0;
  int visits = 0;
  std::vector<McNode> children;  // empty: not expanded
  int in_flight = 0;             // games issued below this node, result not yet in (not saved)
  bool expanded() const { return !children.empty(); }
};

struct McTreeSettings {
  std::vector<int> splits;
  int initial_visits = 1;
  int initial_wins = 1;
  int max_depth = 1;
  double exploration_coefficient = 0.0;
  // in_flight_visits: virtual_loss: a game in flight counts as a visit the candidate lost,
  // so parallel games spread over the candidates; false is gomill's choice (none).
  bool virtual_loss = false;
  // in_flight_visits: virtual_visit: a game in flight counts as a visit at the candidate's
  // current win rate (only the exploration bonus shrinks). Ignored when virtual_loss is set.
  bool virtual_visit = false;
};

// gomill's urgency of a child: value + E*sqrt(log(parent.visits)) * sqrt(1/child.visits),
// with the same operations in the same order so that ties happen where gomill's happen.
double urgency(const McNode& child, int parent_visits, double exploration_coefficient);

// The first child of maximal urgency in cyclic order starting at index `start`. With
// `virtual_loss`, each node's games in flight count as lost visits (of the child and the parent).
// With `virtual_visit`, they count as visits that leave the win rate as it is.
int choose_child(const McNode& parent, double exploration_coefficient, int start,
                 bool virtual_loss = false, bool virtual_visit = false);

class McTree {
 public:
  explicit McTree(McTreeSettings settings);  // a new root, expanded at once

  // One simulation's choice (gomill's Simulation.run): walk down choosing children (random
  // start index for each choice from `rng`) to a leaf; if the leaf is ripe and the path is
  // shorter than max_depth, expand it and choose one of its children. Returns the path.
  std::vector<int> choose_path(GameRng& rng);
  // A result for the candidate at `path`: visits (and wins if won) + 1 along the path and at
  // the root. Throws std::invalid_argument if the path is not in the tree.
  void update(const std::vector<int>& path, bool candidate_won);
  // A game issued for / no longer in flight at `path` (root and every node on the path).
  // Only counted by choose_path() with virtual_loss. Throws like update().
  void add_in_flight(const std::vector<int>& path);
  void remove_in_flight(const std::vector<int>& path);
  // gomill's Greedy_simulation: the child with most wins at each level (first on ties).
  std::vector<int> best_path() const;

  const McNode& root() const { return root_; }
  const McNode& node_at(const std::vector<int>& path) const;  // throws std::invalid_argument
  const McTreeSettings& settings() const { return settings_; }
  void set_search_settings(double exploration_coefficient, int max_depth, bool virtual_loss = false,
                           bool virtual_visit = false);
  bool is_ripe(const McNode& node) const { return node.visits != settings_.initial_visits; }
  int node_count() const;
  int branching_factor() const { return branching_factor_; }

  // gomill's Tree.describe(): node count, win rate, depth-1 and depth-2 nodes.
  // `format_path` gives the formatted engine parameters of a path.
  std::string describe(
      const std::function<std::string(const std::vector<int>&)>& format_parameters) const;

  // {"w": wins, "v": visits, "c": [children]} ("c" only when expanded).
  nlohmann::json to_json() const;
  // Replaces the tree; throws std::invalid_argument when the nodes do not fit the settings
  // (root children != branching factor, a node with other than 0 or branching-factor children,
  // negative or inconsistent counts).
  void restore(const nlohmann::json& j);

 private:
  void expand(McNode& node) const;
  void change_in_flight(const std::vector<int>& path, int delta);
  McTreeSettings settings_;
  int branching_factor_;
  McNode root_;
};

}  // namespace rm::comp
