// The values of the simulation programs' options (ringmaster-simulate,
// ringmaster-simulate-spsa): lists, whole numbers and numbers in a range, each refused with a
// message that names the option (std::invalid_argument).
#pragma once

#include <string>
#include <vector>

namespace rm::simulation {

// "1000,10k,3000": whole numbers >= 1 ("k" multiplies by 1000), sorted, duplicates dropped.
std::vector<int> parse_list(const std::string& text, const char* what);

// A whole number in [lo, hi].
int whole_number(const std::string& option, const std::string& text, long long lo, long long hi);

// A number in [0, hi].
double number_in(const std::string& option, const std::string& text, double hi);

// A number in [lo, hi].
double number_between(const std::string& option, const std::string& text, double lo, double hi);

// The non-empty items between commas.
std::vector<std::string> split_commas(const std::string& text);

}  // namespace rm::simulation
