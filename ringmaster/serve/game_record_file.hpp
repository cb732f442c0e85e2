// The SGF records `ringmaster serve` hands out (GET /competition/<id>/games/<file>.sgf and
// /competition/<id>/void/<file>.sgf): only a file named as Ringmaster names a game record, in
// the competition's own <code>.games/ or <code>.void/ directory, opened without following a
// symlink (neither the directory nor the file), a regular file of bounded size.
#pragma once

#include <cstddef>
#include <string>

namespace rm::serve {

inline constexpr std::size_t kMaxGameRecordBytes = 16 * 1024 * 1024;

// "<game id>.sgf", the game id made of what a control file's identifiers allow (letters,
// digits, -!$%&*+,.:;<=>?^_~) and '#' (tuners' ids: "g4#0r1", "v1#3"); not starting with '.',
// no "..", at most 255 bytes.
bool is_game_record_name(const std::string& name);

struct GameRecordFile {
  int status = 0;    // 200, or 400 (a bad name), 404 (no such file), 403 (not served)
  std::string text;  // the record with 200; why not otherwise
};

// Reads `directory`/`name` (the checks above); never throws.
GameRecordFile read_game_record(const std::string& directory, const std::string& name);

}  // namespace rm::serve
