// Issue 13: a NUL inside an argument, a path or an environment entry would be cut short by
// the C strings exec takes, so the engine would run with something other than what was
// asked. spawn() refuses it, whoever the caller is.
#include <catch2/catch.hpp>

#include "engine/process/process.hpp"

using rm::process::Process;
using rm::process::ProcessSpec;
using rm::process::SpawnError;

namespace {

std::string spawn_error(const ProcessSpec& spec) {
  auto r = Process::spawn(spec);
  REQUIRE(std::holds_alternative<SpawnError>(r));
  return std::get<SpawnError>(r).message;
}

}  // namespace

TEST_CASE("spawn refuses NUL characters and malformed environment names", "[process][hostile]") {
  ProcessSpec spec;
  spec.argv = {"/bin/true", std::string("a\0b", 3)};
  CHECK(spawn_error(spec) == "a command argument contains a NUL character");
  spec.argv = {"/bin/true"};
  spec.cwd = std::string("/tmp\0/nowhere", 13);
  CHECK(spawn_error(spec) == "a path contains a NUL character");
  spec.cwd.clear();
  spec.environ = {{"A=B", "1"}};
  CHECK(spawn_error(spec) == "invalid environment variable name");
  spec.environ = {{"A", std::string("1\0"
                                    "2",
                                    3)}};
  CHECK(spawn_error(spec) == "environment variable A contains a NUL character");
}
