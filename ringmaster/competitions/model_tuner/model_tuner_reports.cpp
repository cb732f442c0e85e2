// ModelTuner's reports: the recommended point with the values not shown worse than it, the
// model's win rate there, the surrogate's own section (the quadratic's region and coefficients,
// or the process), and the candidates-v-opponent statistics.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "ringmaster/competitions/model_tuner/model_tuner.hpp"
#include "ringmaster/competitions/model_tuner/quadratic_surrogate.hpp"
#include "ringmaster/competitions/report_numbers.hpp"
#include "ringmaster/competitions/tuner_report_header.hpp"
#include "ringmaster/competitions/tuner_results.hpp"

namespace rm::comp {
namespace {}  // namespace

std::vector<std::string> ModelTuner::codes() const {
  std::vector<std::string> codes;
  for (const auto& p : engine_parameters_) codes.push_back(p.code);
  return codes;
}

std::string ModelTuner::games_line() const {
  return games_line_text(false) + "\n";
}

std::string ModelTuner::recommendation_text() const {
  const int games = static_cast<int>(search_.samples().size());
  if (search_.phase() == model::Phase::Opening) {
    const std::string first = "No model yet: the first " + std::to_string(search_.opening_games()) +
                              " games are played at ";
    if (settings_.start.empty()) return first + "random points of the ranges.\n";
    return first + "random points near the start (" + format_parameters(start_point()) +
           "), at most " + fixed(settings_.spread, 2) + " of each range from it.\n";
  }
  const model::Recommendation r = search_.recommend();
  std::string text = "Recommended: " + format_parameters(r.point) + "\n";
  for (std::size_t k = 0; k < engine_parameters_.size(); ++k) {
    std::vector<double> low = r.point, high = r.point;
    low[k] = r.low[k];
    high[k] = r.high[k];
    text += "  " + pad_right(engine_parameters_[k].code, 12) + " not shown worse from " +
            rm::scales::value_to_json(engine_values(low)[k]).dump() + " to " +
            rm::scales::value_to_json(engine_values(high)[k]).dump() + "\n";
  }
  text += "Model's win rate there: " + fixed(r.win_rate, 3) + " [" + fixed(r.win_rate_low, 3) +
          ", " + fixed(r.win_rate_high, 3) + "]\n";
  text += "Candidates' results: " + std::to_string(wins_) + " wins";
  if (no_winner_ > 0) text += ", " + std::to_string(no_winner_) + " without a winner";
  text += " in " + std::to_string(games) + " games";
  if (games > 0) text += " (" + fixed(100.0 * (wins_ + 0.5 * no_winner_) / games, 1) + "%)";
  return text + "\n";
}

std::string ModelTuner::main_report() const {
  std::string text = games_line() + "\n" + recommendation_text() + "\n";
  if (search_.phase() == model::Phase::Opening) return text;
  const auto format = [this](const std::vector<double>& u) { return format_parameters(u); };
  return text + search_.surrogate().report(codes(), format).text + "\n";
}

std::string ModelTuner::tuner_short_report() const {
  return tuner_report_header("Model-based", cf_) + main_report() + opponent_line() +
         pool_stats_.report();
}

// Short enough for an 80x24 terminal with the games in progress, the "Now" line (the
// recommended values and the model's win rate there), the latest results and the progress line
// around it: the games and results, and each value's range not shown worse. The model is left
// to `show` and the reports.
std::string ModelTuner::tuner_screen_report(
    const std::vector<std::string>& game_ids_in_progress) const {
  (void)game_ids_in_progress;  // the display lists the games in progress itself
  const int games = static_cast<int>(search_.samples().size());
  std::string text = games_line();
  if (games > 0) {
    text.pop_back();
    text += ", candidates won " + std::to_string(wins_) + " (" +
            fixed(100.0 * (wins_ + 0.5 * no_winner_) / games, 1) + "%)\n";
  }
  if (search_.phase() == model::Phase::Opening) {
    text += recommendation_text();
  } else {
    const model::Recommendation r = search_.recommend();
    for (std::size_t k = 0; k < engine_parameters_.size(); ++k) {
      std::vector<double> low = r.point, high = r.point;
      low[k] = r.low[k];
      high[k] = r.high[k];
      text += "  " + pad_right(engine_parameters_[k].code, 12) + " not shown worse from " +
              short_value(engine_values(low)[k]) + " to " + short_value(engine_values(high)[k]) +
              "\n";
    }
  }
  return text;
}

std::vector<std::string> ModelTuner::periodic_history_lines() const {
  // Every 100 results: where the recommendation stands.
  if (results_since_history_ == 0 || search_.samples().size() % 100 != 0 ||
      search_.phase() == model::Phase::Opening)
    return {};
  const model::Recommendation r = search_.recommend();
  return {"estimate after " + std::to_string(search_.samples().size()) +
          " games: " + format_parameters(r.point) + " win rate " + fixed(r.win_rate, 3) + " [" +
          fixed(r.win_rate_low, 3) + ", " + fixed(r.win_rate_high, 3) + "]"};
}

nlohmann::json ModelTuner::tuner_json_report() const {
  nlohmann::json j = tuner_json_report_header("model_tuner", cf_, tuning_results(),
                                              settings_.opponent, opponent_description_);
  j["number_of_games"] =
      settings_.number_of_games ? nlohmann::json(*settings_.number_of_games) : nlohmann::json();
  j["results"] = {{"games", search_.samples().size()}, {"wins", wins_}, {"no_winner", no_winner_}};
  nlohmann::json ranges = nlohmann::json::array();
  for (const auto& p : settings_.parameters) ranges.push_back(p.range_json());
  j["parameters"] = ranges;
  j["start"] = settings_.start.empty()
                   ? nlohmann::json()
                   : nlohmann::json{{"parameters", format_parameters(start_point())},
                                    {"spread", settings_.spread}};
  j["phase"] = search_.phase() == model::Phase::Opening ? "opening" : "search";
  j["estimate"] = nullptr;
  j["model"] = nullptr;    // two or more parameters, once fitted: the quadratic
  j["process"] = nullptr;  // one parameter, once fitted: the Gaussian process
  j["pool"] = pool_stats_.json();
  if (search_.phase() == model::Phase::Opening) return j;
  const model::Recommendation r = search_.recommend();
  const auto format = [this](const std::vector<double>& u) { return format_parameters(u); };
  const nlohmann::json surrogate = search_.surrogate().report(codes(), format).json;
  const bool quadratic = surrogate.value("kind", "") == "quadratic";
  const auto* quadratic_search =
      quadratic ? dynamic_cast<const model::QuadraticSurrogate*>(&search_.surrogate()) : nullptr;
  nlohmann::json parameters = nlohmann::json::array();
  for (std::size_t k = 0; k < engine_parameters_.size(); ++k) {
    std::vector<double> low = r.point, high = r.point;
    low[k] = r.low[k];
    high[k] = r.high[k];
    nlohmann::json value = {{"code", engine_parameters_[k].code},
                            {"value", rm::scales::value_to_json(engine_values(r.point)[k])},
                            {"normalised", r.point[k]},
                            {"ci95_low", rm::scales::value_to_json(engine_values(low)[k])},
                            {"ci95_high", rm::scales::value_to_json(engine_values(high)[k])},
                            {"sampling_low", nullptr},
                            {"sampling_high", nullptr}};
    if (quadratic_search != nullptr) {
      const auto& c = quadratic_search->centre();
      const auto& h = quadratic_search->half_width();
      std::vector<double> sample_low = r.point, sample_high = r.point;
      sample_low[k] = std::max(-1.0, c[k] - h[k]);
      sample_high[k] = std::min(1.0, c[k] + h[k]);
      value["sampling_low"] = rm::scales::value_to_json(engine_values(sample_low)[k]);
      value["sampling_high"] = rm::scales::value_to_json(engine_values(sample_high)[k]);
    }
    parameters.push_back(std::move(value));
  }
  j["estimate"] = {{"parameters", format_parameters(r.point)},
                   {"values", parameters},
                   {"win_rate", r.win_rate},
                   {"win_rate_ci95_low", r.win_rate_low},
                   {"win_rate_ci95_high", r.win_rate_high}};
  j[quadratic ? "model" : "process"] = surrogate;
  return j;
}

}  // namespace rm::comp
