// The real `ringmaster` binary: the games a run's summary counts ("9/138 in total") are the
// games `show` counts, validation games included, whatever the run left in flight, for the
// spsa_tuner, the mc_tuner and the model_tuner.
#include <catch2/catch.hpp>
#include <regex>

#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;

namespace {

// Runs `event` with -g 7, 3 and 9 and checks after each that `show`'s games line, which
// `show_line` matches as (total played)/(total) and, for tuning and validation, played/total,
// gives the run summary's "N/M in total", and that N is the committed games.
void check_counts_agree(CompetitionDir& event, const std::regex& show_line) {
  const std::regex summary_total(R"(, (\d+)/(\d+) in total)");
  for (const char* games : {"7", "3", "9"}) {
    INFO("run -g " << games);
    auto run = event.run({"run", "-g", games, "-q", "-j", "2"});
    INFO(run.err);
    REQUIRE(run.exit_status == 0);
    std::smatch in_summary, in_show;
    REQUIRE(std::regex_search(run.out, in_summary, summary_total));
    auto show = event.run({"show"});
    REQUIRE(show.exit_status == 0);
    INFO(run.out << show.out);
    REQUIRE(std::regex_search(show.out, in_show, show_line));
    CHECK(in_show[1] == in_summary[1]);
    CHECK(in_show[2] == in_summary[2]);
    CHECK(std::stoi(in_show[1]) == event.committed_games());
    CHECK(std::stoi(in_show[3]) + std::stoi(in_show[5]) == std::stoi(in_show[1]));
    CHECK(std::stoi(in_show[4]) + std::stoi(in_show[6]) == std::stoi(in_show[2]));
  }
}

const char* const kValidation = "validation: {every: 4, games: 2, at_end: 2}\n";

}  // namespace

TEST_CASE("show counts the games the run's summary counts, validation games included",
          "[e2e][validation]") {
  SECTION("spsa_tuner") {
    CompetitionDir event("counts_spsa", rm::test::small_spsa_event_yaml(12, kValidation));
    check_counts_agree(event, std::regex(R"(\n(\d+)/(\d+) games played \(tuning (\d+)/(\d+): )"
                                         R"(.*; validation (\d+)/(\d+)\)\n)"));
  }
  const std::regex numbered(R"(\n(\d+)/(\d+) games played \(tuning (\d+)/(\d+); )"
                            R"(validation (\d+)/(\d+)\)\n)");
  SECTION("mc_tuner") {
    CompetitionDir event("counts_mc", rm::test::small_tuning_event_yaml(12) + kValidation);
    check_counts_agree(event, numbered);
  }
  SECTION("model_tuner") {
    CompetitionDir event("counts_model", rm::test::small_model_event_yaml(12, 40, kValidation));
    check_counts_agree(event, numbered);
  }
}
