// `candidates`: the candidates the control file defines, rendered without playing: the
// mc_tuner's grid; the other tuners' start, recommendation (from the database, read-only) and
// the values given with --values.
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string_view>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::cli {

int candidates_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  if (control.tuner() == nullptr) {
    const std::string& name = control.competition_type;
    const bool vowel =
        !name.empty() && std::string_view("aeiou").find(name[0]) != std::string::npos;
    throw rm::run::RingmasterError("the candidates command lists a tuner's candidates; " +
                                   std::string(vowel ? "an " : "a ") + name + " has none");
  }
  const auto* type = rm::comp::find_competition_type(control.competition_type);
  if (type->describe_candidates != nullptr && !line.values) {  // the mc_tuner's grid
    std::cout << type->describe_candidates(control);
    std::cout.flush();
    return kExitOk;
  }
  // Read-only as `show` (no lock, nothing written to the database): safe while a run goes on.
  // Without a database, the competition as it starts.
  const auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  rm::run::CompetitionSession session;
  if (std::filesystem::exists(paths.db))
    session = rm::run::open_read_only(control, paths);
  else
    session.competition = rm::run::make_competition_for(control);
  std::optional<std::string> text;
  try {
    text = session.competition->describe_points(line.values);
  } catch (const std::invalid_argument& e) {
    throw rm::run::RingmasterError(e.what());
  }
  if (!text)
    throw rm::run::RingmasterError("the candidates command has nothing to list for " +
                                   control.competition_type);
  std::cout << *text;
  std::cout.flush();
  return kExitOk;
}

}  // namespace rm::cli
