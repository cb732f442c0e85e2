// ce_tuner settings (skeleton).
#include "ringmaster/control/ce_tuner_settings.hpp"

namespace rm::control::detail {

const std::vector<std::string>& ce_tuner_keys() {
  static const std::vector<std::string> keys{"opponent"};
  return keys;
}

CeTunerSettings read_ce_tuner(const Reader& r, const Mapping& top, const ControlFile&) {
  CeTunerSettings s;
  s.opponent = read_identifier(r, top.require("opponent"));
  return s;
}

}  // namespace rm::control::detail
