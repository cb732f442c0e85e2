#include "engine/go/move_error.hpp"

namespace rm::go {

std::string_view describe(MoveError e) {
  switch (e) {
    case MoveError::None:
      return "";
    case MoveError::Occupied:
      return "occupied point";
    case MoveError::Suicide:
      return "suicide";
    case MoveError::Ko:
      return "ko-forbidden point";
    case MoveError::Superko:
      return "superko";
    case MoveError::OffBoard:
      return "off board";
  }
  return "unknown move error";
}

}  // namespace rm::go
