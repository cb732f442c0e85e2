// GTP v2 conformance of the real ringbot binary, driven over pipes.
#include <catch2/catch.hpp>

#include "tests/refbot/gtp_pipe.hpp"

using rm::refbot::test::GtpPipe;
using rm::refbot::test::ringbot_path;

TEST_CASE("ids are echoed on success and failure", "[gtp]") {
  GtpPipe e({ringbot_path(), "--playouts", "20", "--seed", "1"});
  auto r = e.send("17 name");
  CHECK(r.ok);
  CHECK(r.id == "17");
  CHECK(r.text == "ringbot");
  CHECK(r.raw == "=17 ringbot\n\n");
  r = e.send("18 no_such_command");
  CHECK_FALSE(r.ok);
  CHECK(r.id == "18");
  CHECK(r.text == "unknown command");
  r = e.send("protocol_version");
  CHECK(r.raw == "= 2\n\n");
  r = e.send("version");
  CHECK(r.ok);
}

TEST_CASE("comments, blank lines and control characters are handled per the spec", "[gtp]") {
  GtpPipe e({ringbot_path(), "--playouts", "20"});
  e.send_silent("# a comment line\n\n   \t \n");
  auto r = e.send("5\tname # trailing comment");
  CHECK(r.raw == "=5 ringbot\n\n");
  r = e.send("known_command\r play");
  CHECK(r.text == "true");
  r = e.send("known_command frobnicate");
  CHECK(r.text == "false");
}

TEST_CASE("bad arguments fail cleanly", "[gtp]") {
  GtpPipe e({ringbot_path(), "--playouts", "20"});
  CHECK(e.send("boardsize 26").text == "unacceptable size");
  CHECK(e.send("boardsize 1").text == "unacceptable size");
  CHECK(e.send("boardsize x").text == "syntax error");
  CHECK(e.send("boardsize").text == "syntax error");
  CHECK(e.send("komi seven").text == "syntax error");
  CHECK(e.send("play").text == "syntax error");
  CHECK(e.send("play purple D4").text == "invalid color");
  CHECK(e.send("play black Z99").text == "invalid coordinate");
  CHECK(e.send("play black I5").text == "invalid coordinate");
  CHECK(e.send("genmove").text == "syntax error");
  CHECK(e.send("genmove green").text == "invalid color");
  CHECK(e.send("undo").text == "cannot undo");
  CHECK(e.send("fixed_handicap 1").text == "invalid number of stones");
  CHECK(e.send("fixed_handicap 10").text == "invalid number of stones");
  CHECK(e.send("set_free_handicap A1").text == "invalid number of stones");
  CHECK(e.send("set_free_handicap A1 A1").text == "repeated vertex");
  CHECK(e.send("final_status_list zombie").text == "syntax error");
  CHECK(e.send("time_settings 1 2").text == "syntax error");
  CHECK_FALSE(e.send("ringbot-set_param playouts -5").ok);
  CHECK_FALSE(e.send("ringbot-set_param nonsense 1").ok);
  CHECK_FALSE(e.send("ringbot-get_param nonsense").ok);
  // A very long line of garbage is just an unknown command.
  CHECK(e.send(std::string(10000, 'x')).text == "unknown command");
  CHECK(e.send("name").text == "ringbot");  // still alive
}

TEST_CASE("multi-line responses end with one blank line", "[gtp]") {
  GtpPipe e({ringbot_path(), "--playouts", "20"});
  auto r = e.send("list_commands");
  CHECK(r.ok);
  CHECK(r.text.find("\nringbot-set_param\n") != std::string::npos);
  CHECK(r.raw.size() > 2);
  CHECK(r.raw.substr(r.raw.size() - 2) == "\n\n");
  CHECK(r.raw.find("\n\n") == r.raw.size() - 2);
  r = e.send("showboard");
  CHECK(r.ok);
  CHECK(r.raw.find("\n\n") == r.raw.size() - 2);
  CHECK(r.text.find(" 9 . . . . . . . . .") != std::string::npos);
  r = e.send("gomill-describe_engine");
  CHECK(r.text.find("uct_c 0.7") != std::string::npos);
  // The next response is read cleanly: nothing was left over.
  CHECK(e.send("3 name").raw == "=3 ringbot\n\n");
}

TEST_CASE("parameters over GTP", "[gtp][params]") {
  GtpPipe e({ringbot_path(), "--playouts", "77", "--uct_c", "1.25"});
  CHECK(e.send("ringbot-get_param playouts").text == "77");
  CHECK(e.send("ringbot-get_param uct_c").text == "1.25");
  CHECK(e.send("ringbot-set_param search flat").ok);
  CHECK(e.send("ringbot-get_param search").text == "flat");
  CHECK(e.send("ringbot-list_params").text.find("search flat\nplayouts 77\n") == 0);
  auto r = e.send("gomill-cpu_time");
  CHECK(r.ok);
  CHECK(std::stod(r.text) >= 0);
  CHECK(e.send("time_settings 300 30 5").ok);
  CHECK(e.send("time_left black 120 0").ok);
}

TEST_CASE("command-line errors exit with status 2", "[gtp]") {
  const std::string bot = ringbot_path();
  const std::vector<std::vector<std::string>> cases{
      {bot, "--playouts", "zero"}, {bot, "--bogus", "1"}, {bot, "--playouts"}};
  for (const auto& args : cases) {
    GtpPipe e(args);
    const int status = e.close_and_wait();
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
  }
}

TEST_CASE("quit answers and exits", "[gtp]") {
  GtpPipe e({ringbot_path()});
  CHECK(e.send("9 quit").raw == "=9\n\n");
  const int status = e.close_and_wait();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
