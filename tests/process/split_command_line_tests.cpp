#include <catch2/catch.hpp>
#include <stdexcept>

#include "engine/process/process.hpp"

using rm::process::split_command_line;
using V = std::vector<std::string>;

TEST_CASE("split_command_line splits on whitespace", "[split]") {
  CHECK(split_command_line("gnugo --mode gtp") == V{"gnugo", "--mode", "gtp"});
  CHECK(split_command_line("  a \t b\n c  ") == V{"a", "b", "c"});
  CHECK(split_command_line("").empty());
  CHECK(split_command_line("   ").empty());
}

TEST_CASE("split_command_line handles quotes and backslashes", "[split]") {
  CHECK(split_command_line("a 'b c' d") == V{"a", "b c", "d"});
  CHECK(split_command_line("a \"b c\" d") == V{"a", "b c", "d"});
  CHECK(split_command_line("x'y'\"z\"") == V{"xyz"});
  CHECK(split_command_line("a '' b") == V{"a", "", "b"});
  CHECK(split_command_line("a\\ b") == V{"a b"});
  CHECK(split_command_line("'a\\b'") == V{"a\\b"});                    // no escapes inside '...'
  CHECK(split_command_line("\"a\\\"b\\\\c\\d\"") == V{"a\"b\\c\\d"});  // only \" \\ \$ \` in "..."
  CHECK(split_command_line("\"it's\"") == V{"it's"});
}

TEST_CASE("split_command_line does no expansion", "[split]") {
  CHECK(split_command_line("echo $HOME *.txt ~ `x` $(y) a;b a|b") ==
        V{"echo", "$HOME", "*.txt", "~", "`x`", "$(y)", "a;b", "a|b"});
}

TEST_CASE("split_command_line rejects unbalanced quotes", "[split]") {
  CHECK_THROWS_AS(split_command_line("a 'b"), std::invalid_argument);
  CHECK_THROWS_AS(split_command_line("a \"b"), std::invalid_argument);
  CHECK_THROWS_AS(split_command_line("a \\"), std::invalid_argument);
  CHECK_THROWS_WITH(split_command_line("x 'y"), Catch::Contains("unbalanced quotes"));
}
