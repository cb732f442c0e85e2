#include "ringmaster/competitions/opening_choice.hpp"

#include <numeric>
#include <utility>
#include <vector>

#include "ringmaster/competitions/game_rng.hpp"

namespace rm::comp {

namespace {
// Keeps the opening draws apart from the other uses of a seed (GameRng(seed, n)).
constexpr std::uint64_t kOpeningStream = 0x6f70656e696e6773ULL;  // "openings"
constexpr std::uint64_t kPairColourStream = 0x70616972636f6c6fULL;
}  // namespace

OpeningChoice::OpeningChoice(const std::optional<rm::control::OpeningsSettings>& settings)
    : settings_(settings) {}

const rm::game::Opening& OpeningChoice::opening_for(std::uint64_t game_number) const {
  const auto& list = settings_->openings;
  const std::uint64_t k = settings_->pairs ? game_number / 2 : game_number;
  if (settings_->order == rm::control::OpeningOrder::Sequential) return list[k % list.size()];
  return list[shuffled_index(list.size(), settings_->seed, k)];
}

// Random order without replacement: the k-th opening is at position k mod N of cycle k / N's
// permutation, a Fisher-Yates shuffle seeded by (seed, cycle). Only the first steps up to that
// position are needed, and they depend on (seed, cycle) alone.
std::size_t OpeningChoice::shuffled_index(std::size_t n, std::uint64_t seed, std::uint64_t k) {
  const std::uint64_t cycle = k / n;
  const std::size_t position = static_cast<std::size_t>(k % n);
  GameRng rng(seed ^ kOpeningStream, cycle);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  for (std::size_t i = 0; i <= position; ++i) {
    const auto j = i + static_cast<std::size_t>(rng.below(static_cast<int>(n - i)));
    std::swap(order[i], order[j]);
  }
  return order[position];
}

bool OpeningChoice::candidate_is_black(rm::control::CandidateColour colour, std::uint64_t seed,
                                       std::uint64_t game_number) const {
  bool first_black = colour == rm::control::CandidateColour::Black;
  if (colour == rm::control::CandidateColour::Random) {
    GameRng rng(seed ^ kPairColourStream, game_number / 2);
    first_black = rng.below(2) == 0;
  }
  return is_swapped(game_number) ? !first_black : first_black;
}

void OpeningChoice::apply(rm::game::GameJob& job, std::uint64_t game_number) const {
  if (!settings_) return;
  job.opening = opening_for(game_number);
}

}  // namespace rm::comp
