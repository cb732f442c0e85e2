#include "ringmaster/competitions/ce_tuner/ce_tuner_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "scales/python_format.hpp"

namespace rm::comp {

CeRng::CeRng(std::uint64_t seed, std::uint32_t purpose, std::uint32_t a, std::uint32_t b,
             std::uint32_t c) {
  std::seed_seq sequence{static_cast<std::uint32_t>(seed & 0xffffffffU),
                         static_cast<std::uint32_t>(seed >> 32),
                         purpose,
                         a,
                         b,
                         c};
  engine_.seed(sequence);
}

double CeRng::uniform() {
  return static_cast<double>(engine_() >> 11) * 0x1.0p-53;
}

double CeRng::standard_normal() {
  if (have_spare_) {
    have_spare_ = false;
    return spare_;
  }
  // 1 - uniform() is in (0, 1], so the logarithm is finite.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform()));
  const double angle = 2.0 * M_PI * uniform();
  spare_ = radius * std::sin(angle);
  have_spare_ = true;
  return radius * std::cos(angle);
}

bool CeRng::coin() {
  return (engine_() >> 63) != 0;
}

std::vector<std::vector<double>> draw_samples(const std::vector<Gaussian>& distribution, int count,
                                              std::uint64_t seed, int generation) {
  CeRng rng(seed, kSamplesPurpose, static_cast<std::uint32_t>(generation));
  std::vector<std::vector<double>> samples;
  samples.reserve(static_cast<std::size_t>(std::max(0, count)));
  for (int i = 0; i < count; ++i) {
    std::vector<double> sample;
    for (const auto& g : distribution)
      sample.push_back(g.mean + std::sqrt(std::max(0.0, g.variance)) * rng.standard_normal());
    samples.push_back(std::move(sample));
  }
  return samples;
}

bool random_colour_is_black(std::uint64_t seed, int generation, int sample, int round) {
  CeRng rng(seed, kColourPurpose, static_cast<std::uint32_t>(generation),
            static_cast<std::uint32_t>(sample), static_cast<std::uint32_t>(round));
  return rng.coin();
}

int elite_count(double elite_proportion, int samples) {
  // Python's int() truncates toward zero; the argument is positive here.
  return std::max(1, static_cast<int>(elite_proportion * samples + 0.5));
}

std::vector<int> rank_samples(const std::vector<double>& wins) {
  std::vector<int> order(wins.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double wa = wins[static_cast<std::size_t>(a)];
    const double wb = wins[static_cast<std::size_t>(b)];
    return wa != wb ? wa > wb : a > b;
  });
  return order;
}

std::vector<Gaussian> update_distribution(const std::vector<Gaussian>& old,
                                          const std::vector<std::vector<double>>& elites,
                                          double step_size) {
  if (elites.empty()) throw std::invalid_argument("update_distribution: no elites");
  const double n = static_cast<double>(elites.size());
  std::vector<Gaussian> updated;
  for (std::size_t d = 0; d < old.size(); ++d) {
    // Summed in elite order, as Python's sum() does, so the figures match gomill's.
    double sum = 0.0;
    double sum_of_squares = 0.0;
    for (const auto& e : elites) {
      sum += e.at(d);
      sum_of_squares += e.at(d) * e.at(d);
    }
    const double elite_mean = sum / n;
    const double elite_variance = sum_of_squares / n - elite_mean * elite_mean;
    updated.push_back({elite_mean * step_size + old[d].mean * (1.0 - step_size),
                       elite_variance * step_size + old[d].variance * (1.0 - step_size)});
  }
  return updated;
}

std::string format_gaussians(const std::vector<Gaussian>& distribution) {
  std::string text;
  for (const auto& g : distribution) {
    // python_format: Python's own %f, including its switch to %g for huge values.
    text += (text.empty() ? "" : " ") + rm::scales::python_format("%5.2f", g.mean) + "~" +
            rm::scales::python_format("%4.2f", g.variance);
  }
  return text;
}

}  // namespace rm::comp
