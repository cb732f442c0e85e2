// Finding a registered competition type, and loading a control file with all of them.
#include "ringmaster/competitions/competition_type.hpp"

namespace rm::comp {
namespace {

// What the control layer needs of each type; kept for the program's life, as every loaded
// ControlFile points to its type here.
const std::vector<rm::control::SettingsType>& settings_types() {
  static const std::vector<rm::control::SettingsType> types = [] {
    std::vector<rm::control::SettingsType> out;
    for (const auto& type : competition_types()) out.push_back(type.settings);
    return out;
  }();
  return types;
}

}  // namespace

const CompetitionType* find_competition_type(const std::string& name) {
  for (const auto& type : competition_types())
    if (type.name() == name) return &type;
  return nullptr;
}

rm::control::ControlFile load_control_file(const std::string& path) {
  return rm::control::load_control_file(path, settings_types());
}

}  // namespace rm::comp
