#pragma once
// Quoting a command line for display (the candidates listing, the HTML report's players).
#include <string>
#include <vector>

namespace rm::control {

// Display-only shell quoting: words with no special characters as they are, others in single
// quotes ('it'"'"'s'). Never used to run anything.
std::string shell_quote_for_display(const std::vector<std::string>& argv);

}  // namespace rm::control
