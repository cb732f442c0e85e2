#include "engine/go/board.hpp"

#include <stdexcept>
#include <string>

#include "engine/go/zobrist.hpp"

namespace rm::go {

namespace {
constexpr std::uint8_t raw(Colour c) {
  return static_cast<std::uint8_t>(c);
}
// A game is a few hundred moves; reserving avoids reallocation in any ordinary game.
constexpr std::size_t kHistoryReserve = 1024;
}  // namespace

Board::Board(int size) : size_(size), stride_(size + 2), num_points_((size + 2) * (size + 2)) {
  if (size < kMinBoardSize || size > kMaxBoardSize)
    throw std::invalid_argument("board size must be between 2 and 25, not " + std::to_string(size));
  colour_.fill(kBorder);
  for (int row = 0; row < size_; ++row)
    for (int col = 0; col < size_; ++col) {
      Point p = point_of(Vertex{col, row});
      colour_[idx(p)] = raw(Colour::Empty);
      add_empty(p);
    }
  for (int row = 0; row < size_; ++row)
    for (int col = 0; col < size_; ++col) {
      Point p = point_of(Vertex{col, row});
      for (Point n : {p - 1, p + 1, p - stride_, p + stride_})
        nbr_counts_[idx(p)] += count_unit(colour_[idx(n)]);
    }
  history_.reserve(kHistoryReserve);
  record_position();
}

Colour Board::at(Vertex v) const {
  if (!on_board(v, size_)) return Colour::Empty;
  return colour_at(point_of(v));
}

int Board::stone_count(Colour c) const {
  if (c == Colour::Empty) return empty_count_;
  return stones_[raw(c)];
}

// ---- liberties ----

void Board::add_liberty(Point head, Point lib) {
  auto h = idx(head);
  auto l = static_cast<std::uint32_t>(lib);
  libs_[h] = static_cast<std::uint16_t>(libs_[h] + 1);
  lib_sum_[h] += l;
  lib_sum_sq_[h] += l * l;
}

void Board::remove_liberty(Point head, Point lib) {
  auto h = idx(head);
  auto l = static_cast<std::uint32_t>(lib);
  libs_[h] = static_cast<std::uint16_t>(libs_[h] - 1);
  lib_sum_[h] -= l;
  lib_sum_sq_[h] -= l * l;
}

// ---- legality ----

std::uint64_t Board::hash_after(Colour c, Point p) const {
  std::uint64_t h = hash_ ^ zobrist::key(c, p);
  const std::uint8_t enemy = raw(opponent(c));
  Point captured[4];
  int n_captured = 0;
  const Point nbs[4] = {p - 1, p + 1, p - stride_, p + stride_};
  for (Point n : nbs) {
    if (colour_[idx(n)] != enemy) continue;
    Point head = chain_[idx(n)];
    if (!in_atari(head)) continue;
    bool seen = false;
    for (int i = 0; i < n_captured; ++i) seen = seen || captured[i] == head;
    if (seen) continue;
    captured[n_captured++] = head;
    Point s = head;
    do {
      h ^= zobrist::key(opponent(c), s);
      s = next_stone_[idx(s)];
    } while (s != head);
  }
  return h;
}

MoveError Board::check_point(Colour c, Point p) const {
  if (colour_[idx(p)] != raw(Colour::Empty)) return MoveError::Occupied;
  if (p == ko_point_ && c == ko_colour_) return MoveError::Ko;
  if (is_suicide(c, p)) return suicide_allowed_ ? MoveError::None : MoveError::Suicide;
  if (superko_) return check_superko(c, p);
  return MoveError::None;
}

MoveError Board::check_superko(Colour c, Point p) const {
  const std::uint64_t h = hash_after(c, p);
  for (std::uint64_t seen : history_)
    if (seen == h) return MoveError::Superko;
  return MoveError::None;
}

MoveError Board::check(Colour c, Move m) const {
  if (m.is_pass()) return MoveError::None;
  if (c != Colour::Black && c != Colour::White)
    throw std::invalid_argument("a move needs a colour (Black or White)");
  if (!on_board(m.vertex(), size_)) return MoveError::OffBoard;
  return check_point(c, point_of(m.vertex()));
}

// ---- making moves ----

void Board::set_colour(Point p, std::uint8_t colour) {
  const std::uint32_t change = count_unit(colour) - count_unit(colour_[idx(p)]);  // wraps: fine
  colour_[idx(p)] = colour;
  nbr_counts_[idx(p - 1)] += change;
  nbr_counts_[idx(p + 1)] += change;
  nbr_counts_[idx(p - stride_)] += change;
  nbr_counts_[idx(p + stride_)] += change;
}

void Board::add_empty(Point p) {
  empties_[idx(empty_count_)] = static_cast<std::uint16_t>(p);
  empty_slot_[idx(p)] = static_cast<std::uint16_t>(empty_count_);
  ++empty_count_;
}

void Board::remove_empty(Point p) {
  const std::uint16_t slot = empty_slot_[idx(p)];
  const std::uint16_t last = empties_[idx(--empty_count_)];
  empties_[slot] = last;
  empty_slot_[last] = slot;
}

void Board::swap_empties(int i, int j) {
  const std::uint16_t a = empties_[idx(i)];
  const std::uint16_t b = empties_[idx(j)];
  empties_[idx(i)] = b;
  empties_[idx(j)] = a;
  empty_slot_[b] = static_cast<std::uint16_t>(i);
  empty_slot_[a] = static_cast<std::uint16_t>(j);
}

void Board::merge_chains(Point keep, Point absorbed) {
  auto k = idx(keep);
  auto a = idx(absorbed);
  Point s = absorbed;
  do {
    chain_[idx(s)] = static_cast<std::uint16_t>(keep);
    s = next_stone_[idx(s)];
  } while (s != absorbed);
  // Splice the two circular lists.
  std::uint16_t tmp = next_stone_[k];
  next_stone_[k] = next_stone_[a];
  next_stone_[a] = tmp;
  chain_size_[k] = static_cast<std::uint16_t>(chain_size_[k] + chain_size_[a]);
  libs_[k] = static_cast<std::uint16_t>(libs_[k] + libs_[a]);
  lib_sum_[k] += lib_sum_[a];
  lib_sum_sq_[k] += lib_sum_sq_[a];
}

int Board::capture_chain(Point head) {
  const Colour dead = colour_at(head);
  const std::uint8_t capturer = raw(opponent(dead));
  const int count = chain_size_[idx(head)];
  Point s = head;
  do {
    Point next = next_stone_[idx(s)];
    set_colour(s, raw(Colour::Empty));
    add_empty(s);
    hash_ ^= zobrist::key(dead, s);
    // Each adjacent enemy stone gains the emptied point as a pseudo-liberty.
    const Point nbs[4] = {s - 1, s + 1, s - stride_, s + stride_};
    for (Point n : nbs)
      if (colour_[idx(n)] == capturer) add_liberty(chain_[idx(n)], s);
    s = next;
  } while (s != head);
  stones_[raw(dead)] -= count;
  return count;
}

void Board::place_stone(Colour c, Point p) {
  const auto pi = idx(p);
  const std::uint8_t own = raw(c);
  set_colour(p, own);
  remove_empty(p);
  hash_ ^= zobrist::key(c, p);
  ++stones_[own];
  chain_[pi] = static_cast<std::uint16_t>(p);
  next_stone_[pi] = static_cast<std::uint16_t>(p);
  chain_size_[pi] = 1;
  libs_[pi] = 0;
  lib_sum_[pi] = 0;
  lib_sum_sq_[pi] = 0;
  // Each neighbour: an empty one is a liberty of the new stone, a stone loses liberty p.
  auto touch = [&](Point n) {
    const std::uint8_t nc = colour_[idx(n)];
    if (nc == raw(Colour::Empty))
      add_liberty(p, n);
    else if (nc != kBorder)
      remove_liberty(chain_[idx(n)], p);
  };
  touch(p - 1);
  touch(p + 1);
  touch(p - stride_);
  touch(p + stride_);
  // Most moves touch no friendly stone: skip the merges then.
  if (neighbours_of(p, own) == 0) return;
  auto join = [&](Point n) {
    if (colour_[idx(n)] != own) return;
    const Point mine = chain_[pi];
    const Point theirs = chain_[idx(n)];
    if (mine == theirs) return;
    // Relabel the smaller chain.
    if (chain_size_[idx(mine)] >= chain_size_[idx(theirs)])
      merge_chains(mine, theirs);
    else
      merge_chains(theirs, mine);
  };
  join(p - 1);
  join(p + 1);
  join(p - stride_);
  join(p + stride_);
}

void Board::play_fast(Colour c, Point p) {
  place_stone(c, p);
  const std::uint8_t enemy = raw(opponent(c));
  int captured = 0;
  Point last_captured = kNoPoint;
  if (neighbours_of(p, enemy) > 0) {
    auto take = [&](Point n) {
      if (colour_[idx(n)] == enemy && libs_[chain_[idx(n)]] == 0) {
        captured += capture_chain(chain_[idx(n)]);
        last_captured = n;
      }
    };
    take(p - 1);
    take(p + 1);
    take(p - stride_);
    take(p + stride_);
  }
  // Simple ko: a lone stone that captured exactly one stone and now has exactly one liberty
  // (the point it captured) may be taken back at once only after another move.
  const auto head = idx(chain_[idx(p)]);
  if (captured == 1 && chain_size_[head] == 1 && libs_[head] == 1) {
    ko_point_ = last_captured;
    ko_colour_ = opponent(c);
  } else {
    ko_point_ = kNoPoint;
    ko_colour_ = Colour::Empty;
  }
}

void Board::record_position() {
  history_.push_back(hash_);
}

MoveError Board::play(Colour c, Move m) {
  MoveError e = check(c, m);
  if (e != MoveError::None) return e;
  if (m.is_pass()) {
    // The position is unchanged, so nothing new for superko; the ko restriction lapses.
    pass_fast();
    return MoveError::None;
  }
  const Point p = point_of(m.vertex());
  play_fast(c, p);
  if (suicide_allowed_ && libs_[idx(chain_[idx(p)])] == 0) {
    // A suicide (it captured nothing, or its chain would have a liberty): the chain goes.
    capture_chain(chain_[idx(p)]);
    ko_point_ = kNoPoint;
    ko_colour_ = Colour::Empty;
  }
  record_position();
  return MoveError::None;
}

void Board::place_handicap_stone(Vertex v) {
  if (!on_board(v, size_)) throw std::invalid_argument("handicap stone off the board");
  const Point p = point_of(v);
  if (colour_[idx(p)] != raw(Colour::Empty))
    throw std::invalid_argument("handicap stone on an occupied point");
  if (is_suicide(Colour::Black, p)) throw std::invalid_argument("handicap stone without liberty");
  play_fast(Colour::Black, p);
  pass_fast();
  record_position();
}

void Board::copy_position_from(const Board& other) {
  size_ = other.size_;
  stride_ = other.stride_;
  num_points_ = other.num_points_;
  superko_ = other.superko_;
  ko_point_ = other.ko_point_;
  ko_colour_ = other.ko_colour_;
  hash_ = other.hash_;
  for (int i = 0; i < 3; ++i) stones_[i] = other.stones_[i];
  empty_count_ = other.empty_count_;
  const auto n = idx(num_points_);
  auto copy_prefix = [n](auto& to, const auto& from) {
    std::copy(from.begin(), from.begin() + static_cast<std::ptrdiff_t>(n), to.begin());
  };
  copy_prefix(colour_, other.colour_);
  copy_prefix(nbr_counts_, other.nbr_counts_);
  copy_prefix(chain_, other.chain_);
  copy_prefix(next_stone_, other.next_stone_);
  copy_prefix(chain_size_, other.chain_size_);
  copy_prefix(libs_, other.libs_);
  copy_prefix(lib_sum_, other.lib_sum_);
  copy_prefix(lib_sum_sq_, other.lib_sum_sq_);
  copy_prefix(empty_slot_, other.empty_slot_);
  std::copy(other.empties_.begin(), other.empties_.begin() + empty_count_, empties_.begin());
  history_.clear();
}

}  // namespace rm::go
