#pragma once
// The candidate template: YAML's replacement for gomill's make_candidate. A player definition
// whose strings may contain placeholders "{code}" or "{code:%.3f}" (a parameter code, with an
// optional Python %-format of the value; default %s) and "{files_dir}"; "{{" and "}}" are
// literal braces. Substitution is textual inside ONE argument / command word / environment
// value, never through a shell, so the values stay whole arguments.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/game/game_job.hpp"
#include "scales/parameter.hpp"
#include "scales/value.hpp"

namespace rm::control {

// A file rendered into the candidate's own directory before it starts.
struct TemplateFile {
  std::string name;           // plain file name inside files_dir (no '/', not "." or "..")
  std::string template_path;  // absolute path of the template (resolved against the control file)
  std::string text;  // the template's text, read at load time (loading checks placeholders)
};

struct RenderedFile {
  std::string path;  // files_dir + "/" + name
  std::string text;
};

struct CandidateTemplate {
  // Template fields (placeholders not yet substituted). Relative paths in the rendered
  // command[0] (when it contains '/') and cwd are resolved against `directory`.
  std::vector<std::string> command;
  std::optional<std::string> cwd;
  std::map<std::string, std::string> environ;
  std::vector<std::vector<std::string>> startup_gtp_commands;  // each already split into words
  std::map<std::string, std::string> gtp_aliases;
  bool is_reliable_scorer = true;
  bool allow_claim = false;
  bool sgf_player_name_from_gtp = true;
  bool discard_stderr = false;
  bool gtp_pipelining = true;
  int startup_banner_lines = 0;
  rm::gtp::Timeouts timeouts;
  std::vector<TemplateFile> files;

  std::vector<rm::scales::Parameter> parameters;  // the codes placeholders may name, in order
  std::string directory;                          // the competition directory
  bool stderr_to_log = true;                      // the competition's setting, for the stderr mode
  std::string log_path;                           // <directory>/<code>.log, where stderr goes

  // The player for one candidate: every placeholder substituted with the formatted value,
  // code = player_code. Pure. Throws ConfigError if a value does not fit its placeholder's format.
  rm::game::PlayerSpec render_spec(const std::vector<rm::scales::Value>& values,
                                   const std::string& player_code,
                                   const std::string& files_dir) const;
  // The files to write into files_dir for these values (empty when there is no `files`).
  std::vector<RenderedFile> files_to_write(const std::vector<rm::scales::Value>& values,
                                           const std::string& files_dir) const;
  // Creates files_dir (and parents) and writes files_to_write(); nothing to do without files.
  // Throws ConfigError naming the path for I/O problems.
  void write_files(const std::vector<rm::scales::Value>& values,
                   const std::string& files_dir) const;
  // Removes the files write_files() writes in files_dir, then the directory if that leaves it
  // empty (what an engine wrote there is kept, and so is the directory). Never throws: a file
  // already gone is not an error.
  void remove_files(const std::string& files_dir) const;
  // render_spec() plus write_files(): what the run loop calls before starting a candidate.
  rm::game::PlayerSpec render(const std::vector<rm::scales::Value>& values,
                              const std::string& player_code, const std::string& files_dir) const;
  // Whether any field mentions {files_dir} or there are files (then each candidate needs a dir).
  bool needs_files_dir() const;
};

// A candidate's own directory, named by its tree path: <directory>/<competition code>.candidates/
// then every coordinate of every step joined with '_' (path (1,) (0,) with one parameter ->
// "1_0"; path (2,3) with two -> "2_3"). The rendered content for a candidate never changes,
// so games of the same candidate share it. This is the layout mc_tuner uses.
std::string candidate_files_dir(const std::string& directory, const std::string& competition_code,
                                const std::vector<int>& path, const std::vector<int>& splits);
// A directory named by an arbitrary id: <directory>/<competition code>.candidates/<id>, the id
// being player_code without a leading '#' ("#17" -> "17").
std::string candidate_files_dir(const std::string& directory, const std::string& competition_code,
                                const std::string& player_code);

// Substitute placeholders in one string. Throws ConfigError (message without a file position)
// for an unknown code, a bad format, or an unbalanced brace.
std::string substitute_placeholders(const std::string& text,
                                    const std::vector<rm::scales::Parameter>& parameters,
                                    const std::vector<rm::scales::Value>& values,
                                    const std::string& files_dir);
// The parameter codes a string's placeholders name (with checks as above; used at load time).
std::vector<std::string> placeholder_codes(const std::string& text,
                                           const std::vector<rm::scales::Parameter>& parameters);

}  // namespace rm::control
