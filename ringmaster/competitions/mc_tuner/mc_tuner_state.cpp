// McTuner's persistent state, its definition, and the comparison that refuses a control file
// whose parameter space differs from the stored one.
#include <stdexcept>

#include "ringmaster/competitions/definition_changes.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "scales/grid.hpp"

namespace rm::comp {
namespace {

nlohmann::json engine_values_json(const std::vector<rm::scales::Value>& values) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& v : values) j.push_back(rm::scales::value_to_json(v));
  return j;
}

std::string parameter_name(const nlohmann::json& parameter, std::size_t index) {
  if (parameter.is_object() && parameter.contains("code") && parameter["code"].is_string())
    return "'" + parameter["code"].get<std::string>() + "'";
  return std::to_string(index);
}

}  // namespace

nlohmann::json McTuner::definition() const {
  nlohmann::json parameters = nlohmann::json::array();
  for (const auto& p : settings_.parameters) parameters.push_back(p.definition());
  return {{"competition_type", "mc_tuner"},
          {"parameters", parameters},
          {"initial_visits", settings_.initial_visits},
          {"initial_wins", settings_.initial_wins}};
}

void McTuner::check_stored_definition(const nlohmann::json& stored) const {
  check_mc_tuner_definition(stored, definition());
}

void check_mc_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current) {
  std::vector<std::string> changes;
  note_change(changes, "competition type", definition_field(stored, "competition_type"),
              definition_field(current, "competition_type"));
  const nlohmann::json old_params = definition_field(stored, "parameters");
  const nlohmann::json new_params = definition_field(current, "parameters");
  if (!old_params.is_array() || !new_params.is_array() || old_params.size() != new_params.size()) {
    changes.push_back("number of parameters changed from " + std::to_string(old_params.size()) +
                      " to " + std::to_string(new_params.size()));
  } else {
    for (std::size_t i = 0; i < old_params.size(); ++i) {
      const auto& was = old_params[i];
      const auto& now = new_params[i];
      const std::string name = parameter_name(was, i);
      note_change(changes, "parameter " + std::to_string(i + 1) + ": code",
                  definition_field(was, "code"), definition_field(now, "code"));
      for (const char* key : {"split", "scale"})
        note_change(changes, "parameter " + name + ": " + key, definition_field(was, key),
                    definition_field(now, key));
    }
  }
  for (const char* key : {"initial_visits", "initial_wins"})
    note_change(changes, key, definition_field(stored, key), definition_field(current, key));
  refuse_if_changed(changes);
}

nlohmann::json McTuner::tuner_state() const {
  return {{"tree", tree_.to_json()},
          {"game_numbers", numbers_.to_json()},
          {"path0", engine_values_json(rm::scales::engine_values({0}, settings_.parameters))}};
}

TunerShell::StateCommit McTuner::read_tuner_state(const nlohmann::json& state, int format,
                                                  const std::vector<nlohmann::json>& archive) {
  (void)format;
  (void)archive;
  McTree tree(tree_.settings());
  tree.restore(state.at("tree"));
  GameNumbers numbers = GameNumbers::from_json(state.at("game_numbers"));
  // gomill's own consistency check, kept as a second line of defence.
  if (state.at("path0") != engine_values_json(rm::scales::engine_values({0}, settings_.parameters)))
    throw std::invalid_argument(
        "engine parameters of candidate (0,) differ from the control file's");
  return [this, tree = std::move(tree), numbers = std::move(numbers)]() mutable {
    tree_ = std::move(tree);
    restore_numbers(std::move(numbers));
    last_event_was_result_ = false;
  };
}

}  // namespace rm::comp
