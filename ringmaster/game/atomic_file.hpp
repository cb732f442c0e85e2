// Writing a whole file so that readers see either the old file or the complete new one.
#pragma once

#include <string>

namespace rm::game {

// Writes `<path>.tmp-<pid>` then renames it over `path`, creating the parent directory if
// needed. Returns "" on success, otherwise an error message naming the path.
std::string write_file_atomically(const std::string& path, const std::string& content);

}  // namespace rm::game
