#include "ringmaster/run/startup_checks.hpp"

#include <sstream>

#include "engine/gtp/controller.hpp"

namespace rm::run {
namespace {

std::string komi_text(double komi) {
  std::ostringstream s;
  s << komi;  // shortest form: "7.5", "6", "-3.5"
  return s.str();
}

// Empty string on success, else the error message.
std::string check_one(const rm::game::PlayerSpec& player, const rm::game::GameSettings& settings,
                      bool pass_stderr, std::vector<std::string>& warnings) {
  rm::gtp::EngineSpec spec = player.engine;
  spec.process.environ["GOMILL_GAME_ID"] = "startup-check";
  if (pass_stderr) {
    spec.process.stderr_mode = rm::process::StderrMode::PassThrough;
  } else {
    spec.process.stderr_mode = rm::process::StderrMode::Discard;
  }
  auto started = rm::gtp::Controller::start(spec);
  if (auto* error = std::get_if<rm::gtp::GtpError>(&started)) return error->message;
  auto& controller = *std::get<std::unique_ptr<rm::gtp::Controller>>(started);
  const std::vector<std::pair<std::string, std::vector<std::string>>> commands = {
      {"boardsize", {std::to_string(settings.board_size)}},
      {"clear_board", {}},
      {"komi", {komi_text(settings.komi)}},
  };
  for (const auto& [command, args] : commands) {
    auto response = controller.send(command, args);
    if (auto* error = std::get_if<rm::gtp::GtpError>(&response)) {
      controller.close();
      return error->message;
    }
  }
  auto report = controller.close();
  for (auto& late : report.late_errors) warnings.push_back(late);
  return {};
}

}  // namespace

StartupCheckOutcome run_startup_checks(
    const std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>>& players,
    bool pass_stderr, const std::function<void(const std::string& code)>& on_checking) {
  StartupCheckOutcome outcome;
  for (const auto& [player, settings] : players) {
    if (on_checking) on_checking(player.code);
    std::string message = check_one(player, settings, pass_stderr, outcome.warnings);
    if (!message.empty()) {
      outcome.failure = "player " + player.code + " failed startup check:\n" + message;
      return outcome;
    }
  }
  return outcome;
}

}  // namespace rm::run
