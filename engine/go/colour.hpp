#pragma once
// Stone colours and the side to move.
#include <cstdint>
#include <optional>
#include <string_view>

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

// A player's colour as Ringmaster writes it: "b" / "w" in GTP commands ("play b D4"), in
// stored results ("winner": "b") and in openings; "" for Empty (no player: no winner).
constexpr std::string_view colour_letter(Colour c) {
  switch (c) {
    case Colour::Black:
      return "b";
    case Colour::White:
      return "w";
    case Colour::Empty:
      break;
  }
  return "";
}

// The inverse of colour_letter for a player: "b" -> Black, "w" -> White, anything else
// (including "") -> nullopt. Only Ringmaster's own lower-case letters: a GTP server reads
// its own wider spellings ("black", "B").
constexpr std::optional<Colour> colour_from_letter(std::string_view text) {
  if (text == "b") return Colour::Black;
  if (text == "w") return Colour::White;
  return std::nullopt;
}

// The colour in SGF properties and results: 'B' / 'W' (B[dd], "B+R").
constexpr char sgf_letter(Colour c) {
  return c == Colour::Black ? 'B' : 'W';
}

}  // namespace rm::go
