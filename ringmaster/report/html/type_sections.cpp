// Which sections each competition type's HTML report has: one entry per type that has its own
// (its function, defined in <type>_sections.cpp, and its line in the table). A type without an
// entry gets the common sections only. The report layer is above the competitions, so these
// cannot join the types' registry (competitions/competition_types.cpp); and they are listed
// here rather than registering themselves, since the linker leaves out of the static library's
// users an object file that nothing refers to.
#include "ringmaster/report/html/type_sections.hpp"

#include <map>

namespace rm::report::html {

std::string tournament_sections(const ReportInputs& in);  // playoff and allplayall
std::string mc_tuner_sections(const ReportInputs& in);
std::string ce_tuner_sections(const ReportInputs& in);
std::string model_tuner_sections(const ReportInputs& in);
std::string spsa_tuner_sections(const ReportInputs& in);

Sections type_sections(const std::string& type) {
  static const std::map<std::string, Sections> sections{
      {"playoff", tournament_sections},      {"allplayall", tournament_sections},
      {"mc_tuner", mc_tuner_sections},       {"ce_tuner", ce_tuner_sections},
      {"model_tuner", model_tuner_sections}, {"spsa_tuner", spsa_tuner_sections},
  };
  const auto found = sections.find(type);
  return found == sections.end() ? nullptr : found->second;
}

}  // namespace rm::report::html
