// MC+UCT: a tree of moves grown from the root. Children are chosen by
// mean + C * sqrt(ln(N_parent) / n_child) (mean blended with the AMAF mean when RAVE is on),
// unvisited children get the first-play-urgency value, a leaf is expanded once it has been
// visited expand_threshold times, and the most-visited root child is played.
#include <array>
#include <cmath>
#include <cstdint>

#include "engine/refbot/search.hpp"

namespace rm::refbot {

using go::Board;
using go::Colour;

namespace {

// Arena cap: beyond it leaves are no longer expanded (memory stays below ~200 MB).
constexpr std::size_t kMaxNodes = 4'000'000;

struct Node {
  Board::Point move = Board::kNoPoint;  // kNoPoint = pass
  Colour mover = Colour::Empty;         // who played `move`
  std::uint32_t first_child = 0;
  std::uint32_t num_children = 0;
  std::uint32_t visits = 0;
  std::uint32_t rave_visits = 0;
  double wins = 0;  // from the mover's point of view
  double rave_wins = 0;
};

class Tree {
 public:
  Tree(const Board& root, Colour to_move, int passes_before, double komi, const Params& params,
       Rng& rng)
      : root_(root),
        to_move_(to_move),
        passes_before_(passes_before),
        komi_(komi),
        params_(params),
        rng_(rng),
        board_(root.size()) {
    nodes_.reserve(1024);
    nodes_.push_back(Node{Board::kNoPoint, go::opponent(to_move), 0, 0, 0, 0, 0, 0});
    expand_root();
    record_.reserve(
        static_cast<std::size_t>(kMaxPlayoutMovesFactor * root.size() * root.size() + 64));
  }

  void simulate();
  std::size_t size() const { return nodes_.size(); }
  const Node& root() const { return nodes_[0]; }
  const Node& node(std::uint32_t i) const { return nodes_[i]; }

 private:
  void expand_root();
  void expand(std::uint32_t n, Colour to_move);
  std::uint32_t select(std::uint32_t n) const;
  void update_rave(std::size_t depth_count);

  const Board& root_;
  Colour to_move_;
  int passes_before_;
  double komi_;
  const Params& params_;
  Rng& rng_;
  Board board_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> path_;
  std::vector<MoveRecord> record_;
  // First colour to play each point in the current suffix of the simulation (for RAVE).
  std::array<Colour, Board::kMaxPoints> first_colour_{};
  std::array<std::uint32_t, Board::kMaxPoints> first_stamp_{};
  std::uint32_t stamp_ = 0;
  double reward_black_ = 0;
};

void Tree::expand_root() {
  const std::vector<Board::Point> moves = root_candidates(root_, to_move_);
  nodes_[0].first_child = static_cast<std::uint32_t>(nodes_.size());
  for (Board::Point p : moves) nodes_.push_back(Node{p, to_move_, 0, 0, 0, 0, 0, 0});
  if (moves.empty()) nodes_.push_back(Node{Board::kNoPoint, to_move_, 0, 0, 0, 0, 0, 0});
  nodes_[0].num_children = static_cast<std::uint32_t>(nodes_.size()) - nodes_[0].first_child;
}

void Tree::expand(std::uint32_t n, Colour to_move) {
  const auto first = static_cast<std::uint32_t>(nodes_.size());
  for (int i = 0; i < board_.empty_count(); ++i) {
    const Board::Point p = board_.empty_point(i);
    if (!board_.is_one_point_eye(to_move, p) && board_.is_legal_fast(to_move, p))
      nodes_.push_back(Node{p, to_move, 0, 0, 0, 0, 0, 0});
  }
  // The reference rules pass only when no other move is available.
  if (nodes_.size() == first) nodes_.push_back(Node{Board::kNoPoint, to_move, 0, 0, 0, 0, 0, 0});
  nodes_[n].first_child = first;
  nodes_[n].num_children = static_cast<std::uint32_t>(nodes_.size()) - first;
}

std::uint32_t Tree::select(std::uint32_t n) const {
  const Node& parent = nodes_[n];
  const double log_n = std::log(std::max<double>(1.0, parent.visits));
  const bool rave = params_.rave_equiv > 0;
  double best = -1e300;
  std::uint32_t best_child = parent.first_child;
  for (std::uint32_t c = parent.first_child; c < parent.first_child + parent.num_children; ++c) {
    const Node& child = nodes_[c];
    double value = 0;
    if (child.visits == 0 && !(rave && child.rave_visits > 0)) {
      value = params_.fpu;
    } else {
      // With RAVE an unvisited child is valued by its AMAF mean and the exploration bonus of
      // one visit, so C explores it as it would a visited child.
      const double visits = std::max<double>(1.0, child.visits);
      double mean = child.visits > 0 ? child.wins / child.visits : 0.0;
      if (rave && child.rave_visits > 0) {
        // Gelly & Silver's schedule: the AMAF weight fades as real visits accumulate.
        const double beta =
            std::sqrt(params_.rave_equiv / (3.0 * child.visits + params_.rave_equiv));
        mean = (1 - beta) * mean + beta * (child.rave_wins / child.rave_visits);
      }
      value = mean + params_.uct_c * std::sqrt(log_n / visits);
    }
    if (value > best) {  // ties keep the first child: deterministic
      best = value;
      best_child = c;
    }
  }
  return best_child;
}

void Tree::simulate() {
  board_.copy_position_from(root_);
  path_.clear();
  record_.clear();
  path_.push_back(0);
  Colour to_move = to_move_;
  int passes = passes_before_;
  std::uint32_t n = 0;
  auto descend = [&](std::uint32_t child) {
    const Node& c = nodes_[child];
    if (c.move == Board::kNoPoint) {
      board_.pass_fast();
      ++passes;
    } else {
      board_.play_fast(to_move, c.move);
      passes = 0;
    }
    record_.push_back(MoveRecord{c.move, to_move});
    path_.push_back(child);
    to_move = go::opponent(to_move);
    n = child;
  };
  while (nodes_[n].num_children > 0 && passes < 2) descend(select(n));
  if (passes < 2 && nodes_[n].visits + 1 >= static_cast<std::uint32_t>(params_.expand_threshold) &&
      nodes_.size() < kMaxNodes) {
    expand(n, to_move);
    descend(select(n));
  }
  const std::size_t tree_moves = record_.size();
  const PlayoutOutcome out =
      run_playout(board_, to_move, passes, komi_, rng_, &record_, params_.weights);
  reward_black_ = black_reward(out.black_minus_white);
  for (std::uint32_t i : path_) {
    Node& node = nodes_[i];
    ++node.visits;
    node.wins += node.mover == Colour::Black ? reward_black_ : 1.0 - reward_black_;
  }
  if (params_.rave_equiv > 0) update_rave(tree_moves);
}

void Tree::update_rave(std::size_t tree_moves) {
  // Walk back from the end of the simulation so that, when a node at depth d is reached,
  // first_colour_ holds the first player of each point among moves d, d+1, ...
  ++stamp_;
  std::size_t next = record_.size();
  for (std::size_t depth = path_.size(); depth-- > 0;) {
    while (next > depth) {
      --next;
      const MoveRecord& m = record_[next];
      if (m.point == Board::kNoPoint) continue;
      const auto p = static_cast<std::size_t>(m.point);
      first_colour_[p] = m.colour;
      first_stamp_[p] = stamp_;
    }
    if (depth > tree_moves) continue;
    Node& node = nodes_[path_[depth]];
    for (std::uint32_t c = node.first_child; c < node.first_child + node.num_children; ++c) {
      Node& child = nodes_[c];
      if (child.move == Board::kNoPoint) continue;
      const auto p = static_cast<std::size_t>(child.move);
      if (first_stamp_[p] != stamp_ || first_colour_[p] != child.mover) continue;
      ++child.rave_visits;
      child.rave_wins += child.mover == Colour::Black ? reward_black_ : 1.0 - reward_black_;
    }
  }
}

}  // namespace

SearchResult uct_search(const Board& root, Colour to_move, int passes_before, double komi,
                        const Params& params, Rng& rng) {
  SearchResult result;
  Tree tree(root, to_move, passes_before, komi, params, rng);
  const Budget budget(params);
  int done = 0;
  while (!budget.exhausted(done)) {
    tree.simulate();
    ++done;
  }
  result.playouts = done;
  result.tree_nodes = static_cast<int>(tree.size());
  const Node& root_node = tree.root();
  std::uint32_t best = root_node.first_child;
  for (std::uint32_t c = root_node.first_child; c < root_node.first_child + root_node.num_children;
       ++c)
    if (tree.node(c).visits > tree.node(best).visits) best = c;
  const Node& chosen = tree.node(best);
  result.point = chosen.move;
  result.win_rate = chosen.visits > 0 ? chosen.wins / chosen.visits : 0.5;
  return result;
}

}  // namespace rm::refbot
