// Stable inputs -> exact outputs: the HTML report and the CSV export of fixed competitions
// against files in tests/report/golden/. After an intended change, regenerate them with
// RM_UPDATE_GOLDEN=1 build/bin/report_tests "[golden]" and review the diff.
#include <catch2/catch.hpp>

#include "ringmaster/report/exports/csv_export.hpp"
#include "ringmaster/report/html/html_report.hpp"
#include "tests/report/fixtures.hpp"
#include "tests/report/xml_balance.hpp"
#include "tests/support/golden_file.hpp"

namespace {

void check_golden(const std::string& name, const std::string& actual) {
  rm::test::check_golden_file("tests/report/golden/" + name, actual);
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
