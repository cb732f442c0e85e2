// The game setting `suicide`: gomill's rule (allowed) unless a file says forfeit, at the top
// level or per matchup; anything else is refused.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::comp::PlayoffSettings;
using rm::control::testing::TempDir;
using rm::game::SuicideRule;

namespace {

const std::string kPlayoff =
    "competition_type: playoff\n"
    "players:\n"
    "  a: {command: [ringbot]}\n"
    "  b: {command: [ringbot, -x]}\n"
    "board_size: 9\n"
    "komi: 7.5\n";

}  // namespace

TEST_CASE("suicide: allowed by default (gomill), forfeit when asked, per matchup too",
          "[control][suicide]") {
  TempDir dir;
  auto defaults = load_control_file(dir.write("p.yaml", kPlayoff + "matchups: [[a, b]]\n"));
  CHECK(defaults.game.suicide == SuicideRule::Allowed);
  const auto& m = defaults.settings<PlayoffSettings>().matchups.at(0);
  CHECK(m.game.suicide == SuicideRule::Allowed);

  auto forfeit = load_control_file(
      dir.write("q.yaml", kPlayoff + "suicide: forfeit\nmatchups:\n  - [a, b]\n"
                                     "  - {player_1: a, player_2: b, id: x, suicide: allowed}\n"));
  const auto& ms = forfeit.settings<PlayoffSettings>().matchups;
  CHECK(ms.at(0).game.suicide == SuicideRule::Forfeit);
  CHECK(ms.at(1).game.suicide == SuicideRule::Allowed);

  CHECK_THROWS_AS(load_control_file(dir.write("r.yaml", kPlayoff + "suicide: sometimes\n"
                                                                   "matchups: [[a, b]]\n")),
                  ConfigError);
}
