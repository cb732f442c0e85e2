#include "ringmaster/run/startup_checks.hpp"

#include <set>
#include <sstream>

#include "engine/gtp/controller.hpp"

namespace rm::run {
namespace {

std::string komi_text(double komi) {
  std::ostringstream s;
  s << komi;  // shortest form: "7.5", "6", "-3.5"
  return s.str();
}

// Empty string on success, else the error message. `scores`: the engine knows final_score.
std::string check_one(const rm::game::PlayerSpec& player, const rm::game::GameSettings& settings,
                      bool pass_stderr, std::vector<std::string>& warnings, bool& scores,
                      const CheckEngineHandover* handover) {
  std::optional<rm::game::PlayerSpec> kept_spec;
  if (handover != nullptr && handover->game_spec) kept_spec = handover->game_spec(player);
  rm::gtp::EngineSpec spec = kept_spec ? kept_spec->engine : player.engine;
  spec.process.environ["GOMILL_GAME_ID"] = "startup-check";
  if (kept_spec) {
    // Started as the referee starts an engine for a game, since it may play the games.
    if (spec.name.empty()) spec.name = kept_spec->code;
  } else if (pass_stderr) {
    spec.process.stderr_mode = rm::process::StderrMode::PassThrough;
  } else {
    spec.process.stderr_mode = rm::process::StderrMode::Discard;
  }
  auto started = rm::gtp::Controller::start(spec);
  if (auto* error = std::get_if<rm::gtp::GtpError>(&started)) return error->message;
  auto& owned = std::get<std::unique_ptr<rm::gtp::Controller>>(started);
  auto& controller = *owned;
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
  scores = controller.known_command("final_score");
  if (kept_spec && !controller.is_broken() && controller.error_count() == 0) {
    handover->keep(*kept_spec, std::move(owned));
    return {};
  }
  auto report = controller.close();
  for (auto& late : report.late_errors) warnings.push_back(late);
  return {};
}

// Games are scored by the players here (no internal scorer, no arbiter).
bool scored_by_players(const rm::game::GameSettings& settings) {
  return settings.scorer == rm::game::Scorer::Players &&
         settings.adjudication.arbiter == rm::game::ArbiterKind::None;
}

}  // namespace

std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> with_arbiters(
    std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players) {
  std::set<std::string> codes;
  for (const auto& [player, settings] : players) codes.insert(player.code);
  const std::size_t count = players.size();
  for (std::size_t i = 0; i < count; ++i) {
    const rm::game::Adjudication& a = players[i].second.adjudication;
    if (a.arbiter != rm::game::ArbiterKind::Engine || !a.arbiter_engine) continue;
    if (!codes.insert(a.arbiter_code).second) continue;
    rm::game::PlayerSpec arbiter;
    arbiter.code = a.arbiter_code;
    arbiter.engine = *a.arbiter_engine;
    players.emplace_back(arbiter, players[i].second);
  }
  return players;
}

StartupCheckOutcome run_startup_checks(
    const std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>>& players,
    bool pass_stderr, const std::function<void(const std::string& code)>& on_checking,
    const CheckEngineHandover* handover) {
  StartupCheckOutcome outcome;
  std::vector<std::string> cannot_score;
  for (const auto& [player, settings] : players) {
    if (on_checking) on_checking(player.code);
    bool scores = true;
    std::string message =
        check_one(player, settings, pass_stderr, outcome.warnings, scores, handover);
    if (!message.empty()) {
      outcome.failure = "player " + player.code + " failed startup check:\n" + message;
      return outcome;
    }
    if (!scores && scored_by_players(settings)) cannot_score.push_back(player.code);
  }
  // Two such players, or one that plays itself (a tuner head to head): every game they end by
  // passing would have no winner, silently.
  if (cannot_score.size() >= 2 || (players.size() == 1 && cannot_score.size() == 1)) {
    std::string names;
    for (const auto& code : cannot_score) names += (names.empty() ? "" : ", ") + code;
    outcome.warnings.push_back(
        "warning: " + std::string(cannot_score.size() == 1 ? "player " : "players ") + names +
        (cannot_score.size() == 1 ? " does" : " do") +
        " not answer final_score and no arbiter is set: their games that end by passing will "
        "have no winner (?); set `scorer: internal` or an arbiter (adjudication: {arbiter: "
        "...})");
  }
  return outcome;
}

}  // namespace rm::run
