// `ringmaster FILE candidates` for the tuners that search a range (spsa_tuner, model_tuner,
// ce_tuner): the start, the recommendation and values given on the command line, each
// rendered as the tuning renders its candidates, its files kept where the listing says.
#include <stdexcept>

#include "ringmaster/competitions/candidate_listing.hpp"
#include "ringmaster/competitions/candidate_values.hpp"
#include "ringmaster/competitions/tuner_shell.hpp"
#include "ringmaster/control/shell_quote.hpp"

namespace rm::comp {

rm::scales::Value TunerShell::value_from_text(std::size_t k, const std::string& text) const {
  (void)k;
  (void)text;
  throw std::invalid_argument("an " + cf_.competition_type +
                              "'s candidates are its grid: list them without --values");
}

std::optional<std::string> TunerShell::describe_points(
    const std::optional<std::string>& values_text) const {
  struct Point {
    std::string name, heading;
    std::vector<rm::scales::Value> values;
    std::string error;  // why the tuner's values could not be made (a failing transform)
  };
  std::vector<Point> points;
  // The given values first: bad ones are refused before anything is written.
  std::optional<Point> given;
  if (values_text) {
    std::vector<std::string> codes;
    for (const auto& p : parameters_) codes.push_back(p.code);
    try {
      const auto texts = values_by_parameter(*values_text, codes);
      std::vector<rm::scales::Value> values;
      for (std::size_t k = 0; k < texts.size(); ++k) values.push_back(value_from_text(k, texts[k]));
      given = Point{"given", "given", std::move(values), ""};
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--values: " + std::string(e.what()));
    }
  }
  const auto add = [&points](std::string name, std::string heading, const auto& values_of) {
    try {
      if (auto values = values_of()) points.push_back({name, heading, std::move(*values), ""});
    } catch (const std::exception& e) {
      points.push_back({name, heading, {}, e.what()});
    }
  };
  add("start", "start", [this] { return start_values(); });
  if (const int games = tuning_progress().done; games > 0)
    add("tuned", "recommended after " + std::to_string(games) + " tuning games (tuned)",
        [this] { return recommended_values(); });
  if (given) points.push_back(std::move(*given));

  std::string names;
  for (const auto& p : points) names += (names.empty() ? "" : ", ") + p.name;
  std::string out = cf_.competition_type + " " + cf_.code + ": " + std::to_string(points.size()) +
                    (points.size() == 1 ? " candidate (" : " candidates (") + names + ")\n";
  for (const auto& p : parameters_)
    out += "parameter " + p.code + ": " + p.scale->describe() + "\n";
  if (has_opponent())
    out += "opponent: " + tuner_.opponent + " (" +
           rm::control::shell_quote_for_display(opponent_.engine.process.argv) + ")\n";
  for (const auto& point : points) {
    if (!point.error.empty()) {
      out += "\n" + point.heading + ":\n  error: " + point.error + "\n";
      continue;
    }
    out += "\n" + point.heading + ": " +
           rm::scales::format_engine_parameters(parameters_, point.values) + "\n";
    std::string error;
    const rm::game::PlayerSpec spec = kept_candidate(point.values, point.name, error);
    const std::string dir = renderer_->files_dir(point.name);
    if (!dir.empty()) out += "  files_dir: " + dir + "\n";
    out += candidate_player_lines(spec, tuner_.candidate.files_to_write(point.values, dir));
    if (!error.empty()) out += "  error: " + error + "\n";
  }
  return out;
}

}  // namespace rm::comp
