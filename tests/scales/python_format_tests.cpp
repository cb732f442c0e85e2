// python_format: Python 2.7 semantics for each conversion (results checked against CPython).
#include <catch2/catch.hpp>

#include "scales/python_format.hpp"

using namespace rm::scales;

namespace {
Value i(long long v) {
  return Value(v);
}
Value d(double v) {
  return Value(v);
}
Value s(const char* v) {
  return Value(std::string(v));
}
}  // namespace

TEST_CASE("%s and %r", "[format]") {
  CHECK(python_format("pl: %s", i(300)) == "pl: 300");
  CHECK(python_format("c: %s", d(0.45)) == "c: 0.45");
  CHECK(python_format("c: %s", d(4.0)) == "c: 4.0");
  CHECK(python_format("%s", d(1.0 / 3)) == "0.333333333333");
  CHECK(python_format("[%5s]", s("ab")) == "[   ab]");
  CHECK(python_format("[%-5s]", s("ab")) == "[ab   ]");
  CHECK(python_format("[%05s]", s("ab")) == "[   ab]");
  CHECK(python_format("%.2s", s("abc")) == "ab");
  CHECK(python_format("%r", s("ab")) == "'ab'");
  CHECK(python_format("%r", d(1.0 / 3)) == "0.3333333333333333");
  CHECK(python_format("%r", i(5)) == "5");
}

TEST_CASE("%d %i %u", "[format]") {
  CHECK(python_format("pl: %d", i(300)) == "pl: 300");
  CHECK(python_format("%d", d(3.7)) == "3");
  CHECK(python_format("%d", d(-3.7)) == "-3");
  CHECK(python_format("%i", i(-5)) == "-5");
  CHECK(python_format("%u", i(5)) == "5");
  CHECK(python_format("[%5d]", i(42)) == "[   42]");
  CHECK(python_format("[%-5d]", i(42)) == "[42   ]");
  CHECK(python_format("[%05d]", i(-42)) == "[-0042]");
  CHECK(python_format("[%+d]", i(42)) == "[+42]");
  CHECK(python_format("[% d]", i(42)) == "[ 42]");
  CHECK(python_format("[%.3d]", i(5)) == "[005]");
  CHECK(python_format("%ld", i(5)) == "5");
  CHECK_THROWS_WITH(python_format("%d", s("x")), "%d format: a number is required, not str");
}

TEST_CASE("%x %X %o", "[format]") {
  CHECK(python_format("%x", i(255)) == "ff");
  CHECK(python_format("%X", i(255)) == "FF");
  CHECK(python_format("%#x", i(255)) == "0xff");
  CHECK(python_format("%#X", i(255)) == "0XFF");
  CHECK(python_format("%x", i(-255)) == "-ff");
  CHECK(python_format("%o", i(8)) == "10");
  CHECK(python_format("%#o", i(8)) == "010");
  CHECK(python_format("%#o", i(0)) == "0");
  CHECK(python_format("[%#06x]", i(255)) == "[0x00ff]");
}

TEST_CASE("%f %F %e %E %g %G", "[format]") {
  CHECK(python_format("I: %4.2f", d(0.01475)) == "I: 0.01");
  CHECK(python_format("%f", d(1.5)) == "1.500000");
  CHECK(python_format("%f", i(2)) == "2.000000");
  CHECK(python_format("%.3f", d(2.0 / 3)) == "0.667");
  CHECK(python_format("[%8.2f]", d(-1.5)) == "[   -1.50]");
  CHECK(python_format("[%-8.2f]", d(1.5)) == "[1.50    ]");
  CHECK(python_format("[%08.2f]", d(-1.5)) == "[-0001.50]");
  CHECK(python_format("%+.1f", d(1.5)) == "+1.5");
  CHECK(python_format("%e", d(12345.678)) == "1.234568e+04");
  CHECK(python_format("%E", d(0.00012)) == "1.200000E-04");
  CHECK(python_format("%g", d(0.0001)) == "0.0001");
  CHECK(python_format("%g", d(1e-5)) == "1e-05");
  CHECK(python_format("%G", d(1e-5)) == "1E-05");
  CHECK(python_format("%g", d(123456789.0)) == "1.23457e+08");
  CHECK(python_format("%#g", d(1.0)) == "1.00000");
  CHECK(python_format("%F", d(1.25)) == "1.250000");
  CHECK(python_format("%f", d(1e60)) == "1e+60");  // Python 2: %f becomes %g from 1e50
  CHECK_THROWS_WITH(python_format("%f", s("x")), "float argument required, not str");
}

TEST_CASE("%% and %c", "[format]") {
  CHECK(python_format("%d%%", i(50)) == "50%");
  CHECK(python_format("%%%s%%", s("x")) == "%x%");
  CHECK(python_format("%c", i(65)) == "A");
  CHECK(python_format("%c", s("z")) == "z");
}

TEST_CASE("bad formats throw FormatError", "[format]") {
  CHECK_THROWS_WITH(python_format("pl", i(1)),
                    "not all arguments converted during string formatting");
  CHECK_THROWS_WITH(python_format("%d %d", i(1)), "not enough arguments for format string");
  CHECK_THROWS_WITH(python_format("%", i(1)), "incomplete format");
  CHECK_THROWS_WITH(python_format("%5", i(1)), "incomplete format");
  CHECK_THROWS_WITH(python_format("%y", i(1)), "unsupported format character 'y'");
  CHECK_THROWS_AS(python_format("%*d", i(1)), FormatError);
  CHECK_THROWS_AS(python_format("%(a)s", i(1)), FormatError);
  CHECK_THROWS_AS(python_format("%%", i(1)), FormatError);
}
