#pragma once
// A move: a pass or a stone at a vertex.
#include "engine/go/vertex.hpp"

namespace rm::go {

class Move {
 public:
  static constexpr Move pass() { return Move(true, Vertex{}); }
  static constexpr Move at(Vertex v) { return Move(false, v); }
  constexpr bool is_pass() const { return pass_; }
  // Meaningless for a pass (returns {0, 0}).
  constexpr Vertex vertex() const { return vertex_; }
  friend constexpr bool operator==(const Move& a, const Move& b) {
    return a.pass_ == b.pass_ && (a.pass_ || a.vertex_ == b.vertex_);
  }

 private:
  constexpr Move(bool is_pass_move, Vertex v) : pass_(is_pass_move), vertex_(v) {}
  bool pass_;
  Vertex vertex_;
};

}  // namespace rm::go
