#pragma once
// Zobrist keys: one random 64-bit key per (colour, bordered point), fixed at compile time so
// hashes are the same in every process (the referee and the engine can compare them).
#include <array>
#include <cstdint>

#include "engine/go/board.hpp"

namespace rm::go::zobrist {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
constexpr std::array<std::array<std::uint64_t, Board::kMaxPoints>, 3> make_keys() {
  std::array<std::array<std::uint64_t, Board::kMaxPoints>, 3> keys{};
  std::uint64_t state = 0x52696E676D617374ull;  // "Ringmast"
  for (auto& row : keys)
    for (auto& key : row) key = splitmix64(state);
  return keys;
}
}  // namespace detail

inline constexpr auto kKeys = detail::make_keys();

// Key of a stone of colour c (Black or White) at point p.
inline std::uint64_t key(Colour c, int p) {
  return kKeys[static_cast<std::size_t>(c)][static_cast<std::size_t>(p)];
}

}  // namespace rm::go::zobrist
