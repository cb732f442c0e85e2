#include "ringmaster/competitions/game_rng.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>
#include <vector>

namespace rm::comp {
namespace {

// std::seed_seq{low(seed), high(seed), low(game), high(game)} as the standard specifies it
// ([rand.util.seedseq]), without its index arithmetic modulo the output length: libstdc++'s
// takes several integer divisions per word, and seeding the 624 words of a Mersenne twister
// that way was a tenth of a simulated game's cost. The words are the same (a test compares
// them with std::seed_seq's), so every choice stays as it was.
class GameSeedSequence {
 public:
  using result_type = std::uint_least32_t;

  GameSeedSequence(std::uint64_t seed, std::uint64_t game_number)
      : v_{low(seed), high(seed), low(game_number), high(game_number)} {}

  template <typename It>
  void generate(It begin, It end) const {
    const std::size_t n = static_cast<std::size_t>(end - begin);
    if (n == 0) return;
    // Each word is taken mod 2^32, as the standard's T(x) and additions are.
    std::vector<std::uint32_t> b(n, 0x8b8b8b8bU);
    const std::size_t s = v_.size();
    const std::size_t t = n >= 623 ? 11 : n >= 68 ? 7 : n >= 39 ? 5 : n >= 7 ? 3 : (n - 1) / 2;
    const std::size_t p = (n - t) / 2;
    const std::size_t q = p + t;
    const std::size_t m = std::max(s + 1, n);
    const auto mix = [](std::uint32_t x) { return x ^ (x >> 27); };
    // k % n, (k + p) % n, (k + q) % n and (k - 1) % n, advanced together.
    std::size_t at = 0, at_p = p % n, at_q = q % n, before = n - 1;
    const auto advance = [&] {
      at = at + 1 == n ? 0 : at + 1;
      at_p = at_p + 1 == n ? 0 : at_p + 1;
      at_q = at_q + 1 == n ? 0 : at_q + 1;
      before = before + 1 == n ? 0 : before + 1;
    };
    for (std::size_t k = 0; k < m; ++k, advance()) {
      const std::uint32_t r1 = 1664525U * mix(b[at] ^ b[at_p] ^ b[before]);
      std::uint32_t r2 = r1;
      if (k == 0)
        r2 += static_cast<std::uint32_t>(s);
      else if (k <= s)
        r2 += static_cast<std::uint32_t>(at) + v_[k - 1];
      else
        r2 += static_cast<std::uint32_t>(at);
      b[at_p] += r1;
      b[at_q] += r2;
      b[at] = r2;
    }
    for (std::size_t k = m; k < m + n; ++k, advance()) {
      const std::uint32_t r3 = 1566083941U * mix(b[at] + b[at_p] + b[before]);
      const std::uint32_t r4 = r3 - static_cast<std::uint32_t>(at);
      b[at_p] ^= r3;
      b[at_q] ^= r4;
      b[at] = r4;
    }
    std::copy(b.begin(), b.end(), begin);
  }

 private:
  static std::uint32_t low(std::uint64_t v) { return static_cast<std::uint32_t>(v & 0xffffffffU); }
  static std::uint32_t high(std::uint64_t v) { return static_cast<std::uint32_t>(v >> 32); }
  std::array<std::uint32_t, 4> v_;
};

}  // namespace

GameRng::GameRng(std::uint64_t seed, std::uint64_t game_number) {
  GameSeedSequence sequence(seed, game_number);
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

double GameRng::unit() {
  return static_cast<double>(engine_() >> 11) * 0x1.0p-53;
}

std::uint64_t seed_from_clock() {
  std::random_device device;
  const auto ticks =
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return ticks ^ (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

}  // namespace rm::comp
