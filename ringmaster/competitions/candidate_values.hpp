// Parameter values a user types (`ringmaster FILE candidates --values c=0.4,pl=300`): split
// into one text per parameter, and read as numbers. Every error is a std::invalid_argument
// whose message says what to fix.
#pragma once

#include <string>
#include <vector>

namespace rm::comp {

// The text given for each of `codes`, in their order, from "code=value,code=value" (spaces
// around the items are ignored). Refuses an item without '=', an unknown or repeated code and
// a missing one: every parameter must be given.
std::vector<std::string> values_by_parameter(const std::string& text,
                                             const std::vector<std::string>& codes);

// A finite decimal number ("0.4", "-3", "1e-3"); "<code>: '<text>' is not a number" otherwise.
double number_from_text(const std::string& code, const std::string& text);

}  // namespace rm::comp
