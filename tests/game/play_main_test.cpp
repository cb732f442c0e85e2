// The real `ringmaster-play` binary given hostile job files (issue 13): every input error is
// a clear message and exit status 2, never an abort or a hang.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

const std::string kPlay = std::string(RM_BIN_DIR) + "/ringmaster-play";

rm::test::Finished play(const rm::test::TempDir& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv{kPlay};
  argv.insert(argv.end(), args.begin(), args.end());
  rm::test::ChildProcess child(argv, dir.file("capture"), "play");
  auto f = child.wait();
  REQUIRE(f);
  return *f;
}

std::string job_with(const std::string& extra) {
  return R"({"game_id": "7", )" + extra +
         R"("black": {"code": "a", "engine": {"process": {"argv": ["engine_a"]}}},
            "white": {"code": "b", "engine": {"process": {"argv": ["engine_b"]}}},
            "settings": {"board_size": 9, "komi": 7.5}})";
}

}  // namespace

TEST_CASE("ringmaster-play --help prints the usage on stdout and exits 0", "[game][binary]") {
  rm::test::TempDir dir;
  auto help = play(dir, {"--help"});
  CHECK(help.exit_status == 0);
  CHECK_THAT(help.out, Catch::StartsWith("usage: ringmaster-play JOB.json"));
  CHECK(help.err.empty());
  auto none = play(dir, {});
  CHECK(none.exit_status == 2);
  CHECK(none.err ==
        "usage: ringmaster-play JOB.json   (or '-' to read the job from stdin)\n"
        "       ringmaster-play --serve    (a worker: one job JSON per line in, one result per "
        "line out)\n"
        "ringmaster-play: no job file specified\n");
}

TEST_CASE("ringmaster-play: a number beyond a double is a bad job, not an abort",
          "[game][binary][hostile]") {
  rm::test::TempDir dir;
  std::ofstream(dir.file("big.json")) << job_with(R"("sgf_note": "x", "extra": 1e400, )");
  auto f = play(dir, {dir.file("big.json")});
  CHECK(f.exit_status == 2);
  CHECK_THAT(f.err, Catch::StartsWith("ringmaster-play: bad job file " + dir.file("big.json") +
                                      ": invalid JSON: "));
  CHECK_THAT(f.err, Catch::Contains("number overflow"));
  std::ofstream(dir.file("komi.json")) << R"({"game_id": "7", "settings": {"komi": -1e400}})";
  CHECK(play(dir, {dir.file("komi.json")}).exit_status == 2);
}

TEST_CASE("ringmaster-play refuses devices, FIFOs, huge files and unknown fields",
          "[game][binary][hostile]") {
  rm::test::TempDir dir;
  auto zero = play(dir, {"/dev/zero"});
  CHECK(zero.exit_status == 2);
  CHECK(zero.err == "ringmaster-play: bad job file /dev/zero: is not a regular file\n");
  REQUIRE(::mkfifo(dir.file("fifo.json").c_str(), 0600) == 0);
  auto fifo = play(dir, {dir.file("fifo.json")});
  CHECK(fifo.exit_status == 2);
  CHECK_THAT(fifo.err, Catch::EndsWith(": is not a regular file\n"));
  std::ofstream(dir.file("huge.json"))
      << job_with(R"("sgf_note": ")" + std::string(2 << 20, 'x') + R"(", )");
  auto huge = play(dir, {dir.file("huge.json")});
  CHECK(huge.exit_status == 2);
  CHECK_THAT(huge.err, Catch::Contains("is larger than 1 MiB"));
  std::ofstream(dir.file("unknown.json")) << job_with(R"("sgf_dirr": "games", )");
  auto unknown = play(dir, {dir.file("unknown.json")});
  CHECK(unknown.exit_status == 2);
  CHECK(unknown.err == "ringmaster-play: bad job file " + dir.file("unknown.json") +
                           ": sgf_dirr: unknown field\n");
}
