#include "ringmaster/run/history_recovery.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ringmaster/run/line_file.hpp"

namespace rm::run {
namespace {

// Only the games finishing while Ringmaster was killed can lack their lines; looking further
// back would only cost time on a hand-edited file.
constexpr std::size_t kGamesLookedBack = 64;

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::string missing_history(const std::string& file_text,
                            const std::vector<std::optional<std::string>>& stored) {
  // The games that have their lines stored are the newest ones (older databases kept none).
  std::size_t first = stored.size();
  while (first > 0 && stored[first - 1]) --first;
  std::string all;  // the stored lines of games first..end
  for (std::size_t i = first; i < stored.size(); ++i) all += *stored[i];
  if (all.empty()) return "";
  if (file_text.empty()) return all;
  if (first == 0 && all.compare(0, file_text.size(), file_text) == 0 &&
      file_text.size() <= all.size())
    return all.substr(file_text.size());
  // The file must end with the lines of games first..j for some recent j; what follows is
  // missing. Comparing whole runs of games (not one game's line) keeps repeated lines such
  // as "pl: 35 [(3,)] won" from matching the wrong game.
  std::string prefix = all;
  std::string missing;
  for (std::size_t j = stored.size(); j > first && stored.size() - j <= kGamesLookedBack; --j) {
    if (ends_with(file_text, prefix)) return missing;
    const std::string& lines = *stored[j - 1];
    prefix.resize(prefix.size() - lines.size());
    missing.insert(0, lines);
  }
  return "";
}

int restore_missing_history(const std::string& hist_path,
                            const std::vector<std::optional<std::string>>& stored) {
  std::string file_text;
  {
    std::ifstream in(hist_path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    file_text = text.str();
  }
  const std::string missing = missing_history(file_text, stored);
  if (missing.empty()) return 0;
  LineFile history(hist_path);
  std::string text = missing;
  if (!text.empty() && text.back() == '\n') text.pop_back();
  history.line(text);
  return static_cast<int>(std::count(missing.begin(), missing.end(), '\n'));
}

int restore_missing_history(const std::string& hist_path, rm::store::Store& store) {
  const int recent_count = static_cast<int>(kGamesLookedBack) + 1;
  auto recent = store.recent_game_histories(recent_count);
  if (static_cast<int>(recent.size()) < recent_count)
    return restore_missing_history(hist_path, recent);  // that is every game
  std::error_code ec;
  const auto file_size = std::filesystem::file_size(hist_path, ec);
  if (ec || file_size == 0) return restore_missing_history(hist_path, store.game_histories());
  std::size_t wanted = 0;
  for (const auto& lines : recent) wanted += lines ? lines->size() : 0;
  std::string tail(std::min<std::uintmax_t>(wanted, file_size), '\0');
  {
    std::ifstream in(hist_path, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(file_size - tail.size()));
    in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
    tail.resize(static_cast<std::size_t>(in.gcount()));
  }
  // Older games exist: a leading "no lines" entry keeps missing_history from reading the tail
  // as the whole file.
  recent.insert(recent.begin(), std::nullopt);
  const std::string missing = missing_history(tail, recent);
  if (missing.empty()) return 0;
  LineFile history(hist_path);
  std::string text = missing;
  if (text.back() == '\n') text.pop_back();
  history.line(text);
  return static_cast<int>(std::count(missing.begin(), missing.end(), '\n'));
}

}  // namespace rm::run
