// Grid geometry: child coordinates, cuboid centres at depth 1..3, coordinate text.
#include <catch2/catch.hpp>

#include "scales/grid.hpp"

using namespace rm::scales;

TEST_CASE("child index <-> coordinates, first dimension slowest", "[grid]") {
  std::vector<int> splits{3, 3};
  CHECK(child_coordinates(0, splits) == std::vector<int>{0, 0});
  CHECK(child_coordinates(1, splits) == std::vector<int>{0, 1});
  CHECK(child_coordinates(2, splits) == std::vector<int>{0, 2});
  CHECK(child_coordinates(3, splits) == std::vector<int>{1, 0});
  CHECK(child_coordinates(8, splits) == std::vector<int>{2, 2});
  std::vector<int> uneven{2, 3, 4};
  CHECK(branching_factor(uneven) == 24);
  for (int i = 0; i < 24; ++i) CHECK(child_index(child_coordinates(i, uneven), uneven) == i);
  CHECK(child_coordinates(23, uneven) == std::vector<int>{1, 2, 3});
  CHECK_THROWS_AS(child_coordinates(24, uneven), ScaleError);
  CHECK_THROWS_AS(branching_factor({3, 0}), ScaleError);
}

TEST_CASE("centres at depth 1", "[grid]") {
  for (int i = 0; i < 8; ++i) CHECK(optimiser_point({i}, {8})[0] == Approx((i + 0.5) / 8));
  auto p = optimiser_point({5}, {3, 2});  // coordinates (2,1)
  CHECK(p[0] == Approx(2.5 / 3));
  CHECK(p[1] == Approx(0.75));
  CHECK(optimiser_point({}, {4, 5}) == std::vector<double>{0.5, 0.5});
}

TEST_CASE("centres at depth 2 and 3", "[grid]") {
  // split 3: child 1 covers [1/3, 2/3); its child 2 covers [5/9, 6/9): centre 11/18.
  CHECK(optimiser_point({1, 2}, {3})[0] == Approx(11.0 / 18));
  // depth 3: [1/3 + 2/9 + 0/27, + 1/27): centre 5/9 + 1/54.
  CHECK(optimiser_point({1, 2, 0}, {3})[0] == Approx(5.0 / 9 + 1.0 / 54));
  // two dimensions with different splits: path (1,0) then (0,1) in splits [2,2].
  auto p = optimiser_point({2, 1}, {2, 2});
  CHECK(p[0] == Approx(0.5 + 0.125));
  CHECK(p[1] == Approx(0.25 + 0.125));
}

TEST_CASE("engine values and coordinate text", "[grid]") {
  std::vector<Parameter> params{
      {"a", std::shared_ptr<const Scale>(make_linear(0, 8, false)), 3, "a: %s"},
      {"b", std::shared_ptr<const Scale>(make_log(10, 10000, true)), 8, "b: %d"}};
  auto values = engine_values({8 + 5}, params);  // coordinates (1,5)
  CHECK(std::get<double>(values[0]) == 4.0);
  CHECK(std::get<long long>(values[1]) == 1155);
  CHECK(format_engine_parameters(params, values) == "a: 4.0; b: 1155");
  CHECK(format_coordinates({1}) == "(1,)");
  CHECK(format_coordinates({0, 1}) == "(0,1)");
  CHECK(format_path({3}, {8}) == "(3,)");
  CHECK(format_path({3, 1}, {8}) == "(3,) (1,)");
  CHECK(format_path({13, 0}, {3, 8}) == "(1,5) (0,0)");
}

TEST_CASE("a failing format shows as [code?value]", "[grid]") {
  std::vector<Parameter> params{
      {"s", std::shared_ptr<const Scale>(make_explicit({Value(std::string("x"))})), 1, "s: %d"}};
  CHECK(format_engine_parameters(params, {Value(std::string("x"))}) == "[s?x]");
  CHECK(params[0].definition()["scale"]["type"] == "EXPLICIT");
  CHECK(default_format("pl") == "pl: %s");
}
