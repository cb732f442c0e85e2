// Control files written to break Ringmaster (issue 13): every one must be refused with a
// message naming the file, the position and what is wrong; none may hang or crash.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <vector>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "test_files.hpp"

using namespace rm::control;
using rm::comp::load_control_file;
using rm::control::testing::TempDir;
using rm::control::testing::valid_control;

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto pos = text.find(from);
  REQUIRE(pos != std::string::npos);
  return text.replace(pos, from.size(), to);
}

std::string error_loading(const std::string& path) {
  try {
    load_control_file(path);
  } catch (const ConfigError& e) {
    return e.what();
  }
  FAIL("loaded without error: " << path);
  return "";
}

std::string error_of(const TempDir& dir, const std::string& text) {
  return error_loading(dir.write("bad.yaml", text));
}

}  // namespace

TEST_CASE("a second YAML document is refused, not ignored", "[errors][hostile]") {
  TempDir dir;
  std::string msg = error_of(dir, valid_control() + "---\nboard_size: 19\n");
  CHECK(msg == dir.path() +
                   "/bad.yaml:19:1: a second YAML document starts here (after '---' or '...'); "
                   "a control file is one document");
  msg = error_of(dir, valid_control() + "...\nkomi: 6.5\n");
  CHECK_THAT(msg, Catch::Contains("bad.yaml:19:1: a second YAML document"));
  // An explicit end of the only document is fine.
  CHECK_NOTHROW(load_control_file(dir.write("ok.yaml", valid_control() + "...\n")));
}

TEST_CASE("invalid UTF-8 is refused: overlong forms, surrogates, beyond U+10FFFF",
          "[errors][hostile]") {
  TempDir dir;
  for (const std::string bad :
       {"\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80"}) {
    std::string msg =
        error_of(dir, replaced(valid_control(), "komi: 7.5", "komi: 7.5\ndescription: a" + bad));
    CHECK(msg == dir.path() + "/bad.yaml:7:15: file is not encoded in UTF-8");
  }
  // Valid multi-byte characters (2, 3 and 4 bytes) are fine.
  CHECK_NOTHROW(load_control_file(dir.write(
      "ok.yaml", valid_control("description: \"\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"\n"))));
}

TEST_CASE("NUL characters are refused wherever they appear", "[errors][hostile]") {
  TempDir dir;
  std::string raw = valid_control();
  raw[raw.find("ringbot --playouts 300") + 3] = '\0';
  CHECK(error_of(dir, raw) == dir.path() + "/bad.yaml:4:18: file contains a NUL byte");
  // "\0" escapes in double-quoted strings: a command argument, an environment value, a
  // file name, an EXPLICIT value.
  std::string msg = error_of(dir, replaced(valid_control(), "\"--playouts\"", "\"--play\\0outs\""));
  CHECK(msg == dir.path() + "/bad.yaml:17:24: candidate.command[1]: contains a NUL character");
  msg = error_of(dir, replaced(valid_control(), "command: \"ringbot --playouts 300\"",
                               "command: ringbot\n    environ: {A: \"x\\0y\"}"));
  CHECK_THAT(msg,
             Catch::Contains("bad.yaml:5:18: players.opp.environ.A: contains a NUL character"));
  dir.write("t.in", "{pl}\n");
  msg = error_of(dir, valid_control("  files:\n    \"p.db\\0x\": {template: t.in}\n"));
  CHECK_THAT(msg, Catch::Contains("bad.yaml:19:5: candidate.files: contains a NUL character"));
  msg = error_of(
      dir, replaced(valid_control(), "\"LOG(30, 3000, integer)\"", "'EXPLICIT([\"a\\0b\", c])'"));
  CHECK_THAT(
      msg, Catch::Contains("parameters[0].scale: in the EXPLICIT list: contains a NUL character"));
}

TEST_CASE("YAML tags are refused: a tag never changes what a value means", "[errors][hostile]") {
  TempDir dir;
  std::string msg =
      error_of(dir, replaced(valid_control(), "board_size: 9", "board_size: !!str 9"));
  CHECK(msg == dir.path() +
                   "/bad.yaml:5:13: board_size: YAML tag '!!str' is not supported (write the value "
                   "without a tag; quote a string)");
  msg = error_of(dir, replaced(valid_control(), "komi: 7.5", "komi: !foo 7.5"));
  CHECK_THAT(msg, Catch::Contains("bad.yaml:6:7: komi: YAML tag '!foo' is not supported"));
  msg = error_of(dir, replaced(valid_control(), "board_size: 9", "board_size: !!int 9"));
  CHECK_THAT(msg, Catch::Contains("board_size: YAML tag '!!int' is not supported"));
  msg = error_of(
      dir, replaced(valid_control(), "\"LOG(30, 3000, integer)\"", "'EXPLICIT([!!str 1, 2])'"));
  CHECK_THAT(msg,
             Catch::Contains(
                 "parameters[0].scale: in the EXPLICIT list: YAML tag '!!str' is not supported"));
}

TEST_CASE("nesting too deep names the setting where it starts", "[errors][hostile]") {
  TempDir dir;
  std::string deep = "description: " + std::string(3000, '[') + std::string(3000, ']') + "\n";
  std::string msg = error_of(dir, valid_control() + deep);
  CHECK_THAT(msg, Catch::StartsWith(dir.path() + "/bad.yaml:18:1: description: nested too deep"));
  msg = error_of(dir,
                 replaced(valid_control(), "\"LOG(30, 3000, integer)\"",
                          "'EXPLICIT(" + std::string(3000, '[') + std::string(3000, ']') + ")'"));
  CHECK_THAT(msg, Catch::Contains(
                      "bad.yaml:14:12: parameters[0].scale: EXPLICIT value list nested too deep"));
  std::string block = "environ:\n";
  for (int i = 1; i < 600; ++i) block += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
  msg = error_of(dir, valid_control() + block);
  CHECK_THAT(msg, Catch::StartsWith(dir.path() + "/bad.yaml:18:1: environ: nested too deep"));
}

TEST_CASE("aliases of aliases neither hang the checks nor overflow the stack",
          "[errors][hostile]") {
  TempDir dir;
  // "Billion laughs": 9^10 nodes if every alias were expanded.
  std::string laughs = "x-l0: &l0 [x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 10; ++i) {
    laughs += "x-l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int k = 0; k < 9; ++k) laughs += (k ? ", *l" : "*l") + std::to_string(i - 1);
    laughs += "]\n";
  }
  CHECK_THAT(error_of(dir, laughs + valid_control()),
             Catch::Contains("bad.yaml:1:1: unknown setting 'x-l0'"));
  std::string tagged = laughs + "description: [*l9, !!str tagged]\n" + valid_control();
  CHECK_THAT(error_of(dir, tagged),
             Catch::Contains("bad.yaml:11:20: description[1]: YAML tag '!!str'"));
  // A chain of aliases, each naming the one before: as deep as it is long, once expanded.
  std::string chain = "x-d0: &d0 [x]\n";
  for (int i = 1; i < 3000; ++i)
    chain += "x-d" + std::to_string(i) + ": &d" + std::to_string(i) + " [*d" +
             std::to_string(i - 1) + "]\n";
  CHECK_THAT(error_of(dir, chain + valid_control()),
             Catch::Contains("bad.yaml:1:1: unknown setting 'x-d0'"));
  CHECK_THAT(error_of(dir, replaced(valid_control(), "board_size: 9", "board_size: !!null")),
             Catch::Contains("board_size: YAML tag '!!null' is not supported"));
}

TEST_CASE("a gomill control file is recognised and the user pointed to the migration guide",
          "[errors][hostile]") {
  TempDir dir;
  std::string msg = error_of(dir,
                             "# gomill\ncompetition_type = 'mc_tuner'\n\nplayers = {\n"
                             "    'gnugo' : Player(\"gnugo --mode=gtp\"),\n}\nboard_size = 9\n");
  CHECK(msg == dir.path() +
                   "/bad.yaml:2:1: this looks like a gomill (Python) control file; Ringmaster's "
                   "control files are YAML (see docs/migrating-from-gomill.md to convert it)");
  msg = error_of(dir, "competition_type = \"playoff\"\nboard_size = 9\n");
  CHECK_THAT(msg, Catch::Contains("docs/migrating-from-gomill.md"));
}

TEST_CASE("devices, FIFOs and huge files are refused without reading them", "[errors][hostile]") {
  TempDir dir;
  for (const char* device : {"/dev/zero", "/dev/urandom"}) {
    std::filesystem::create_symlink(device, dir.file(std::string("dev") + (device + 5) + ".yaml"));
    CHECK(error_loading(dir.file(std::string("dev") + (device + 5) + ".yaml")) ==
          dir.file(std::string("dev") + (device + 5) + ".yaml") +
              ": cannot read control file: is not a regular file");
  }
  REQUIRE(::mkfifo(dir.file("fifo.yaml").c_str(), 0600) == 0);
  CHECK_THAT(error_loading(dir.file("fifo.yaml")),
             Catch::EndsWith(": cannot read control file: is not a regular file"));
  std::string big = valid_control() + "description: \"" + std::string(1024 * 1024, 'x') + "\"\n";
  CHECK_THAT(error_of(dir, big),
             Catch::EndsWith("bad.yaml: cannot read control file: is larger than 1 MiB (the "
                             "limit for an input file)"));
  // A candidate template is read the same way.
  REQUIRE(::mkfifo(dir.file("t.in").c_str(), 0600) == 0);
  std::string msg = error_of(dir, valid_control("  files:\n    p.db: {template: t.in}\n"));
  CHECK_THAT(msg, Catch::Contains("candidate.files.p.db.template: cannot read template file " +
                                  dir.file("t.in") + ": is not a regular file"));
  std::filesystem::create_symlink("/dev/zero", dir.file("z.in"));
  msg = error_of(dir, valid_control("  files:\n    p.db: {template: z.in}\n"));
  CHECK_THAT(msg, Catch::Contains("is not a regular file"));
}

TEST_CASE("timeouts are range-checked: a deadline must stay representable", "[errors][hostile]") {
  TempDir dir;
  std::string msg = error_of(dir, replaced(valid_control(), "command: \"ringbot --playouts 300\"",
                                           "command: ringbot\n    timeouts: {genmove: 1e10}"));
  CHECK_THAT(msg, Catch::Contains(
                      "bad.yaml:5:25: players.opp.timeouts.genmove: must be a positive number of "
                      "seconds, at most 1e9 (got 1e10)"));
  msg = error_of(dir, valid_control("  timeouts: {startup: 1e300}\n"));
  CHECK_THAT(msg,
             Catch::Contains(
                 "candidate.timeouts.startup: must be a positive number of seconds, at most 1e9"));
  CHECK_NOTHROW(
      load_control_file(dir.write("ok.yaml", valid_control("  timeouts: {genmove: 1e9}\n"))));
}

TEST_CASE("numbers beyond a double or a 64-bit integer say so", "[errors][hostile]") {
  TempDir dir;
  CHECK_THAT(error_of(dir, replaced(valid_control(), "komi: 7.5", "komi: 1e400")),
             Catch::Contains("bad.yaml:6:7: komi: number out of range (got '1e400')"));
  CHECK_THAT(
      error_of(dir, replaced(valid_control(), "board_size: 9", "board_size: 99999999999999999999")),
      Catch::Contains(
          "bad.yaml:5:13: board_size: integer out of range (got '99999999999999999999')"));
}

TEST_CASE("an expression scale must give each candidate its own value", "[errors][hostile]") {
  TempDir dir;
  auto with_scale = [&](const std::string& scale) {
    return error_of(dir, replaced(valid_control(), "\"LOG(30, 3000, integer)\"", scale));
  };
  CHECK_THAT(with_scale("{expression: \"x = 5\"}"),
             Catch::Contains(
                 "bad.yaml:14:25: parameters[0].scale.expression: invalid expression 'x = 5': '=' "
                 "assigns (compare with '==')"));
  CHECK_THAT(with_scale("{expression: \"x, 5\"}"),
             Catch::Contains(
                 "invalid expression 'x, 5': gives 2 values separated by ','; a scale gives one"));
  CHECK_THAT(with_scale("{expression: \"7\"}"),
             Catch::Contains("invalid expression '7': does not depend on x"));
  CHECK_THAT(with_scale("{expression: \"x*(1-x)\"}"),
             Catch::Contains(
                 "bad.yaml:14:12: parameters[0].scale: gives the same value 0.24305555555555555 at "
                 "x=0.416666666667 and x=0.583333333333 (with split 6): each point of the grid "
                 "must give a different value"));
  CHECK_THAT(with_scale("{expression: \"2*x\", integer: true}"),
             Catch::Contains("gives the same value 1 at x=0.25 and x=0.416666666667"));
  CHECK_NOTHROW(
      load_control_file(dir.write("ok.yaml", replaced(valid_control(), "\"LOG(30, 3000, integer)\"",
                                                      "{expression: \"100*x <= 50 ? x : 2*x\"}"))));
}

TEST_CASE("messages show a whole non-ASCII character and use the right article",
          "[errors][hostile]") {
  TempDir dir;
  std::string msg = error_of(dir, replaced(valid_control(), "  opp:", "  op\xc3\xa9:"));
  CHECK_THAT(msg,
             Catch::Contains("player code 'op\xc3\xa9': contains forbidden character: \xc3\xa9"));
  msg = error_of(dir, replaced(valid_control(), "\"LOG(30, 3000, integer)\"",
                               "{type: EXPLICIT, values: [1, 2], lower: 1}"));
  CHECK_THAT(msg, Catch::Contains("parameters[0].scale.lower: not used by an EXPLICIT scale"));
}

TEST_CASE("a token no YAML document can start with is refused, not looped on",
          "[errors][hostile]") {
  TempDir dir;
  // yaml-cpp 0.7's LoadAll loops for ever, growing memory, on each of these (the first is
  // upstream's "Comma causing infinite loop"; the others were found by a mutation fuzzer).
  struct Case {
    std::string text, message;
  };
  const std::string comma = "unexpected ',' (a ',' separates items only inside [ ] or { })";
  for (const auto& c : std::vector<Case>{
           {",\n", "1:1: YAML syntax error: " + comma},
           {",", "1:1: YAML syntax error: " + comma},
           {"[a],\n", "1:4: YAML syntax error: " + comma},
           {"- a\n,\n", "2:1: YAML syntax error: " + comma},
           {"&x ,\n", "1:4: YAML syntax error: " + comma},
           {"!t ,\n", "1:4: YAML syntax error: " + comma},
           {"!? a\n? a\n", "2:1: YAML syntax error: unexpected '?'"},
           {valid_control() + "---\n,\n", "19:1: YAML syntax error: " + comma},
       }) {
    INFO(c.text);
    CHECK(error_of(dir, c.text) == dir.path() + "/bad.yaml:" + c.message);
  }
}

TEST_CASE("scale bounds beyond a double are refused for the mc_tuner too", "[errors][hostile]") {
  TempDir dir;
  CHECK_THAT(
      error_of(dir, replaced(valid_control(), "LOG(30, 3000, integer)", "LINEAR(-1e308, 1e308)")),
      Catch::Contains("bad.yaml:14:12: parameters[0].scale: invalid parameters for LINEAR: "
                      "upper bound - lower bound is beyond a double"));
}
