// The plots and tables particular to each competition type, made from the JSON report and
// the stored games. Each returns one or more <section>s. type_sections.cpp names the
// function of each type that has them (one line per type).
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report::html {

using Sections = std::string (*)(const ReportInputs& in);
// The sections of the competition type named `type`; null for a type without its own.
Sections type_sections(const std::string& type);

std::string mc_tuner_sections(const ReportInputs& in);
std::string ce_tuner_sections(const ReportInputs& in);
std::string model_tuner_sections(const ReportInputs& in);
std::string tournament_sections(const ReportInputs& in);  // playoff and allplayall
// Every tuner: the validation rounds, when there are any.
std::string validation_section(const ReportInputs& in);

}  // namespace rm::report::html
