// Which sections each competition type's HTML report has: one line per type. (The report
// layer is above the competitions, so these cannot join the types' registration in
// competitions/competition_types.cpp; a type without a line here gets the common sections.)
#include "ringmaster/report/html/type_sections.hpp"

#include <map>

namespace rm::report::html {

Sections type_sections(const std::string& type) {
  static const std::map<std::string, Sections> sections{
      {"playoff", tournament_sections},      {"allplayall", tournament_sections},
      {"mc_tuner", mc_tuner_sections},       {"ce_tuner", ce_tuner_sections},
      {"model_tuner", model_tuner_sections},
  };
  const auto found = sections.find(type);
  return found == sections.end() ? nullptr : found->second;
}

}  // namespace rm::report::html
