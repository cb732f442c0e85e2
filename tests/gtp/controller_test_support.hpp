// What the controller tests share: a scripted_engine spec with short deadlines, and a start
// that fails the test with the engine's error.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "engine/gtp/controller.hpp"
#include "tests/process/process_checks.hpp"

namespace rm::test {

// scripted_engine with `flags`; deadlines: startup 2 s, genmove 1 s, others 2 s, quit 0.5 s.
inline rm::gtp::EngineSpec spec_for(const std::vector<std::string>& flags,
                                    const std::string& name = "x") {
  rm::gtp::EngineSpec spec;
  spec.name = name;
  spec.process.argv = {engine_path()};
  spec.process.argv.insert(spec.process.argv.end(), flags.begin(), flags.end());
  spec.timeouts = {2.0, 1.0, 2.0, 0.5};
  return spec;
}

inline std::unique_ptr<rm::gtp::Controller> start_ok(const rm::gtp::EngineSpec& spec,
                                                     rm::gtp::GtpLog log = {}) {
  auto r = rm::gtp::Controller::start(spec, std::move(log));
  if (auto* e = std::get_if<rm::gtp::GtpError>(&r)) FAIL("start failed: " << e->message);
  return std::move(std::get<std::unique_ptr<rm::gtp::Controller>>(r));
}

// Submits boardsize 9, play b A1 and genmove w together to an engine started from `spec`,
// checks their results, closes it, and returns the transcript lines the three produced.
inline std::vector<std::string> transcript_of_three_commands(const rm::gtp::EngineSpec& spec) {
  using Kind = rm::gtp::Controller::CommandKind;
  std::vector<std::string> log;
  auto c = start_ok(spec, [&log](const std::string& line) { log.push_back(line); });
  const auto before = log.size();
  c->submit({{"boardsize", {"9"}}, {"play", {"b", "A1"}}, {"genmove", {"w"}, Kind::Genmove}});
  for (const char* expected : {"", "", "B1"}) {
    auto r = c->receive();
    REQUIRE(std::holds_alternative<std::string>(r));
    CHECK(std::get<std::string>(r) == expected);
  }
  std::vector<std::string> lines(log.begin() + static_cast<long>(before), log.end());
  CHECK(c->close().late_errors.empty());
  return lines;
}

}  // namespace rm::test
