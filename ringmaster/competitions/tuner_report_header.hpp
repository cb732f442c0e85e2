// The first lines of both tuners' reports, as gomill writes them:
// "<kind> tuning event: <code>", the description, board size and komi.
#pragma once

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

}  // namespace rm::comp
