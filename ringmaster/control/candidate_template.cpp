// Placeholder substitution and rendering of candidate players.
#include "ringmaster/control/candidate_template.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "ringmaster/control/config_error.hpp"
#include "ringmaster/control/player_fields.hpp"
#include "scales/grid.hpp"
#include "scales/python_format.hpp"

namespace rm::control {
namespace {

struct Placeholder {
  std::string name;    // parameter code or "files_dir"
  std::string format;  // "%s" unless given after ':'
};

// Splits text into literal pieces and placeholders; calls on_literal / on_placeholder in order.
template <class Literal, class Hole>
void scan(const std::string& text, Literal on_literal, Hole on_placeholder) {
  std::string literal;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {
      literal += '{';
      ++i;
    } else if (c == '}' && i + 1 < text.size() && text[i + 1] == '}') {
      literal += '}';
      ++i;
    } else if (c == '{') {
      std::size_t close = text.find('}', i + 1);
      if (close == std::string::npos)
        throw ConfigError("unbalanced '{' in '" + text + "' (write {{ for a literal brace)");
      std::string inside = text.substr(i + 1, close - i - 1);
      std::size_t colon = inside.find(':');
      Placeholder p{inside.substr(0, colon),
                    colon == std::string::npos ? "%s" : inside.substr(colon + 1)};
      on_literal(literal);
      literal.clear();
      on_placeholder(p, "{" + inside + "}");
      i = close;
    } else if (c == '}') {
      throw ConfigError("single '}' in '" + text + "' (write }} for a literal brace)");
    } else {
      literal += c;
    }
  }
  on_literal(literal);
}

const rm::scales::Parameter* find_parameter(const std::vector<rm::scales::Parameter>& params,
                                            const std::string& code, std::size_t* index) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (params[i].code == code) {
      *index = i;
      return &params[i];
    }
  }
  return nullptr;
}

[[noreturn]] void unknown_placeholder(const std::vector<rm::scales::Parameter>& params,
                                      const std::string& whole) {
  std::string codes;
  for (const auto& p : params) codes += (codes.empty() ? "" : ", ") + p.code;
  throw ConfigError("placeholder " + whole + " names no parameter (parameters: " + codes +
                    "; also {files_dir})");
}

}  // namespace

std::vector<std::string> placeholder_codes(const std::string& text,
                                           const std::vector<rm::scales::Parameter>& parameters) {
  std::vector<std::string> codes;
  scan(
      text, [](const std::string&) {},
      [&](const Placeholder& p, const std::string& whole) {
        if (p.name == "files_dir") {
          if (p.format != "%s")
            throw ConfigError("placeholder " + whole + ": {files_dir} takes no format");
          return;
        }
        std::size_t index = 0;
        const rm::scales::Parameter* param = find_parameter(parameters, p.name, &index);
        if (param == nullptr) unknown_placeholder(parameters, whole);
        // Check the format on the parameter's first sample, as the parameter's own format is.
        try {
          rm::scales::python_format(p.format, param->scale->at(1.0 / (2.0 * param->split)));
        } catch (const rm::scales::FormatError& e) {
          throw ConfigError("placeholder " + whole + ": invalid format string: " + e.what());
        } catch (const rm::scales::ScaleError&) {
          // The scale's own check reports this.
        }
        codes.push_back(p.name);
      });
  return codes;
}

std::string substitute_placeholders(const std::string& text,
                                    const std::vector<rm::scales::Parameter>& parameters,
                                    const std::vector<rm::scales::Value>& values,
                                    const std::string& files_dir) {
  std::string out;
  scan(
      text, [&](const std::string& literal) { out += literal; },
      [&](const Placeholder& p, const std::string& whole) {
        if (p.name == "files_dir") {
          out += files_dir;
          return;
        }
        std::size_t index = 0;
        if (find_parameter(parameters, p.name, &index) == nullptr || index >= values.size())
          unknown_placeholder(parameters, whole);
        try {
          out += rm::scales::python_format(p.format, values[index]);
        } catch (const rm::scales::FormatError& e) {
          throw ConfigError("placeholder " + whole + " with value " +
                            rm::scales::python_repr(values[index]) + ": " + e.what());
        }
      });
  return out;
}

rm::game::PlayerSpec CandidateTemplate::render_spec(const std::vector<rm::scales::Value>& values,
                                                    const std::string& player_code,
                                                    const std::string& files_dir) const {
  auto sub = [&](const std::string& s) {
    return substitute_placeholders(s, parameters, values, files_dir);
  };
  detail::PlayerFields fields;
  for (const auto& word : command) fields.command.push_back(sub(word));
  if (cwd) fields.cwd = sub(*cwd);
  for (const auto& [k, v] : environ) fields.environ[k] = sub(v);
  for (const auto& cmd : startup_gtp_commands) {
    std::vector<std::string> words;
    for (const auto& w : cmd) {
      words.push_back(sub(w));
      if (!detail::is_gtp_word(words.back()))
        throw ConfigError("candidate startup_gtp_commands: word '" + words.back() +
                          "' is not a valid GTP word after substitution");
    }
    fields.startup_gtp_commands.push_back(std::move(words));
  }
  for (const auto& [k, v] : gtp_aliases) fields.gtp_aliases[k] = sub(v);
  fields.is_reliable_scorer = is_reliable_scorer;
  fields.allow_claim = allow_claim;
  fields.sgf_player_name_from_gtp = sgf_player_name_from_gtp;
  fields.discard_stderr = discard_stderr;
  fields.gtp_pipelining = gtp_pipelining;
  fields.startup_banner_lines = startup_banner_lines;
  fields.timeouts = timeouts;
  return detail::make_player_spec(player_code, fields, directory,
                                  detail::StderrPolicy{stderr_to_log, log_path});
}

std::vector<RenderedFile> CandidateTemplate::files_to_write(
    const std::vector<rm::scales::Value>& values, const std::string& files_dir) const {
  std::vector<RenderedFile> out;
  for (const auto& f : files)
    out.push_back(RenderedFile{files_dir + "/" + f.name,
                               substitute_placeholders(f.text, parameters, values, files_dir)});
  return out;
}

void CandidateTemplate::write_files(const std::vector<rm::scales::Value>& values,
                                    const std::string& files_dir) const {
  namespace fs = std::filesystem;
  if (files.empty()) return;
  const std::vector<RenderedFile> rendered = files_to_write(values, files_dir);
  const fs::path dir(files_dir);
  std::error_code ec;
  if (dir.has_parent_path()) fs::create_directories(dir.parent_path(), ec);
  if (ec) throw ConfigError("cannot create candidate directory " + files_dir + ": " + ec.message());
  // The files are written into a directory of this writer's own beside it, then that is
  // renamed into place: a reader finds no directory or a complete one. Where the directory
  // exists already (an earlier run's, or another writer's), each file is moved into it by a
  // rename instead: a reader sees the old file or the new one, both whole.
  static std::atomic<unsigned long> counter{0};
  const fs::path staging(files_dir + ".tmp-" + std::to_string(::getpid()) + "-" +
                         std::to_string(++counter));
  fs::create_directory(staging, ec);
  if (ec) throw ConfigError("cannot create candidate directory " + files_dir + ": " + ec.message());
  const auto fail = [&](const std::string& message) {
    std::error_code ignored;
    fs::remove_all(staging, ignored);
    throw ConfigError(message);
  };
  for (const auto& f : rendered) {
    const fs::path name = fs::path(f.path).filename();
    std::ofstream out(staging / name, std::ios::binary | std::ios::trunc);
    out << f.text;
    out.close();
    if (!out) fail("cannot write candidate file " + f.path + ": " + std::strerror(errno));
  }
  fs::rename(staging, dir, ec);
  if (!ec) return;
  for (const auto& f : rendered) {
    fs::rename(staging / fs::path(f.path).filename(), f.path, ec);
    if (ec) fail("cannot write candidate file " + f.path + ": " + ec.message());
  }
  fs::remove(staging, ec);
}

void CandidateTemplate::remove_files(const std::string& files_dir) const {
  namespace fs = std::filesystem;
  if (files.empty() || files_dir.empty()) return;
  std::error_code ignored;
  for (const auto& f : files) fs::remove(fs::path(files_dir) / f.name, ignored);
  fs::remove(files_dir, ignored);  // only if empty
}

rm::game::PlayerSpec CandidateTemplate::render(const std::vector<rm::scales::Value>& values,
                                               const std::string& player_code,
                                               const std::string& files_dir) const {
  rm::game::PlayerSpec spec = render_spec(values, player_code, files_dir);
  write_files(values, files_dir);
  return spec;
}

bool CandidateTemplate::needs_files_dir() const {
  if (!files.empty()) return true;
  auto mentions = [](const std::string& s) { return s.find("{files_dir") != std::string::npos; };
  for (const auto& w : command)
    if (mentions(w)) return true;
  if (cwd && mentions(*cwd)) return true;
  for (const auto& [k, v] : environ)
    if (mentions(v)) return true;
  for (const auto& cmd : startup_gtp_commands)
    for (const auto& w : cmd)
      if (mentions(w)) return true;
  return false;
}

std::string candidate_files_dir(const std::string& directory, const std::string& competition_code,
                                const std::string& player_code) {
  std::string id =
      !player_code.empty() && player_code[0] == '#' ? player_code.substr(1) : player_code;
  return detail::resolve_against(directory, competition_code + ".candidates/" + id);
}

std::string candidate_files_dir(const std::string& directory, const std::string& competition_code,
                                const std::vector<int>& path, const std::vector<int>& splits) {
  std::string name;
  for (int choice : path)
    for (int coordinate : rm::scales::child_coordinates(choice, splits))
      name += (name.empty() ? "" : "_") + std::to_string(coordinate);
  return candidate_files_dir(directory, competition_code, name);
}

}  // namespace rm::control
