// return_sgf, the seam that lets a game played on another machine bring its SGF record back:
// ringmaster-play puts the record in the result instead of a file, and the controller writes
// it where the record would have gone.
#include <catch2/catch.hpp>
#include <filesystem>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"
#include "ringmaster/game/sgf_record.hpp"
#include "ringmaster/run/executor/child_command.hpp"
#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

rm::game::GameJob ringbot_job(const std::string& sgf_dir) {
  rm::game::GameJob job;
  job.game_id = "7";
  job.competition_code = "rs";
  for (auto* p : {&job.black, &job.white}) {
    p->code = p == &job.black ? "b1" : "w1";
    p->engine.name = p->code;
    p->engine.process.argv = {std::string(RM_BIN_DIR) + "/ringbot", "--playouts", "2", "--seed",
                              "1"};
  }
  job.settings.board_size = 7;
  job.settings.komi = 4.5;
  job.sgf_dir = sgf_dir;
  job.void_sgf_dir = sgf_dir + "/void";
  return job;
}

}  // namespace

TEST_CASE("return_sgf round-trips through the job and result JSON", "[slurm][sgf]") {
  rm::game::GameJob job = ringbot_job("/nowhere");
  CHECK_FALSE(rm::game::to_json(job).contains("return_sgf"));
  job.return_sgf = true;
  CHECK(rm::game::job_from_json(rm::game::to_json(job)).return_sgf);
  rm::game::GameResult r;
  r.game_id = "7";
  r.black_code = "b1";
  r.white_code = "w1";
  r.sgf_result = "B+R";
  CHECK_FALSE(rm::game::to_json(r).contains("sgf_text"));
  r.sgf_text = "(;FF[4])\n";
  CHECK(rm::game::result_from_json(rm::game::to_json(r)).sgf_text == "(;FF[4])\n");
}

TEST_CASE("ringmaster-play returns the record and the controller writes it", "[slurm][sgf]") {
  rm::test::TempDir dir("rm-returned-sgf");
  rm::game::GameJob job = ringbot_job(dir.path());
  job.return_sgf = true;
  auto play = rm::run::run_child({std::string(RM_BIN_DIR) + "/ringmaster-play", "-"},
                                 rm::game::to_json(job).dump());
  INFO(play.err);
  REQUIRE(play.succeeded());
  rm::game::GameResult result = rm::game::result_from_json(nlohmann::json::parse(play.out));
  CHECK_FALSE(result.is_void);
  CHECK(result.sgf_path.empty());
  CHECK(std::filesystem::is_empty(dir.path()));  // nothing written by ringmaster-play
  REQUIRE_THAT(result.sgf_text, Catch::StartsWith("(;FF[4]"));
  const std::string text = result.sgf_text;
  rm::game::write_returned_sgf(job, result);
  CHECK(result.sgf_text.empty());
  CHECK(result.sgf_path == dir.file("7.sgf"));
  CHECK(rm::test::slurp(result.sgf_path) == text);
}

TEST_CASE("a returned record that cannot be written is kept with the result", "[slurm][sgf]") {
  rm::game::GameJob job = ringbot_job("/proc/no-such-dir");
  rm::game::GameResult result;
  result.game_id = "7";
  result.sgf_text = "(;FF[4])\n";
  rm::game::write_returned_sgf(job, result);
  CHECK(result.sgf_path.empty());
  CHECK_THAT(result.sgf_write_error,
             Catch::StartsWith("cannot write SGF record /proc/no-such-dir/7.sgf"));
  CHECK(result.unwritten_sgf == "(;FF[4])\n");
}
