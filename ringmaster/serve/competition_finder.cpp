#include "ringmaster/serve/competition_finder.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace rm::serve {
namespace {

// Extensions of the files a competition writes (never control files: CompetitionPaths).
const std::set<std::string> kNotControlFiles{
    ".log",     ".status", ".cmd",  ".hist",       ".report", ".games",  ".void",
    ".gtplogs", ".db",     ".lock", ".candidates", ".html",   ".db-wal", ".db-shm",
    ".new",     ".sgf",    ".json", ".csv",        ".tuned"};

bool competition_directory(const std::string& name) {
  for (const char* suffix : {".games", ".void", ".gtplogs", ".candidates", ".tuned"}) {
    const std::string s = suffix;
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0)
      return true;
  }
  return !name.empty() && name.front() == '.';
}

std::string url_id(const std::string& code) {
  std::string id;
  for (char c : code)
    id += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') ? c : '_';
  return id.empty() ? "competition" : id;
}

void scan(const fs::path& dir, int depth, int max_depth, std::vector<fs::path>& controls) {
  std::error_code ec;
  fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) return;
  std::vector<fs::path> subdirs;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) return;
    const fs::path path = it->path();
    const std::string name = path.filename().string();
    std::error_code type_ec;
    if (it->is_directory(type_ec)) {
      if (!it->is_symlink(type_ec) && !competition_directory(name)) subdirs.push_back(path);
      continue;
    }
    if (!it->is_regular_file(type_ec) || name.empty() || name.front() == '.') continue;
    const std::string extension = path.extension().string();
    if (kNotControlFiles.count(extension) != 0) continue;
    if (name.size() > 4 && (name.ends_with("-wal") || name.ends_with("-shm"))) continue;
    fs::path db = path;
    db.replace_extension(".db");
    if (fs::is_regular_file(db, type_ec)) controls.push_back(path);
  }
  if (depth < max_depth)
    for (const auto& sub : subdirs) scan(sub, depth + 1, max_depth, controls);
}

}  // namespace

std::vector<FoundCompetition> find_competitions(const std::vector<std::string>& dirs,
                                                int max_depth) {
  std::vector<fs::path> controls;
  for (const auto& dir : dirs) scan(fs::path(dir), 0, max_depth, controls);
  std::sort(controls.begin(), controls.end());
  controls.erase(std::unique(controls.begin(), controls.end()), controls.end());
  std::vector<FoundCompetition> found;
  std::map<std::string, int> uses;
  for (const auto& control : controls) {
    const std::string code = control.stem().string();
    std::string id = url_id(code);
    const int n = ++uses[id];
    if (n > 1) id += "-" + std::to_string(n);
    found.push_back({id, code, control.string()});
  }
  return found;
}

std::vector<FoundCompetition> CompetitionFinder::competitions() {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (!scanned_once_ || now - scanned_ > std::chrono::seconds(2)) {
    found_ = find_competitions(dirs_);
    scanned_ = now;
    scanned_once_ = true;
  }
  return found_;
}

}  // namespace rm::serve
