// Stable inputs -> exact outputs: the HTML report and the CSV export of fixed competitions
// against files in tests/report/golden/. After an intended change, regenerate them with
// RM_UPDATE_GOLDEN=1 build/bin/report_tests "[golden]" and review the diff.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "ringmaster/report/exports/csv_export.hpp"
#include "ringmaster/report/html/html_report.hpp"
#include "tests/report/fixtures.hpp"
#include "tests/report/xml_balance.hpp"

namespace {

const std::string kGoldenDir = std::string(RM_SOURCE_DIR) + "/tests/report/golden/";

void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = kGoldenDir + name;
  if (std::getenv("RM_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    WARN("rewrote " << path);
    return;
  }
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream expected;
  expected << in.rdbuf();
  CHECK(actual == expected.str());
}

}  // namespace

TEST_CASE("golden: mc_tuner HTML report", "[golden]") {
  const std::string html = rm::report::html_report(rm::test::mc_tuner_fixture());
  CHECK(rm::test::first_nesting_fault(html) == "");
  check_golden("mc_tuner.html", html);
}

TEST_CASE("golden: mc_tuner CSV export", "[golden]") {
  check_golden("mc_tuner.csv", rm::report::csv_export(rm::test::mc_tuner_fixture()));
}

TEST_CASE("golden: playoff HTML report", "[golden]") {
  const std::string html = rm::report::html_report(rm::test::playoff_fixture());
  CHECK(rm::test::first_nesting_fault(html) == "");
  check_golden("playoff.html", html);
}

TEST_CASE("golden: playoff CSV export", "[golden]") {
  check_golden("playoff.csv", rm::report::csv_export(rm::test::playoff_fixture()));
}
