// Scales: gomill's worked examples (reference §6), the integer quirk, expressions, errors.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "scales/grid.hpp"
#include "scales/scale.hpp"

using namespace rm::scales;

namespace {

// The depth-1 samples of a one-parameter scale with the given split.
std::vector<Value> samples(const Scale& scale, int split) {
  std::vector<Value> out;
  for (int i = 0; i < split; ++i) out.push_back(scale.at(optimiser_point({i}, {split})[0]));
  return out;
}

std::vector<double> as_doubles(const std::vector<Value>& values) {
  std::vector<double> out;
  for (const auto& v : values) out.push_back(std::get<double>(v));
  return out;
}

std::vector<long long> as_ints(const std::vector<Value>& values) {
  std::vector<long long> out;
  for (const auto& v : values) out.push_back(std::get<long long>(v));
  return out;
}

void check_close(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("sample " << i);  // reference values are given to 4-5 significant digits
    CHECK(got[i] == Approx(want[i]).epsilon(5e-4));
  }
}

}  // namespace

TEST_CASE("LINEAR(0, 8) split 3 gives 1.333, 4.0, 6.667 (gomill's docs say 1, 4, 7 wrongly)",
          "[scales]") {
  auto scale = make_linear(0, 8, false);
  check_close(as_doubles(samples(*scale, 3)), {4.0 / 3, 4.0, 20.0 / 3});
  CHECK(scale->describe() == "LINEAR(0.0, 8.0)");
}

TEST_CASE("LINEAR integer examples", "[scales]") {
  CHECK(as_ints(samples(*make_linear(0, 10, true), 5)) == std::vector<long long>{1, 3, 5, 7, 9});
  CHECK(as_ints(samples(*make_linear(-0.5, 10.5, true), 11)) ==
        std::vector<long long>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
}

TEST_CASE("LOG(1e2, 1e5) split 8", "[scales]") {
  check_close(as_doubles(samples(*make_log(1e2, 1e5, false), 8)),
              {153.99, 365.17, 865.96, 2053.5, 4869.7, 11548, 27384, 64938});
}

TEST_CASE("LOG(0.01, 5.0) split 8", "[scales]") {
  auto scale = make_log(0.01, 5.0, false);
  check_close(as_doubles(samples(*scale, 8)),
              {0.01475, 0.03207, 0.06973, 0.1516, 0.3297, 0.7170, 1.559, 3.391});
  CHECK(scale->describe() == "LOG(0.01, 5.0)");
}

TEST_CASE("LOG(10, 10000, integer) split 8", "[scales]") {
  auto scale = make_log(10, 10000, true);
  CHECK(as_ints(samples(*scale, 8)) ==
        std::vector<long long>{15, 37, 87, 205, 487, 1155, 2738, 6494});
  CHECK(scale->describe() == "LOG(10.0, 10000.0, integer=True)");
}

TEST_CASE("EXPLICIT with 9 items split 3 gives b, e, h", "[scales]") {
  std::vector<Value> items;
  for (char c = 'a'; c <= 'i'; ++c) items.emplace_back(std::string(1, c));
  auto scale = make_explicit(items);
  auto got = samples(*scale, 3);
  CHECK(std::get<std::string>(got[0]) == "b");
  CHECK(std::get<std::string>(got[1]) == "e");
  CHECK(std::get<std::string>(got[2]) == "h");
  // split^depth == len: depth 2 reaches every item.
  CHECK(std::get<std::string>(scale->at(optimiser_point({2, 2}, {3})[0])) == "i");
  CHECK(std::get<std::string>(scale->at(optimiser_point({0, 0}, {3})[0])) == "a");
  CHECK_THROWS_AS(scale->at(1.0), ScaleError);
  CHECK(scale->describe() == "EXPLICIT(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])");
}

TEST_CASE("EXPLICIT keeps value types", "[scales]") {
  auto scale = make_explicit({Value(1LL), Value(2.5), Value(std::string("x"))});
  CHECK(std::get<long long>(scale->at(0.1)) == 1);
  CHECK(std::get<double>(scale->at(0.5)) == 2.5);
  CHECK(std::get<std::string>(scale->at(0.9)) == "x");
  CHECK(scale->definition() ==
        nlohmann::json::parse(R"({"type":"EXPLICIT","values":[1,2.5,"x"]})"));
}

TEST_CASE("integer rounding is gomill's int(x+0.5): truncation toward zero", "[scales]") {
  CHECK(round_like_gomill(2.5) == 3);
  CHECK(round_like_gomill(2.49) == 2);
  CHECK(round_like_gomill(-0.4) == 0);
  // The quirk: negative values do not round to nearest.
  CHECK(round_like_gomill(-1.7) == -1);
  CHECK(round_like_gomill(-2.5) == -2);
  CHECK(round_like_gomill(-0.6) == 0);
  auto scale = make_linear(-10, 0, true);
  CHECK(std::get<long long>(scale->at(0.03)) == -9);  // -9.7 -> -9, not -10
  CHECK_THROWS_AS(round_like_gomill(1e30), ScaleError);
}

TEST_CASE("scale construction errors use gomill's wording", "[scales]") {
  CHECK_THROWS_WITH(make_log(0, 10, false), "lower bound is zero");
  CHECK_THROWS_WITH(make_log(-1, 10, false), Catch::Contains("math domain error"));
  CHECK_THROWS_WITH(make_explicit({}), "empty value list");
}

TEST_CASE("expressions in x", "[scales]") {
  auto sq = make_expression("1000*sqrt(x)", true);
  CHECK(std::get<long long>(sq->at(0.25)) == 500);
  // Same arithmetic as LOG(3, 3000): log is the natural logarithm.
  auto log_expr = make_expression("exp(log(1000)*x)*3", false);
  auto log_scale = make_log(3, 3000, false);
  for (double f : {0.05, 0.35, 0.95})
    CHECK(std::get<double>(log_expr->at(f)) == Approx(std::get<double>(log_scale->at(f))));
  CHECK(std::get<double>(make_expression("min(x, 0.3) + max(x, 0.1) + abs(-x)", false)->at(0.2)) ==
        Approx(0.2 + 0.2 + 0.2));
  CHECK(std::get<double>(make_expression("round(x*10)", false)->at(0.25)) == 3.0);  // 2.5 -> 3
  CHECK(std::get<double>(make_expression("pow(2, x*10)", false)->at(0.3)) == Approx(8.0));
  CHECK(std::get<long long>(make_expression("floor(1000*sqrt(x))", true)->at(0.999)) == 999);
  CHECK(std::get<double>(make_expression("ceil(x) + trunc(-1.5)", false)->at(0.2)) == 0.0);
  CHECK(make_expression("2*x", true)->describe() == "EXPRESSION('2*x', integer=True)");
  CHECK_THROWS_AS(make_expression("2*", false), ScaleError);
  CHECK_THROWS_WITH(make_expression("foo(x)", false),
                    Catch::Contains("invalid expression 'foo(x)'"));
  CHECK_THROWS_AS(make_expression("y+1", false), ScaleError);
  CHECK_THROWS_WITH(make_expression("ln(x-1)", false)->at(0.5), Catch::Contains("gives nan"));
}

TEST_CASE("definitions are full and typed", "[scales]") {
  CHECK(make_linear(0, 8, false)->definition() ==
        nlohmann::json::parse(R"({"type":"LINEAR","lower":0.0,"upper":8.0,"integer":false})"));
  CHECK(make_log(50, 5000, true)->definition() ==
        nlohmann::json::parse(R"({"type":"LOG","lower":50.0,"upper":5000.0,"integer":true})"));
  CHECK(make_expression("x", false)->definition()["expression"] == "x");
}

TEST_CASE("LINEAR and LOG bounds must keep every value finite and printable", "[scales][hostile]") {
  // -1e308..1e308 once gave every candidate `inf`: the range is beyond a double.
  CHECK_THROWS_WITH(make_linear(-1e308, 1e308, false),
                    "upper bound - lower bound is beyond a double (1e+308 - -1e+308)");
  CHECK_THROWS_WITH(make_log(1e-300, 1e300, false), Catch::Contains("is beyond a double"));
  CHECK_THROWS_WITH(make_linear(0, std::numeric_limits<double>::infinity(), false),
                    "bounds must be finite numbers");
  CHECK_THROWS_WITH(make_linear(0, std::numeric_limits<double>::quiet_NaN(), false),
                    "bounds must be finite numbers");
  CHECK_THROWS_WITH(make_linear(0, 1e19, true),
                    "the bounds of an integer scale must be within -9e18..9e18");
  // Wide but finite ranges are fine: every value lies between the bounds.
  auto wide = make_linear(-1e307, 1e307, false);
  CHECK(std::get<double>(wide->at(1.0)) == 1e307);
  CHECK(std::get<long long>(make_linear(0, 9e18, true)->at(0.5)) == 4500000000000000000LL);
}

TEST_CASE("LINEAR and LOG invert their value, EXPLICIT and EXPRESSION have no inverse",
          "[scales]") {
  const auto linear = make_linear(-2.0, 6.0, false);
  const auto log = make_log(10.0, 1000.0, true);
  for (double f : {0.0, 0.125, 0.5, 0.9, 1.0}) {
    CHECK(linear->fraction_of(std::get<double>(linear->at(f))).value() == Approx(f));
    CHECK(log->fraction_of(10.0 * std::pow(100.0, f)).value() == Approx(f));
  }
  CHECK(log->fraction_of(100.0).value() == Approx(0.5));
  CHECK(linear->fraction_of(2.0).value() == 0.5);
  CHECK_FALSE(make_explicit({Value(1LL), Value(2LL)})->fraction_of(1.0).has_value());
  CHECK_FALSE(make_expression("x*2", false)->fraction_of(1.0).has_value());
}
