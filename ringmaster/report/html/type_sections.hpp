// The plots and tables particular to each competition type, made from the JSON report and
// the stored games. Each returns one or more <section>s.
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report::html {

std::string mc_tuner_sections(const ReportInputs& in);
std::string ce_tuner_sections(const ReportInputs& in);
std::string model_tuner_sections(const ReportInputs& in);
std::string tournament_sections(const ReportInputs& in);  // playoff and allplayall
// Every tuner: the validation rounds, when there are any.
std::string validation_section(const ReportInputs& in);

}  // namespace rm::report::html
