// Word splitting like a POSIX shell (quotes and backslashes), without any expansion:
// engine command lines from control files are exec'd directly, never through a shell.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/process/process.hpp"

namespace rm::process {

namespace {
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

[[noreturn]] void unbalanced(std::string_view s, const char* what) {
  throw std::invalid_argument("unbalanced quotes in command line (" + std::string(what) +
                              "): " + std::string(s));
}
}  // namespace

std::vector<std::string> split_command_line(std::string_view s) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;  // distinguishes an empty quoted word ('') from no word
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (is_space(c)) {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      ++i;
    } else if (c == '\\') {
      if (i + 1 >= s.size()) unbalanced(s, "trailing backslash");
      // Backslash-newline is a line continuation, as in the shell.
      if (s[i + 1] != '\n') {
        word += s[i + 1];
        in_word = true;
      }
      i += 2;
    } else if (c == '\'') {
      const std::size_t close = s.find('\'', i + 1);
      if (close == std::string_view::npos) unbalanced(s, "unclosed '");
      word.append(s.substr(i + 1, close - i - 1));
      in_word = true;
      i = close + 1;
    } else if (c == '"') {
      in_word = true;
      ++i;
      bool closed = false;
      while (i < s.size()) {
        const char d = s[i];
        if (d == '"') {
          closed = true;
          ++i;
          break;
        }
        if (d == '\\' && i + 1 < s.size()) {
          const char e = s[i + 1];
          if (e == '"' || e == '\\' || e == '$' || e == '`') {
            word += e;
            i += 2;
            continue;
          }
          if (e == '\n') {
            i += 2;
            continue;
          }
        }
        word += d;
        ++i;
      }
      if (!closed) unbalanced(s, "unclosed \"");
    } else {
      word += c;
      in_word = true;
      ++i;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

}  // namespace rm::process
