#include "ringmaster/competitions/game_rng.hpp"

#include <chrono>
#include <stdexcept>

namespace rm::comp {
namespace {

std::seed_seq make_seed_sequence(std::uint64_t seed, std::uint64_t game_number) {
  const auto low = [](std::uint64_t v) { return static_cast<std::uint32_t>(v & 0xffffffffU); };
  const auto high = [](std::uint64_t v) { return static_cast<std::uint32_t>(v >> 32); };
  return std::seed_seq{low(seed), high(seed), low(game_number), high(game_number)};
}

}  // namespace

GameRng::GameRng(std::uint64_t seed, std::uint64_t game_number) {
  auto sequence = make_seed_sequence(seed, game_number);
  engine_.seed(sequence);
}

int GameRng::below(int bound) {
  if (bound <= 0) throw std::invalid_argument("GameRng::below: bound must be positive");
  const auto range = static_cast<std::uint64_t>(bound);
  // Rejection sampling: drop the top partial block so every value is equally likely.
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % range;
  std::uint64_t draw = engine_();
  while (draw >= limit) draw = engine_();
  return static_cast<int>(draw % range);
}

double GameRng::unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

std::uint64_t seed_from_clock() {
  std::random_device device;
  const auto ticks = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return ticks ^ (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

}  // namespace rm::comp
