#include "ringmaster/simulation/own_runs.hpp"

#include <atomic>
#include <exception>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "ringmaster/competitions/spsa_tuner/splitmix.hpp"
#include "ringmaster/simulation/parameter_axes.hpp"

namespace rm::simulation {
namespace {

using rm::comp::spsa::splitmix;

// Independent streams for each run: its surface, the tuner's seed, the game outcomes.
std::uint64_t stream(std::uint64_t seed, int run, std::uint64_t which) {
  return splitmix(splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(run) * 3 + which));
}

OwnRunRecord one_run(const rm::control::ControlFile& base, const std::vector<ParameterAxis>& axes,
                     const OwnRunsSpec& spec, int run) {
  rm::control::ControlFile control = base;
  const std::filesystem::path dir =
      std::filesystem::path(spec.scratch_directory) / ("run-" + std::to_string(run));
  std::filesystem::create_directories(dir);
  control.directory = dir.string();
  control.tuner()->seed = stream(spec.seed, run, 1);
  const TrueSurface surface =
      draw_surface(axes, spec.truth.axes, stream(spec.seed, run, 0), spec.shape, spec.rotated);
  OwnRunRecord record{surface.optimum_values(), surface.elo_at_half_range(), {}};
  {
    auto competition = rm::comp::make_competition(control);
    record.result = simulate_own_run(*competition, surface, spec.truth.opponent_elo,
                                     stream(spec.seed, run, 2), nullptr, spec.in_flight);
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
  return record;
}

}  // namespace

std::vector<OwnRunRecord> simulate_own_runs(const rm::control::ControlFile& control,
                                            const OwnRunsSpec& spec) {
  rm::control::ControlFile base = control;
  const auto axes = parameter_axes(base);
  if (spec.truth.axes.size() != axes.size())
    throw std::logic_error("truth for another control file");
  if (spec.truth.opponent_elo != 0.0 && base.tuner()->opponent.empty())
    throw std::invalid_argument("--truth: opponent: " + base.code +
                                " plays head to head, without an opponent");
  base.tuner()->validation = {};  // its games are not the tuner's: the runs measure the tuning
  if (!rm::comp::make_competition(base)->games_remaining())
    throw std::invalid_argument(base.code +
                                ": no number of games: a simulated run plays the file's own");
  std::vector<OwnRunRecord> records(static_cast<std::size_t>(spec.runs));
  std::atomic<int> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  const auto work = [&] {
    for (int run = next++; run < spec.runs; run = next++) {
      try {
        records[static_cast<std::size_t>(run)] = one_run(base, axes, spec, run);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = spec.runs;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int i = 1; i < std::min(spec.threads, spec.runs); ++i) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  return records;
}

}  // namespace rm::simulation
