#pragma once
// Stone colours and the side to move.
#include <cstdint>

namespace rm::go {

enum class Colour : std::uint8_t { Empty = 0, Black = 1, White = 2 };

// Black <-> White; Empty stays Empty.
constexpr Colour opponent(Colour c) {
  switch (c) {
    case Colour::Black:
      return Colour::White;
    case Colour::White:
      return Colour::Black;
    case Colour::Empty:
      break;
  }
  return Colour::Empty;
}

}  // namespace rm::go
