#include <catch2/catch.hpp>

#include "engine/gtp/wire.hpp"

using namespace rm::gtp;

namespace {
Response ok(const std::vector<std::string>& lines) {
  auto r = parse_response(lines);
  INFO(r.error);
  REQUIRE(r.response.has_value());
  return *r.response;
}
}  // namespace

TEST_CASE("success and failure responses", "[wire]") {
  CHECK_FALSE(ok({"= D4"}).is_failure);
  CHECK(ok({"= D4"}).text == "D4");
  CHECK(ok({"? unknown command"}).is_failure);
  CHECK(ok({"? unknown command"}).text == "unknown command");
  CHECK(ok({"="}).text.empty());
  CHECK(ok({"=D4"}).text == "D4");
}

TEST_CASE("response ids are removed", "[wire]") {
  CHECK(ok({"=12 D4"}).text == "D4");
  CHECK(ok({"?3 no"}).text == "no");
  CHECK(ok({"=7"}).text.empty());
}

TEST_CASE("multi-line responses keep their lines", "[wire]") {
  CHECK(ok({"= line one", "line two", "  line three"}).text == "line one\nline two\n  line three");
  CHECK(ok({"= ", "second"}).text == "\nsecond");
}

TEST_CASE("CR and control characters are removed, tabs become spaces", "[wire]") {
  CHECK(ok({"= D4\r"}).text == "D4");
  CHECK(ok({"= a\tb\x01\x7f"
            "c"})
            .text == "a bc");
  CHECK(ok({"=\tx"}).text == "x");
  CHECK(ok({"= a  \r", "b\r"}).text == "a  \nb");
}

TEST_CASE("a first line without = or ? is a protocol error", "[wire]") {
  auto r = parse_response({"ERROR"});
  CHECK_FALSE(r.response);
  CHECK(r.error == "no success/failure indication from engine: first line is `ERROR`");
  r = parse_response({"# comment"});
  CHECK(r.error == "no success/failure indication from engine: first line is `# comment`");
}

TEST_CASE("the first byte check", "[wire]") {
  for (char c : std::string(" \t\r\n#=?")) CHECK_FALSE(check_first_byte(c));
  CHECK(check_first_byte('p') == std::string("engine isn't speaking GTP: first byte is 'p'"));
  CHECK(check_first_byte('\x01') == std::string("engine appears to be speaking GMP, not GTP!"));
  CHECK(check_first_byte('\x02') ==
        std::string("engine isn't speaking GTP: first byte is '\\x02'"));
}

TEST_CASE("blank lines and words", "[wire]") {
  CHECK(is_blank_line(""));
  CHECK(is_blank_line(" \t\r"));
  CHECK_FALSE(is_blank_line(" x"));
  CHECK(is_well_formed_word("genmove"));
  CHECK(is_well_formed_word("gomill-cpu_time"));
  CHECK_FALSE(is_well_formed_word(""));
  CHECK_FALSE(is_well_formed_word("a b"));
  CHECK_FALSE(is_well_formed_word("a\nb"));
  CHECK(format_command("play", {"b", "D4"}) == "play b D4");
}

TEST_CASE("engine text for a terminal: no control characters, no C1, valid UTF-8", "[wire]") {
  CHECK(rm::gtp::sanitise_engine_text("ok\n\tgo") == "ok\n go");
  CHECK(rm::gtp::sanitise_engine_text("\x1b[1mbold\x1b[0m\r\x7f") == "[1mbold[0m");
  CHECK(rm::gtp::sanitise_engine_text("caf\xc3\xa9 \xc2\x9b"
                                      "2J \xc2\xa0\xff") == "caf\xc3\xa9 2J \xc2\xa0?");
}

TEST_CASE("invalid UTF-8 becomes ?", "[wire]") {
  CHECK(sanitise_utf8("abc") == "abc");
  CHECK(sanitise_utf8("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(sanitise_utf8("a\xff"
                      "b") == "a?b");
  CHECK(sanitise_utf8("\xc3") == "?");
  CHECK(sanitise_utf8("\xe2\x82\xac") == "\xe2\x82\xac");
}
