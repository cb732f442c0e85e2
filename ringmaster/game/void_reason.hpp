// The void reasons that code tells apart. GameResult::void_reason is stored text, mostly an
// engine's or a worker's own words; the reasons Ringmaster itself gives in fixed words are
// these, each with its one text (stored, shown, and compared by the gomill-exact tests).
#pragma once

#include <optional>
#include <string_view>

namespace rm::game {

enum class VoidReason {
  Aborted,       // "aborted": Ringmaster stopped the game (stop, a signal, a failed commit)
  NoWorkerLeft,  // "no worker left to play it": every cluster worker failed
};

std::string_view void_reason_text(VoidReason reason);
// The fixed reason whose text this is; nullopt for free text (an error message).
std::optional<VoidReason> void_reason_from_text(std::string_view text);

}  // namespace rm::game
