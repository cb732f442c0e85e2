// CeTuner's reports in gomill's formats (gomill/cem_tuners.py), plus our table of the current
// samples with confidence intervals; the generation summaries for the history file; the JSON
// report (schema: docs/ce-tuner.md).
#include <cstdio>

#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/report_numbers.hpp"
#include "ringmaster/competitions/tuner_report_header.hpp"
#include "ringmaster/stats/wilson.hpp"
#include "scales/python_format.hpp"

namespace rm::comp {
namespace {

// Python 2's value of a sample's wins: an int until a half point makes it a float.
rm::scales::Value python_wins(int wins, int no_winner) {
  if (no_winner == 0) return static_cast<long long>(wins);
  return wins + 0.5 * no_winner;
}

// The 95% Wilson interval of the win rate. rm::stats counts whole successes; with half points
// the interval runs from the lower bound for the half points rounded down to the upper bound
// for them rounded up (a little wider than it need be, never narrower).
std::optional<rm::stats::Interval> win_interval(int games, int wins, int no_winner) {
  const auto low = rm::stats::wilson_interval(wins + no_winner / 2, games);
  const auto high = rm::stats::wilson_interval(wins + (no_winner + 1) / 2, games);
  if (!low || !high) return std::nullopt;
  return rm::stats::Interval{low->lower, high->upper};
}

// Samples listed by the live display (the reports list them all).
constexpr std::size_t kSamplesOnScreen = 20;

nlohmann::json nullable(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json();
}

}  // namespace

std::string CeTuner::format_distribution(const std::vector<Gaussian>& distribution) const {
  std::vector<double> means;
  for (const auto& g : distribution) means.push_back(g.mean);
  return format_parameters(means) + "\n" + format_gaussians(distribution);
}

std::vector<std::string> CeTuner::generation_lines(const CeGenerationRecord& record) const {
  // gomill's finish_generation: four log_history calls, the middle two multi-line.
  std::vector<std::string> lines{"Generation " + std::to_string(record.generation), "Distribution"};
  std::vector<double> means;
  for (const auto& g : record.distribution) means.push_back(g.mean);
  lines.push_back(format_parameters(means));
  lines.push_back(format_gaussians(record.distribution));
  for (std::size_t i = 0; i < record.ranking.size(); ++i) {
    const auto index = static_cast<std::size_t>(record.ranking[i]);
    lines.push_back(
        candidate_code(record.generation, record.ranking[i]) +
        (static_cast<int>(i) < record.elite_count ? "*" : " ") + " " +
        format_parameters(record.samples[index]) + " " +
        rm::scales::python_format("%3d", python_wins(record.wins[index], record.no_winner[index])));
  }
  lines.emplace_back();
  return lines;
}

std::vector<std::string> CeTuner::periodic_history_lines() const {
  if (!generation_just_finished_ || history_.empty()) return {};
  return generation_lines(history_.back());
}

std::string CeTuner::static_description() const {
  return tuner_report_header("CEM", cf_);
}

std::string CeTuner::main_report() const {
  // gomill's write_screen_report.
  std::string wins = "[";
  for (std::size_t i = 0; i < samples_.size(); ++i)
    wins += (i == 0 ? "" : ", ") +
            rm::scales::python_repr(python_wins(samples_[i].wins, samples_[i].no_winner));
  wins += "]";
  std::string text = "generation " + std::to_string(generation_) + "\n\n";
  text += "wins from current samples:\n" + wins + "\n\n";
  text += tuning_finished() ? "final distribution:\n"
                            : "distribution for generation " + std::to_string(generation_) + ":\n";
  text += format_distribution(distribution_) + "\n";
  return text;
}

std::string CeTuner::samples_report(std::size_t limit) const {
  // Our addition: each sample's games, wins and the 95% Wilson interval of its win rate.
  if (samples_.empty()) return "";
  std::string text = "\nsamples of generation " + std::to_string(samples_generation_) + " (" +
                     std::to_string(settings_.batch_size) +
                     " games each; games played, wins, 95% interval of the win rate):\n";
  for (std::size_t i = 0; i < samples_.size() && i < limit; ++i) {
    const CeSample& s = samples_[i];
    char numbers[64];
    std::snprintf(numbers, sizeof numbers, " %3d %5s", s.games,
                  rm::scales::python_str(python_wins(s.wins, s.no_winner)).c_str());
    text += pad_right(candidate_code(samples_generation_, static_cast<int>(i)), 8) + " " +
            pad_right(format_parameters(s.optimiser_values), 40) + numbers;
    if (const auto ci = win_interval(s.games, s.wins, s.no_winner))
      text += "  [" + fixed(ci->lower, 3) + ", " + fixed(ci->upper, 3) + "]";
    text += "\n";
  }
  if (samples_.size() > limit)
    text += "... and " + std::to_string(samples_.size() - limit) + " more (see the report)\n";
  return text;
}

// gomill: write_full_report = write_short_report = static description + screen report.
// gomill's short report, then (ours) the statistics of all games as candidates v opponent.
std::string CeTuner::tuner_short_report() const {
  const std::string pool = pool_stats_.report();
  return static_description() + main_report() + samples_report() +
         (pool.empty() ? "" : "\n" + pool);
}

std::string CeTuner::tuner_screen_report(
    const std::vector<std::string>& game_ids_in_progress) const {
  (void)game_ids_in_progress;  // the display lists the games in progress itself
  // A long table would push the results off the screen; the reports list every sample.
  return main_report() + samples_report(kSamplesOnScreen);
}

nlohmann::json CeTuner::tuner_json_report() const {
  const auto gaussians = [this](const std::vector<Gaussian>& distribution) {
    nlohmann::json j = nlohmann::json::array();
    for (std::size_t d = 0; d < distribution.size(); ++d)
      j.push_back({{"code", engine_parameters_[d].code},
                   {"mean", distribution[d].mean},
                   {"variance", distribution[d].variance}});
    return j;
  };
  const auto sample_json = [this](int generation, int index, const std::vector<double>& x,
                                  int games, int wins, int no_winner) {
    nlohmann::json engine = nlohmann::json::array();
    for (std::size_t d = 0; d < x.size() && d < engine_parameters_.size(); ++d) {
      try {
        engine.push_back(rm::scales::value_to_json(engine_parameters_[d].scale->at(x[d])));
      } catch (const rm::scales::ScaleError&) {
        engine.push_back(nullptr);
      }
    }
    const auto ci = win_interval(games, wins, no_winner);
    const double score = wins + 0.5 * no_winner;
    return nlohmann::json{
        {"candidate", candidate_code(generation, index)},
        {"index", index},
        {"optimiser_values", x},
        {"engine_values", engine},
        {"parameters", format_parameters(x)},
        {"games", games},
        {"wins", wins},
        {"no_winner", no_winner},
        {"score", score},
        {"win_rate", games > 0 ? nlohmann::json(score / games) : nlohmann::json()},
        {"ci95_low", nullable(ci ? std::optional<double>(ci->lower) : std::nullopt)},
        {"ci95_high", nullable(ci ? std::optional<double>(ci->upper) : std::nullopt)}};
  };

  int games_played = 0;
  nlohmann::json generations = nlohmann::json::array();
  for (const auto& r : history_) {
    nlohmann::json samples = nlohmann::json::array();
    for (std::size_t rank = 0; rank < r.ranking.size(); ++rank) {
      const int index = r.ranking[rank];
      const auto i = static_cast<std::size_t>(index);
      auto s =
          sample_json(r.generation, index, r.samples[i], r.games[i], r.wins[i], r.no_winner[i]);
      s["rank"] = rank;
      s["elite"] = static_cast<int>(rank) < r.elite_count;
      samples.push_back(std::move(s));
      games_played += r.games[i];
    }
    generations.push_back({{"generation", r.generation},
                           {"distribution", gaussians(r.distribution)},
                           {"elite_count", r.elite_count},
                           {"samples", samples}});
  }
  // The samples in place are those of an unfinished generation, or (once finished) the last
  // generation's, already counted above.
  nlohmann::json current = nlohmann::json::array();
  const bool current_counts = samples_generation_ == generation_;
  for (std::size_t i = 0; i < samples_.size(); ++i) {
    const auto& s = samples_[i];
    current.push_back(sample_json(samples_generation_, static_cast<int>(i), s.optimiser_values,
                                  s.games, s.wins, s.no_winner));
    if (current_counts) games_played += s.games;
  }
  std::vector<double> means;
  for (const auto& g : distribution_) means.push_back(g.mean);
  nlohmann::json report = tuner_json_report_header("ce_tuner", cf_, games_played,
                                                   settings_.opponent, opponent_description_);
  report.update({{"games_remaining", *games_remaining()},
                 {"finished", finished()},
                 {"generation", generation_},
                 {"number_of_generations", settings_.number_of_generations},
                 {"samples_per_generation", settings_.samples_per_generation},
                 {"batch_size", settings_.batch_size},
                 {"elite_proportion", settings_.elite_proportion},
                 {"step_size", settings_.step_size},
                 {"distribution", gaussians(distribution_)},
                 {"distribution_parameters", format_parameters(means)},
                 {"samples_generation", samples_generation_},
                 {"samples", current},
                 {"generations", generations},
                 {"pool", pool_stats_.json()}});
  return report;
}

}  // namespace rm::comp
