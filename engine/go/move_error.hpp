#pragma once
// Why a move is illegal.
#include <string_view>

namespace rm::go {

enum class MoveError { None, Occupied, Suicide, Ko, Superko, OffBoard };

// "occupied point", "suicide", "ko-forbidden point", "superko", "off board" ("" for None).
std::string_view describe(MoveError e);

}  // namespace rm::go
