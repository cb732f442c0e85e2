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

}  // namespace rm::test
