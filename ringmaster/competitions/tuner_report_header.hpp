// What every tuner's reports begin with: the first lines of the text report, as gomill writes
// them ("<kind> tuning event: <code>", the description, board size and komi), and the fields
// the JSON reports share.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ringmaster/control/control_file.hpp"
#include "scales/python_format.hpp"

namespace rm::comp {

inline std::string tuner_report_header(const std::string& kind,
                                       const rm::control::ControlFile& cf) {
  std::string text = kind + " tuning event: " + cf.code + "\n";
  if (!cf.common.description.empty()) text += cf.common.description + "\n";
  text += "board size: " + std::to_string(cf.game.board_size) + "\n";
  text += "komi: " + rm::scales::python_str(cf.game.komi) + "\n";
  return text;
}

// competition_type, code, description, games_played and the opponent (code, description).
inline nlohmann::json tuner_json_report_header(const std::string& competition_type,
                                               const rm::control::ControlFile& cf, int games_played,
                                               const std::string& opponent,
                                               const std::string& opponent_description) {
  return {{"competition_type", competition_type},
          {"code", cf.code},
          {"description", cf.common.description},
          {"games_played", games_played},
          {"opponent", {{"code", opponent}, {"description", opponent_description}}}};
}

}  // namespace rm::comp
