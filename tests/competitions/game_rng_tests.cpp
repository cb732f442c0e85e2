// GameRng seeds its Mersenne twister with its own implementation of the standard seed sequence
// (game_rng.cpp, for speed); every stored choice and simulation figure assumes it is the same
// as std::seed_seq's. These compare the draws with a twister seeded by std::seed_seq.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "ringmaster/competitions/game_rng.hpp"

using rm::comp::GameRng;

namespace {

std::mt19937_64 reference_engine(std::uint64_t seed, std::uint64_t game) {
  const auto low = [](std::uint64_t v) { return static_cast<std::uint32_t>(v & 0xffffffffU); };
  const auto high = [](std::uint64_t v) { return static_cast<std::uint32_t>(v >> 32); };
  std::seed_seq sequence{low(seed), high(seed), low(game), high(game)};
  return std::mt19937_64(sequence);
}

}  // namespace

TEST_CASE("GameRng draws what a twister seeded by std::seed_seq draws", "[game_rng]") {
  const std::vector<std::uint64_t> seeds{
      0, 1, 5, 0xffffffffULL, 0x123456789abcdef0ULL, ~std::uint64_t{0}};
  const std::vector<std::uint64_t> games{
      0, 1, 17, 1000003, std::uint64_t{1} << 40, ~std::uint64_t{0}};
  for (const auto seed : seeds)
    for (const auto game : games) {
      GameRng rng(seed, game);
      auto reference = reference_engine(seed, game);
      for (int i = 0; i < 700; ++i) {  // past the first twist of the 312-word state
        const double expected = static_cast<double>(reference() >> 11) * 0x1.0p-53;
        REQUIRE(rng.unit() == expected);
      }
    }
}

TEST_CASE("GameRng::below draws by rejection from the same stream", "[game_rng]") {
  GameRng rng(9, 4);
  auto reference = reference_engine(9, 4);
  for (int i = 0; i < 200; ++i) {
    const int bound = 1 + i * 7;
    const auto range = static_cast<std::uint64_t>(bound);
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % range;
    std::uint64_t draw = reference();
    while (draw >= limit) draw = reference();
    REQUIRE(rng.below(bound) == static_cast<int>(draw % range));
  }
}
