// Reading openings.
#include "ringmaster/control/openings_settings.hpp"

#include <algorithm>
#include <filesystem>
#include <variant>

#include "ringmaster/control/player_fields.hpp"
#include "ringmaster/game/bounded_file.hpp"
#include "ringmaster/game/opening_from_sgf.hpp"
#include "ringmaster/game/sgf_reader.hpp"

namespace rm::control::detail {

namespace {

namespace fs = std::filesystem;

// An SGF collection may hold many records: more room than for a control file.
constexpr std::size_t kMaxOpeningsFileBytes = 16 * 1024 * 1024;

// The SGF files named by the setting: the file itself, or a directory's *.sgf files by name.
std::vector<fs::path> sgf_files(const Reader& r, const Field& f, const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      std::string ext = entry.path().extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
      if (ext == ".sgf" && entry.is_regular_file(ec)) files.push_back(entry.path());
    }
    if (ec) r.fail(f, "cannot read directory " + path.string() + ": " + ec.message());
    std::sort(files.begin(), files.end());
    if (files.empty()) r.fail(f, "directory " + path.string() + " has no .sgf files");
    return files;
  }
  if (!fs::exists(path, ec))
    r.fail(f, ec ? "cannot read " + path.string() + ": " + ec.message()
                 : "no such file or directory: " + path.string());
  return {path};
}

// A FIFO or a device (/dev/zero) would block or never end: only regular files, bounded.
std::string read_whole(const Reader& r, const Field& f, const fs::path& path) {
  auto read = rm::game::read_bounded_file(path.string(), kMaxOpeningsFileBytes);
  if (auto* problem = std::get_if<rm::game::FileProblem>(&read))
    r.fail(f, "cannot read " + path.string() + ": " + problem->message);
  return std::move(std::get<std::string>(read));
}

[[noreturn]] void fail_in_sgf(const fs::path& file, rm::game::SgfPosition p,
                              const std::string& what) {
  throw ConfigError(file.string() + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) +
                    ": openings: " + what);
}

// "line L column C: what" -> "what" (the position goes in front of the message instead).
std::string without_position(const std::string& message) {
  auto colon = message.find(": ");
  return colon == std::string::npos ? message : message.substr(colon + 2);
}

}  // namespace

OpeningsSettings read_openings(const Reader& r, const Field& f, const std::string& directory,
                               int board_size) {
  Mapping m(r, f, {"sgf", "moves", "order", "seed", "pairs", "report"});
  OpeningsSettings s;
  const Field sgf = m.require("sgf");
  s.sgf = read_string(r, sgf);
  if (auto moves = m.find("moves")) s.moves = read_positive_int(r, *moves);
  if (auto order = m.find("order"))
    s.order = read_enum(r, *order, {"sequential", "random"}) == "random" ? OpeningOrder::Random
                                                                         : OpeningOrder::Sequential;
  if (auto seed = m.find("seed")) {
    if (s.order != OpeningOrder::Random) r.fail(*seed, "only used with order: random");
    const long long v = read_int(r, *seed);
    if (v < 0) r.fail(*seed, "must not be negative");
    s.seed = static_cast<std::uint64_t>(v);
  }
  if (auto pairs = m.find("pairs")) s.pairs = read_bool(r, *pairs);
  if (auto report = m.find("report")) s.report = read_bool(r, *report);

  const fs::path path = resolve_against(directory, expand_user(s.sgf));
  for (const fs::path& file : sgf_files(r, sgf, path)) {
    const std::string text = read_whole(r, sgf, file);
    std::vector<rm::game::SgfGameTree> trees;
    try {
      trees = rm::game::read_sgf_collection(text);
    } catch (const rm::game::SgfSyntaxError& e) {
      fail_in_sgf(file, e.position, without_position(e.what()));
    }
    std::string name = fs::path(file).lexically_relative(directory).string();
    if (name.empty() || name.rfind("..", 0) == 0) name = file.string();
    for (std::size_t i = 0; i < trees.size(); ++i) {
      const std::string opening_name =
          trees.size() == 1 ? name : name + " #" + std::to_string(i + 1);
      try {
        s.openings.push_back(
            rm::game::opening_from_sgf(trees[i], board_size, s.moves, opening_name));
      } catch (const rm::game::OpeningError& e) {
        fail_in_sgf(file, e.position, without_position(e.what()));
      }
    }
  }
  return s;
}

}  // namespace rm::control::detail
