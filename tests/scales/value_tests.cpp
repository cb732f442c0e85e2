// Python 2.7 str()/repr() of values and the JSON round trip.
#include <catch2/catch.hpp>
#include <limits>

#include "scales/value.hpp"

using namespace rm::scales;

TEST_CASE("str() of doubles: 12 significant digits, trailing .0", "[value]") {
  CHECK(python_str(4.0) == "4.0");
  CHECK(python_str(0.0) == "0.0");
  CHECK(python_str(-2.0) == "-2.0");
  CHECK(python_str(1.0 / 3) == "0.333333333333");
  CHECK(python_str(4.0 / 3) == "1.33333333333");
  CHECK(python_str(153.9926526059492) == "153.992652606");
  CHECK(python_str(0.1) == "0.1");
  CHECK(python_str(1e-5) == "1e-05");
  CHECK(python_str(0.0001) == "0.0001");
  CHECK(python_str(1e10) == "10000000000.0");
  CHECK(python_str(1e11) == "1e+11");
  CHECK(python_str(123456789012.0) == "1.23456789012e+11");
  CHECK(python_str(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(python_str(Value(7LL)) == "7");
  CHECK(python_str(Value(std::string("abc"))) == "abc");
}

TEST_CASE("repr() of doubles: shortest round trip", "[value]") {
  CHECK(python_repr(0.1) == "0.1");
  CHECK(python_repr(1.0 / 3) == "0.3333333333333333");
  CHECK(python_repr(5.0) == "5.0");
  CHECK(python_repr(1e16) == "1e+16");
  CHECK(python_repr(1e15) == "1000000000000000.0");
  CHECK(python_repr(1.5e-7) == "1.5e-07");
  CHECK(python_repr(Value(std::string("it's"))) == "\"it's\"");
  CHECK(python_repr(Value(std::string("a\nb"))) == "'a\\nb'");
}

TEST_CASE("JSON round trip keeps the type", "[value]") {
  for (const Value& v : {Value(3LL), Value(3.0), Value(std::string("3"))}) {
    CHECK(value_from_json(value_to_json(v)) == v);
  }
  CHECK_THROWS_AS(value_from_json(nlohmann::json::array()), ScaleError);
}
