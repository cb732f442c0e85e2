#pragma once
// Which colour a tuner's candidate plays (mc_tuner and ce_tuner's candidate_colour).
namespace rm::control {

enum class CandidateColour { Black, White, Random };

}  // namespace rm::control
