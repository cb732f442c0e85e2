// The arithmetic of gomill's cross-entropy tuner (gomill/cem_tuners.py): a Gaussian per
// dimension, seeded sampling, elite selection and the distribution update. No I/O, no games.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace rm::comp {

struct Gaussian {
  double mean = 0.0;
  double variance = 0.0;
};

// A portable random stream for the ce_tuner, seeded from the event seed and a few words naming
// what is drawn (so each draw depends on its own coordinates only, not on what an earlier run
// drew). mt19937_64 and our own conversions: identical on every platform and standard library
// (std::normal_distribution is not specified exactly).
class CeRng {
 public:
  CeRng(std::uint64_t seed, std::uint32_t purpose, std::uint32_t a, std::uint32_t b = 0,
        std::uint32_t c = 0);
  double uniform();          // in [0, 1), 53 random bits
  double standard_normal();  // Box-Muller; the second value of each pair is kept for the next call
  bool coin();               // one fair bit

 private:
  std::mt19937_64 engine_;
  bool have_spare_ = false;
  double spare_ = 0.0;
};

// What a CeRng is seeded for (kept apart so two purposes never share a stream).
enum CeRngPurpose : std::uint32_t { kSamplesPurpose = 0x63655301, kColourPurpose = 0x63654302 };

// `count` samples of generation `generation`: sample i, dimension d is
// mean_d + sqrt(variance_d) * N(0,1), drawn in the order i = 0.., d = 0.. (gomill's get_sample).
// A variance that rounding has left a hair below zero counts as 0.
std::vector<std::vector<double>> draw_samples(const std::vector<Gaussian>& distribution, int count,
                                              std::uint64_t seed, int generation);

// Whether the candidate plays Black in a random-colour game, from (seed, generation, sample,
// round).
bool random_colour_is_black(std::uint64_t seed, int generation, int sample, int round);

// gomill: max(1, int(elite_proportion * samples + 0.5)).
int elite_count(double elite_proportion, int samples);

// Sample indices best first: by (wins, index) descending, as Python's sort(reverse=True) of
// (wins, index) pairs (so on equal wins the higher index comes first).
std::vector<int> rank_samples(const std::vector<double>& wins);

// gomill's update_distribution: per dimension, with m and v the elites' mean and population
// variance (sum(x^2)/n - mean^2), new mean = step*m + (1-step)*old mean and new variance =
// step*v + (1-step)*old variance. `elites` is non-empty.
std::vector<Gaussian> update_distribution(const std::vector<Gaussian>& old,
                                          const std::vector<std::vector<double>>& elites,
                                          double step_size);

// gomill's Distribution.format(): "%5.2f~%4.2f" per dimension (mean~variance), joined by " ".
std::string format_gaussians(const std::vector<Gaussian>& distribution);

}  // namespace rm::comp
