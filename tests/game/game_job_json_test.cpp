#include <catch2/catch.hpp>

#include "ringmaster/game/game_job.hpp"

using namespace rm::game;

namespace {

GameJob sample_job() {
  GameJob job;
  job.game_id = "0_003";
  job.competition_code = "test";
  job.sgf_event = "test (one v two)";
  job.sgf_note = "Candidate parameters: pl: 300";
  job.black.code = "one";
  job.black.engine.name = "one";
  job.black.engine.process.argv = {"scripted_engine", "--resign-after", "4"};
  job.black.engine.process.cwd = "/tmp";
  job.black.engine.process.environ = {{"SEED", "3"}};
  job.black.engine.process.stderr_mode = rm::process::StderrMode::AppendToFile;
  job.black.engine.process.stderr_path = "/tmp/x.log";
  job.black.engine.process.stderr_sink_limit = 262144;
  job.black.engine.startup_gtp_commands = {{"level", "3"}, {"clear_cache"}};
  job.black.engine.gtp_aliases = {{"gomill-cpu_time", "cputime"}};
  job.black.engine.timeouts.genmove_s = 2.5;
  job.black.allow_claim = true;
  job.white.code = "two";
  job.white.engine.name = "two";
  job.white.engine.process.argv = {"/usr/games/gnugo", "--mode", "gtp"};
  job.white.is_reliable_scorer = false;
  job.white.sgf_player_name_from_gtp = false;
  job.white.engine.pipelining = false;
  job.white.engine.startup_banner_lines = 4;
  job.settings.board_size = 13;
  job.settings.komi = 6.5;
  job.settings.handicap = 3;
  job.settings.handicap_style = HandicapStyle::Free;
  job.settings.move_limit = 400;
  job.settings.scorer = Scorer::Internal;
  job.settings.internal_scorer_handicap_compensation = HandicapCompensation::Short;
  job.settings.suicide = SuicideRule::Forfeit;
  job.sgf_dir = "games";
  job.void_sgf_dir = "void";
  job.gtp_log_path = "logs/0_003.log";
  return job;
}

nlohmann::json minimal_job_json() {
  return nlohmann::json::parse(R"({
    "game_id": "7",
    "black": {"code": "a", "engine": {"process": {"argv": ["engine_a"]}}},
    "white": {"code": "b", "engine": {"process": {"argv": ["engine_b", "-x"]}}},
    "settings": {"board_size": 9, "komi": 7.5}
  })");
}

}  // namespace

TEST_CASE("GameJob JSON round trip", "[game][json]") {
  GameJob job = sample_job();
  nlohmann::json j = to_json(job);
  GameJob back = job_from_json(nlohmann::json::parse(j.dump()));
  CHECK(to_json(back) == j);
  CHECK(back.black.engine.process.argv == job.black.engine.process.argv);
  CHECK(back.black.engine.process.stderr_mode == rm::process::StderrMode::AppendToFile);
  // A worker caps an engine's stderr as the controller would have.
  CHECK(back.black.engine.process.stderr_sink_limit == 262144);
  CHECK_FALSE(j.at("white").at("engine").at("process").contains("stderr_sink_limit"));
  CHECK(back.black.engine.startup_gtp_commands == job.black.engine.startup_gtp_commands);
  CHECK(back.black.engine.gtp_aliases == job.black.engine.gtp_aliases);
  CHECK(back.black.engine.timeouts.genmove_s == 2.5);
  CHECK(back.white.is_reliable_scorer == false);
  CHECK(back.white.engine.pipelining == false);
  CHECK(back.black.engine.pipelining == true);
  CHECK(back.white.engine.startup_banner_lines == 4);
  CHECK(back.black.engine.startup_banner_lines == 0);
  CHECK_FALSE(j.at("black").at("engine").contains("startup_banner_lines"));
  CHECK(back.settings.handicap_style == HandicapStyle::Free);
  CHECK(back.settings.scorer == Scorer::Internal);
  CHECK(back.settings.internal_scorer_handicap_compensation == HandicapCompensation::Short);
  CHECK(back.settings.suicide == SuicideRule::Forfeit);
  CHECK(j.at("settings").at("suicide") == "forfeit");
  // gomill's rule when the field is left out.
  CHECK(job_from_json(minimal_job_json()).settings.suicide == SuicideRule::Allowed);
}

TEST_CASE("GameJob JSON defaults for omitted fields", "[game][json]") {
  GameJob job = job_from_json(minimal_job_json());
  CHECK(job.game_id == "7");
  CHECK(job.black.engine.name == "a");  // messages name the player by its code
  CHECK(job.black.is_reliable_scorer);
  CHECK_FALSE(job.black.allow_claim);
  CHECK(job.settings.move_limit == 1000);
  CHECK(job.settings.handicap == 0);
  CHECK(job.settings.scorer == Scorer::Players);
  CHECK(job.black.engine.timeouts.genmove_s == rm::gtp::Timeouts{}.genmove_s);
  CHECK(job.black.engine.pipelining);
}

TEST_CASE("GameJob JSON errors name the field", "[game][json]") {
  nlohmann::json j = minimal_job_json();
  SECTION("missing game id") {
    j.erase("game_id");
    CHECK_THROWS_WITH(job_from_json(j), "game_id: missing");
  }
  SECTION("game id with a slash") {
    j["game_id"] = "../x";
    CHECK_THROWS_WITH(job_from_json(j), Catch::Contains("game_id: must be"));
  }
  SECTION("missing argv") {
    j["black"]["engine"]["process"].erase("argv");
    CHECK_THROWS_WITH(job_from_json(j), "black.engine.process.argv: missing");
  }
  SECTION("a stderr limit that is not a number of bytes") {
    j["black"]["engine"]["process"]["stderr_sink_limit"] = -1;
    CHECK_THROWS_WITH(job_from_json(j),
                      "black.engine.process.stderr_sink_limit: must be a "
                      "number of bytes (0: no limit)");
  }
  SECTION("empty argv") {
    j["white"]["engine"]["process"]["argv"] = nlohmann::json::array();
    CHECK_THROWS_WITH(job_from_json(j), "white.engine.process.argv: must name an executable");
  }
  SECTION("bad board size") {
    j["settings"]["board_size"] = 26;
    CHECK_THROWS_WITH(job_from_json(j), "settings.board_size: must be between 2 and 25");
  }
  SECTION("komi as a string") {
    j["settings"]["komi"] = "7.5";
    CHECK_THROWS_WITH(job_from_json(j), "settings.komi: expected a number");
  }
  SECTION("unknown scorer") {
    j["settings"]["scorer"] = "gnugo";
    CHECK_THROWS_WITH(
        job_from_json(j),
        Catch::Contains("settings.scorer: expected one of \"players\", \"internal\""));
  }
  SECTION("handicap out of range") {
    j["settings"]["handicap"] = 5;  // 9x9 allows up to 9 fixed stones; 7x7 none
    j["settings"]["board_size"] = 7;
    CHECK_THROWS_WITH(job_from_json(j),
                      "settings.handicap: fixed handicap out of range for board size 7");
  }
  SECTION("handicap of one") {
    j["settings"]["handicap"] = 1;
    CHECK_THROWS_WITH(job_from_json(j), Catch::Contains("settings.handicap: handicap too small"));
  }
  SECTION("zero move limit") {
    j["settings"]["move_limit"] = 0;
    CHECK_THROWS_WITH(job_from_json(j), "settings.move_limit: must be positive integer");
  }
  SECTION("non-positive timeout") {
    j["black"]["engine"]["timeouts"] = {{"genmove_s", 0}};
    CHECK_THROWS_WITH(
        job_from_json(j),
        "black.engine.timeouts.genmove_s: must be a positive number of seconds, at most 1e9");
  }
  SECTION("environ value not a string") {
    j["black"]["engine"]["process"]["environ"] = {{"X", 1}};
    CHECK_THROWS_WITH(job_from_json(j), "black.engine.process.environ.X: expected a string");
  }
  SECTION("a startup banner allowance out of range") {
    j["black"]["engine"]["startup_banner_lines"] = -1;
    CHECK_THROWS_WITH(job_from_json(j), Catch::Contains("black.engine.startup_banner_lines: must "
                                                        "be a whole number from 0 to 10000"));
    j["black"]["engine"]["startup_banner_lines"] = 2.5;
    CHECK_THROWS_WITH(job_from_json(j), Catch::Contains("startup_banner_lines"));
  }
  SECTION("settings missing") {
    j.erase("settings");
    CHECK_THROWS_WITH(job_from_json(j), "settings: missing");
  }
}

// A job may come from another machine: it is checked as strictly as a control file (issue 13).
TEST_CASE("GameJob JSON refuses what a control file refuses", "[game][json][hostile]") {
  nlohmann::json j = minimal_job_json();
  SECTION("unknown field at the top") {
    j["sgf_dirr"] = "games";
    CHECK_THROWS_WITH(job_from_json(j), "sgf_dirr: unknown field");
  }
  SECTION("unknown fields inside") {
    j["black"]["engine"]["process"]["cwdd"] = "/tmp";
    CHECK_THROWS_WITH(job_from_json(j), "black.engine.process.cwdd: unknown field");
    j = minimal_job_json();
    j["white"]["engine"]["timeouts"] = {{"genmove", 3}};
    CHECK_THROWS_WITH(job_from_json(j), "white.engine.timeouts.genmove: unknown field");
    j = minimal_job_json();
    j["settings"]["komii"] = 6.5;
    CHECK_THROWS_WITH(job_from_json(j), "settings.komii: unknown field");
    j = minimal_job_json();
    j["black"]["allow_claims"] = true;
    CHECK_THROWS_WITH(job_from_json(j), "black.allow_claims: unknown field");
    j = minimal_job_json();
    j["black"]["engine"]["pipelining"] = true;
    CHECK_THROWS_WITH(job_from_json(j), "black.engine.pipelining: unknown field");
  }
  SECTION("environment variable names with '=' or empty") {
    j["black"]["engine"]["process"]["environ"] = {{"A=B", "1"}};
    CHECK_THROWS_WITH(job_from_json(j),
                      "black.engine.process.environ: invalid environment variable name 'A=B'");
    j["black"]["engine"]["process"]["environ"] = {{"", "1"}};
    CHECK_THROWS_WITH(job_from_json(j),
                      "black.engine.process.environ: invalid environment variable name ''");
  }
  SECTION("aliases and startup commands with spaces") {
    j["black"]["engine"]["gtp_aliases"] = {{"gomill-cpu_time", "cpu time"}};
    CHECK_THROWS_WITH(job_from_json(j),
                      "black.engine.gtp_aliases: invalid alias (GTP command names are "
                      "printable, without spaces)");
    j = minimal_job_json();
    j["black"]["engine"]["startup_gtp_commands"] = {{"level 3"}};
    CHECK_THROWS_WITH(job_from_json(j),
                      Catch::Contains("black.engine.startup_gtp_commands[0]: invalid command"));
  }
  SECTION("game ids with spaces or control characters") {
    j["game_id"] = "7\n8";
    CHECK_THROWS_WITH(job_from_json(j),
                      Catch::StartsWith("game_id: must be a non-empty name without '/'"));
    j["game_id"] = "7 8";
    CHECK_THROWS_WITH(job_from_json(j),
                      Catch::StartsWith("game_id: must be a non-empty name without '/'"));
  }
  SECTION("player codes with spaces or control characters") {
    j["black"]["code"] = "a b";
    CHECK_THROWS_WITH(job_from_json(j), Catch::StartsWith("black.code: must be a non-empty name"));
    j["black"]["code"] = "a\nb";
    CHECK_THROWS_WITH(job_from_json(j), Catch::StartsWith("black.code: must be a non-empty name"));
  }
  SECTION("NUL characters in arguments, paths, environment and names") {
    j["black"]["engine"]["process"]["argv"] = {"engine_a", std::string("x\0y", 3)};
    CHECK_THROWS_WITH(job_from_json(j), "black.engine.process.argv[1]: contains a NUL character");
    j = minimal_job_json();
    j["black"]["engine"]["process"]["cwd"] = std::string("/tmp\0/x", 7);
    CHECK_THROWS_WITH(job_from_json(j), "black.engine.process.cwd: contains a NUL character");
    j = minimal_job_json();
    j["black"]["engine"]["process"]["environ"] = {{std::string("A\0B", 3), "1"}};
    CHECK_THROWS_WITH(job_from_json(j),
                      "black.engine.process.environ: a name contains a NUL character");
    j = minimal_job_json();
    j["game_id"] = std::string("7\0.x", 4);
    CHECK_THROWS_WITH(job_from_json(j), "game_id: contains a NUL character");
    j = minimal_job_json();
    j["sgf_dir"] = std::string("g\0h", 3);
    CHECK_THROWS_WITH(job_from_json(j), "sgf_dir: contains a NUL character");
  }
  SECTION("timeouts too large to be a deadline") {
    j["black"]["engine"]["timeouts"] = {{"genmove_s", 1e10}};
    CHECK_THROWS_WITH(job_from_json(j),
                      "black.engine.timeouts.genmove_s: must be a positive number of "
                      "seconds, at most 1e9");
    j["black"]["engine"]["timeouts"] = {{"quit_s", 1e9}};
    CHECK_NOTHROW(job_from_json(j));
  }
}

TEST_CASE("clock times in a job are range-checked: whole seconds must fit GTP integers",
          "[game][json][hostile]") {
  using nlohmann::json;
  const std::string at = "settings.time_control";
  CHECK_THROWS_WITH(
      time_control_from_json(json{{"system", "absolute"}, {"main_time", 2147483648.0}}, at),
      "settings.time_control.main_time: must be a positive number, at most 1e9");
  CHECK_THROWS_WITH(time_control_from_json(json{{"system", "canadian"},
                                                {"main_time", 1e300},
                                                {"period_time", 1},
                                                {"period_moves", 5}},
                                           at),
                    "settings.time_control.main_time: must be a non-negative number, at most 1e9");
  CHECK_THROWS_WITH(time_control_from_json(json{{"system", "per_move"}, {"move_time", 1e10}}, at),
                    "settings.time_control.move_time: must be a positive number, at most 1e9");
  CHECK(time_control_from_json(json{{"system", "per_move"}, {"move_time", 1e9}}, at).period_s ==
        1e9);
}
