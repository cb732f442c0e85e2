// Numbers as gomill prints them in results and SGF (Python's format_float / repr):
// integral values without ".0" ("18", not "18.0"), others in shortest round-trip form ("4.5").
#pragma once

#include <string>

namespace rm::game {

std::string format_number(double value);

}  // namespace rm::game
