// `check`: start each player once with the engines' stderr shown, as gomill's check.
// It creates nothing beside the control file: a tuner's candidate may need its rendered
// files (the `files:` of the candidate template) to start, so they are written to a
// temporary directory that is removed afterwards.
#include <stdlib.h>

#include <filesystem>
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "ringmaster/run/startup_checks.hpp"

namespace rm::cli {
namespace {

// A fresh directory under $TMPDIR (or /tmp), removed with everything in it on destruction.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::error_code ec;
    std::filesystem::path base = std::filesystem::temp_directory_path(ec);
    if (ec) base = "/tmp";
    std::string pattern = (base / "ringmaster-check-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr)
      throw rm::run::RingmasterError("cannot create a temporary directory in " + base.string());
    path_ = pattern;
  }
  ~ScratchDirectory() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

int check_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  ScratchDirectory scratch;
  // Players and the candidate template were resolved against the real directory at load
  // time; only where candidate files are written (<directory>/<code>.candidates/) moves.
  control.directory = scratch.path();
  auto competition = rm::run::make_competition_for(control);
  auto outcome = rm::run::run_startup_checks(
      competition->players_to_check(), true,
      [](const std::string& code) { std::cout << "checking player " << code << std::endl; });
  for (const auto& w : outcome.warnings) std::cerr << w << std::endl;
  if (outcome.failure) {
    std::cerr << *outcome.failure << std::endl;
    return kExitError;
  }
  return kExitOk;
}

}  // namespace rm::cli
