// ModelTuner's reports: the estimated optimum with its 95% region, the model's win rate there,
// the sampling region, the model's coefficients, the whole-range process (one parameter), and
// the candidates-v-opponent statistics.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/tuner_report_header.hpp"
#include "ringmaster/competitions/tuner_results.hpp"

namespace rm::comp {
namespace {

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string signed_fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%+.*f", decimals, value);
  return buffer;
}

std::string pad_right(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

// Estimates are only drawn from the model once it exists.
constexpr int kReportDraws = 400;

// What both reports say of the whole-range process (one parameter, once fitted).
struct ProcessSummary {
  int bins;
  double length, amplitude;
  double best;  // normalised
  double best_win_rate;
  int relocations, fitted_on;
};

std::optional<ProcessSummary> process_summary(const model::ModelSearch& search) {
  const model::BinnedGp* process = search.process();
  if (process == nullptr || !process->fitted()) return std::nullopt;
  const int best = process->averaged_best_bin();  // the bin the recommendation uses
  return ProcessSummary{
      process->bins(),          process->hyper().length, process->hyper().amplitude,
      process->centre_of(best), process->win_rate(best), search.relocations(),
      search.process_fit_size()};
}

}  // namespace

std::string ModelTuner::main_report() const {
  std::string text = std::to_string(numbers_.fixed());
  if (settings_.number_of_games) text += "/" + std::to_string(*settings_.number_of_games);
  text += " games played\n\n";
  const int games = static_cast<int>(search_.samples().size());
  if (search_.last_fit_size() == 0) {
    text += "No model yet: the first " + std::to_string(search_.initial_random_games()) +
            " games are played at random points of the ranges.\n\n";
    return text;
  }
  const model::Estimate e = search_.estimate(kReportDraws);
  text += "Estimated optimum: " + format_parameters(e.optimum) + "\n";
  for (std::size_t k = 0; k < engine_parameters_.size(); ++k) {
    std::vector<double> low = e.optimum, high = e.optimum;
    low[k] = e.optimum_low[k];
    high[k] = e.optimum_high[k];
    text += "  " + pad_right(engine_parameters_[k].code, 12) + " 95% region " +
            rm::scales::value_to_json(engine_values(low)[k]).dump() + " to " +
            rm::scales::value_to_json(engine_values(high)[k]).dump() + "\n";
  }
  text += "Model's win rate there: " + fixed(e.win_rate, 3) + " [" + fixed(e.win_rate_low, 3) +
          ", " + fixed(e.win_rate_high, 3) + "]\n";
  std::vector<double> low, high;
  for (std::size_t k = 0; k < engine_parameters_.size(); ++k) {
    low.push_back(std::max(-1.0, search_.centre()[k] - search_.half_width()[k]));
    high.push_back(std::min(1.0, search_.centre()[k] + search_.half_width()[k]));
  }
  text += "Sampling region: " + format_parameters(low) + " to " + format_parameters(high) + "\n";
  text += "Candidates' results: " + std::to_string(wins_) + " wins";
  if (no_winner_ > 0) text += ", " + std::to_string(no_winner_) + " without a winner";
  text += " in " + std::to_string(games) + " games";
  if (games > 0) text += " (" + fixed(100.0 * (wins_ + 0.5 * no_winner_) / games, 1) + "%)";
  text +=
      "\n\nModel: logit of the win probability, quadratic in u (each parameter scaled to [-1, "
      "1])\n";
  std::vector<std::string> codes;
  for (const auto& p : engine_parameters_) codes.push_back(p.code);
  const auto names = model::coefficient_names(codes);
  const auto& beta = search_.model().beta();
  const auto& cov = search_.model().covariance();
  const std::size_t p = beta.size();
  for (std::size_t i = 0; i < p; ++i)
    text += "  " + pad_right(names[i], 16) + " " + signed_fixed(beta[i], 4) + " ± " +
            fixed(std::sqrt(std::max(0.0, cov[i * p + i])), 4) + "\n";
  if (const auto process = process_summary(search_))
    text += "\nWhole-range model (Gaussian process over " + std::to_string(process->bins) +
            " bins, length scale " + fixed(process->length, 2) + ", amplitude " +
            fixed(process->amplitude, 2) + "): best near " + format_parameters({process->best}) +
            " (averaged over its hyperparameters), win rate " + fixed(process->best_win_rate, 3) +
            "; region moves: " + std::to_string(process->relocations) + "\n";
  if (search_.flat_top())
    text += "Flat top (the region is held wider than its schedule): Thompson sampling chooses " +
            fixed(100.0 * search_.settings().flat_top_thompson_share, 0) +
            "% of the games the cell bandit leaves, and the recommendation weighs the whole-range "
            "model " +
            fixed(search_.settings().flat_top_process_weight, 2) + "\n";
  return text + "\n";
}

std::string ModelTuner::short_report() const {
  const std::string validation = validation_->report();
  return tuner_report_header("Model-based", cf_) + main_report() + opponent_line() +
         pool_stats_.report() + (validation.empty() ? "" : "\n" + validation);
}

std::string ModelTuner::full_report() const {
  return short_report();
}

std::string ModelTuner::screen_report(const std::vector<std::string>& game_ids_in_progress) const {
  std::string text = main_report();
  const std::string validation = validation_->screen_report(game_ids_in_progress);
  std::vector<std::string> lines;
  for (const auto& id : game_ids_in_progress) {
    const std::optional<int> number = parse_game_number(id);
    const auto found = number ? outstanding_.find(*number) : outstanding_.end();
    if (found != outstanding_.end())  // else not one of ours (a validation game): not shown
      lines.push_back("game " + id + ": " + format_parameters(found->second));
  }
  constexpr std::size_t kShown = 12;
  if (lines.empty()) return text + validation;
  text += "In progress:\n";
  for (std::size_t i = 0; i < lines.size() && i < kShown; ++i) text += lines[i] + "\n";
  if (lines.size() > kShown) text += "(" + std::to_string(lines.size() - kShown) + " more)\n";
  return text + validation;
}

std::vector<std::string> ModelTuner::periodic_history_lines() const {
  // Every 100 results: where the estimate stands (cheap: no posterior draws).
  if (results_since_history_ == 0 || search_.samples().size() % 100 != 0 ||
      search_.last_fit_size() == 0)
    return {};
  const auto best = search_.best();
  const double q = search_.model().value(best);
  const double sd = search_.model().value_sd(best);
  return {"estimate after " + std::to_string(search_.samples().size()) +
          " games: " + format_parameters(best) + " win rate " + fixed(model::logistic(q), 3) +
          " [" + fixed(model::logistic(q - 1.96 * sd), 3) + ", " +
          fixed(model::logistic(q + 1.96 * sd), 3) + "]"};
}

nlohmann::json ModelTuner::json_report() const {
  nlohmann::json j = tuner_json_report_header("model_tuner", cf_, numbers_.fixed(),
                                              settings_.opponent, opponent_description_);
  j["number_of_games"] =
      settings_.number_of_games ? nlohmann::json(*settings_.number_of_games) : nlohmann::json();
  j["results"] = {{"games", search_.samples().size()}, {"wins", wins_}, {"no_winner", no_winner_}};
  j["estimate"] = nullptr;
  j["model"] = nullptr;
  j["process"] = nullptr;  // one parameter only, once fitted
  j["pool"] = pool_stats_.json();
  validation_->add_to_json_report(j);
  if (search_.last_fit_size() == 0) return j;
  const model::Estimate e = search_.estimate(kReportDraws);
  nlohmann::json parameters = nlohmann::json::array();
  for (std::size_t k = 0; k < engine_parameters_.size(); ++k) {
    std::vector<double> low = e.optimum, high = e.optimum;
    low[k] = e.optimum_low[k];
    high[k] = e.optimum_high[k];
    const double region_low = std::max(-1.0, search_.centre()[k] - search_.half_width()[k]);
    const double region_high = std::min(1.0, search_.centre()[k] + search_.half_width()[k]);
    std::vector<double> sample_low = e.optimum, sample_high = e.optimum;
    sample_low[k] = region_low;
    sample_high[k] = region_high;
    parameters.push_back(
        {{"code", engine_parameters_[k].code},
         {"value", rm::scales::value_to_json(engine_values(e.optimum)[k])},
         {"normalised", e.optimum[k]},
         {"ci95_low", rm::scales::value_to_json(engine_values(low)[k])},
         {"ci95_high", rm::scales::value_to_json(engine_values(high)[k])},
         {"sampling_low", rm::scales::value_to_json(engine_values(sample_low)[k])},
         {"sampling_high", rm::scales::value_to_json(engine_values(sample_high)[k])}});
  }
  j["estimate"] = {{"parameters", format_parameters(e.optimum)},
                   {"values", parameters},
                   {"win_rate", e.win_rate},
                   {"win_rate_ci95_low", e.win_rate_low},
                   {"win_rate_ci95_high", e.win_rate_high}};
  std::vector<std::string> codes;
  for (const auto& p : engine_parameters_) codes.push_back(p.code);
  const auto names = model::coefficient_names(codes);
  const auto& beta = search_.model().beta();
  const auto& cov = search_.model().covariance();
  nlohmann::json coefficients = nlohmann::json::array();
  for (std::size_t i = 0; i < beta.size(); ++i)
    coefficients.push_back({{"term", names[i]},
                            {"value", beta[i]},
                            {"sd", std::sqrt(std::max(0.0, cov[i * beta.size() + i]))}});
  j["model"] = {{"coefficients", coefficients}, {"fitted_on", search_.last_fit_size()}};
  if (const auto process = process_summary(search_))
    j["process"] = {{"bins", process->bins},
                    {"length_scale", process->length},
                    {"amplitude", process->amplitude},
                    {"best", format_parameters({process->best})},
                    {"best_normalised", process->best},
                    {"best_win_rate", process->best_win_rate},
                    {"relocations", process->relocations},
                    {"fitted_on", process->fitted_on},
                    {"flat_top", search_.flat_top()}};
  return j;
}

}  // namespace rm::comp
