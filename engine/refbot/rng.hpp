#pragma once
#include <cstdint>

namespace rm::refbot {

// A small, fast, fully deterministic random number generator (PCG32, XSH-RR output), so a
// fixed seed gives the same moves on every platform and library version (std distributions
// do not). Cheap enough for the playouts' inner loop: one multiply-add per number.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    // splitmix64 spreads the seed so that nearby seeds give unrelated streams.
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    state_ = z ^ (z >> 31);
    next32();
  }

  std::uint32_t next32() {
    const std::uint64_t old = state_;
    state_ = old * 6364136223846793005ull + 1442695040888963407ull;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    const auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }

  std::uint64_t next() { return (static_cast<std::uint64_t>(next32()) << 32) | next32(); }

  // Uniform in [0, n) for 0 < n < 2^31 (multiply-shift; the bias is below n / 2^32).
  int below(int n) {
    return static_cast<int>(
        (static_cast<std::uint64_t>(next32()) * static_cast<std::uint64_t>(n)) >> 32);
  }

 private:
  std::uint64_t state_ = 0;
};

// Combines values into one seed (order matters).
constexpr std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace rm::refbot
