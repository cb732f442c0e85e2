// A worker-protocol message packed smaller (line_pieces.hpp): deflated, then written in Z85
// (ZeroMQ's base 85: printable, no quotes, no backslash) behind the number of padding bytes. Why:
// every piece beyond the first costs a round trip through the launcher (srun, ssh), and a game's
// job and result (JSON with the SGF record and three copies of each engine's description) pack to
// about a third: the job of a 9x9 game goes in one line instead of two pieces, its result in one or
// two instead of three.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rm::game {

// `message` packed, or nullopt when packing would not make it shorter.
std::optional<std::string> pack_message(std::string_view message);
// The message a packed one holds, or nullopt when it is not well formed or would unpack to
// more than max_bytes.
std::optional<std::string> unpack_message(std::string_view packed, std::size_t max_bytes);

}  // namespace rm::game
