// The real `ringmaster` binary: the games a run's summary counts ("9/138 in total") are the
// games `show` counts, validation games included, whatever the run left in flight.
#include <catch2/catch.hpp>
#include <regex>

#include "tests/e2e/e2e_support.hpp"

using rm::test::CompetitionDir;

TEST_CASE("show counts the games the run's summary counts, validation games included",
          "[e2e][validation]") {
  CompetitionDir event("counts_spsa", rm::test::small_spsa_event_yaml(
                                          12, "validation: {every: 4, games: 2, at_end: 2}\n"));
  const std::regex summary_total(R"(, (\d+)/(\d+) in total)");
  const std::regex show_total(R"(\n(\d+)/(\d+) games played \(tuning (\d+)/(\d+): .*; )"
                              R"(validation (\d+)/(\d+)\)\n)");
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
    REQUIRE(std::regex_search(show.out, in_show, show_total));
    CHECK(in_show[1] == in_summary[1]);
    CHECK(in_show[2] == in_summary[2]);
    CHECK(std::stoi(in_show[1]) == event.committed_games());
    CHECK(std::stoi(in_show[3]) + std::stoi(in_show[5]) == std::stoi(in_show[1]));
    CHECK(std::stoi(in_show[4]) + std::stoi(in_show[6]) == std::stoi(in_show[2]));
  }
}
