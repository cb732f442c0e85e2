// The controller's side of the worker protocol's messages: long messages go piece by piece,
// each piece answered by an empty line (ringmaster/game/line_pieces.hpp says why).
#pragma once

#include <atomic>
#include <cstddef>
#include <string_view>

#include "engine/process/process.hpp"

namespace rm::run {

// Sends one message. Ok, or why not: Eof (the worker is gone), Timeout or Aborted while
// waiting for the answer to a piece, Failed (the worker answered something else).
rm::process::WriteResult send_message(rm::process::Process& worker, std::string_view message,
                                      rm::process::Process::Clock::time_point deadline,
                                      const std::atomic<bool>* abort);

// Receives one message of at most max_bytes, answering its pieces and skipping heartbeats.
// Statuses as read_line's; Timeout also when no line at all (not even a heartbeat) came for
// `silence` (zero: no such limit).
rm::process::ReadResult receive_message(
    rm::process::Process& worker, rm::process::Process::Clock::time_point deadline,
    std::size_t max_bytes, const std::atomic<bool>* abort,
    rm::process::Process::Clock::duration silence = rm::process::Process::Clock::duration::zero());

}  // namespace rm::run
