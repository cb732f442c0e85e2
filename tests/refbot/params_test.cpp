#include "engine/refbot/params.hpp"

#include <catch2/catch.hpp>

using namespace rm::refbot;

TEST_CASE("every parameter round-trips through set and get", "[params]") {
  Params p;
  const std::vector<std::pair<std::string, std::string>> values{
      {"search", "flat"},      {"playouts", "123"},         {"time_per_move", "0.25"},
      {"uct_c", "1.5"},        {"expand_threshold", "3"},   {"fpu", "0.9"},
      {"rave_equiv", "500"},   {"resign_threshold", "0.1"}, {"seed", "42"},
      {"pass_when_won", "1"},  {"pw_capture", "8"},         {"pw_save", "4"},
      {"pw_near_last", "2.5"}, {"pw_contact", "0.5"},       {"pw_line1", "0.25"},
      {"pw_line2", "1.5"}};
  REQUIRE(values.size() == Params::names().size());
  for (const auto& [name, value] : values) {
    INFO(name);
    CHECK_FALSE(p.set(name, value));
    CHECK(p.get(name) == value);
  }
  CHECK(p.search == SearchMode::Flat);
  CHECK(p.playouts == 123);
  CHECK(p.seed == 42u);
}

TEST_CASE("bad parameter values are rejected with a message", "[params]") {
  Params p;
  CHECK(p.set("search", "deep"));
  CHECK(p.set("playouts", "0"));
  CHECK(p.set("playouts", "12x"));
  CHECK(p.set("playouts", ""));
  CHECK(p.set("uct_c", "-1"));
  CHECK(p.set("uct_c", "nan"));
  CHECK(p.set("resign_threshold", "1.5"));
  CHECK(p.set("seed", "-3"));
  CHECK(p.set("pw_capture", "0"));  // a weight of 0 would forbid moves outright
  CHECK(p.set("pw_line1", "1001"));
  CHECK(p.set("nonsense", "1"));
  CHECK_FALSE(p.get("nonsense"));
  CHECK(p.playouts == 1000);  // unchanged
  CHECK(p.set("uct_c", "abc")->find("uct_c") != std::string::npos);
}

TEST_CASE("the playout weights default to the reference bot's uniform playouts", "[params]") {
  Params p;
  CHECK(p.weights.uniform());
  CHECK_FALSE(p.set("pw_contact", "2"));
  CHECK_FALSE(p.weights.uniform());
  CHECK(p.weights.contact == 2);
}
