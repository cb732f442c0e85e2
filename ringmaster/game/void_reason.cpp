#include "ringmaster/game/void_reason.hpp"

namespace rm::game {

std::string_view void_reason_text(VoidReason reason) {
  switch (reason) {
    case VoidReason::Aborted:
      return "aborted";
    case VoidReason::NoWorkerLeft:
      return "no worker left to play it";
  }
  return "";
}

std::optional<VoidReason> void_reason_from_text(std::string_view text) {
  for (VoidReason r : {VoidReason::Aborted, VoidReason::NoWorkerLeft})
    if (void_reason_text(r) == text) return r;
  return std::nullopt;
}

}  // namespace rm::game
