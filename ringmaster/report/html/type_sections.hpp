// The plots and tables particular to a competition type, made from the JSON report and the
// stored games: one or more <section>s. Which types have them, and their functions:
// type_sections.cpp.
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report::html {

using Sections = std::string (*)(const ReportInputs& in);
// The sections of the competition type named `type`; null for a type without its own.
Sections type_sections(const std::string& type);

}  // namespace rm::report::html
