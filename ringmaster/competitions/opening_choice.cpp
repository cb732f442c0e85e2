#include "ringmaster/competitions/opening_choice.hpp"

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
  GameRng rng(settings_->seed ^ kOpeningStream, k);
  return list[static_cast<std::size_t>(rng.below(static_cast<int>(list.size())))];
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
