// The YAML examples in docs/control-file.md work with the engines they name (issue 13: the
// candidate example once passed ringbot an option it refuses).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "engine/gtp/controller.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "scales/grid.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::comp::McTunerSettings;

namespace {

// The fenced ```yaml block of `doc` whose first line starts with `first_line`.
std::string yaml_block(const std::string& doc, const std::string& first_line) {
  std::ifstream in(doc);
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  for (std::size_t at = s.find("```yaml\n"); at != std::string::npos;
       at = s.find("```yaml\n", at + 1)) {
    std::size_t begin = at + 8;
    if (s.compare(begin, first_line.size(), first_line) != 0) continue;
    return s.substr(begin, s.find("```", begin) - begin);
  }
  FAIL("no yaml block starting '" << first_line << "' in " << doc);
  return "";
}

}  // namespace

TEST_CASE("the candidate template example starts ringbot", "[examples][binary]") {
  rm::control::testing::TempDir dir;
  std::string candidate =
      yaml_block(std::string(RM_SOURCE_DIR) + "/docs/control-file.md", "candidate:");
  dir.write("patterns.db.in", "playouts {pl}\n");
  std::string control = rm::control::testing::valid_control();
  control = control.substr(0, control.find("candidate:")) +
            "  - code: c\n    scale: \"LINEAR(0.2, 1.5)\"\n    split: 3\n" + candidate;
  ControlFile c = load_control_file(dir.write("doc.yaml", control));
  const auto& s = c.settings<McTunerSettings>();
  auto spec =
      s.candidate.render(rm::scales::engine_values({0}, s.parameters), "#0", dir.file("files"));
  spec.engine.process.argv[0] = std::string(RM_BIN_DIR) + "/ringbot";
  auto started = rm::gtp::Controller::start(spec.engine);
  if (auto* e = std::get_if<rm::gtp::GtpError>(&started)) FAIL(e->message);
  auto& engine = *std::get<std::unique_ptr<rm::gtp::Controller>>(started);
  auto uct_c = engine.send("ringbot-get_param", {"uct_c"});
  REQUIRE(std::holds_alternative<std::string>(uct_c));
  CHECK_THAT(std::get<std::string>(uct_c), Catch::StartsWith("0.41"));  // LINEAR(0.2, 1.5) at 1/6
  CHECK(engine.close().late_errors.empty());
}
