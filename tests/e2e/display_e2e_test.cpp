// The live display on a terminal (a pseudo-terminal of a chosen size here): every frame fits
// the terminal, however many matchups the report lists, and follows a resize; frames are
// redrawn in place without clearing the whole screen each time.
#include <atomic>
#include <catch2/catch.hpp>
#include <cctype>
#include <thread>

#include "tests/e2e/e2e_support.hpp"
#include "tests/e2e/pseudo_terminal.hpp"

using rm::test::CompetitionDir;
using rm::test::PseudoTerminal;
using namespace std::chrono_literals;

namespace {

// A playoff of 11 matchups: its screen report alone is far taller than 24 rows.
std::string eleven_matchups_yaml(int games_each) {
  std::string yaml =
      "competition_type: playoff\n"
      "players:\n"
      "  weak: {command: [ringbot, --playouts, '2', --seed, '3']}\n"
      "  other_weak_player_with_a_long_name: {command: [ringbot, --playouts, '2', --seed, '4']}\n"
      "board_size: 7\n"
      "komi: 4.5\n"
      "move_limit: 200\n"
      "matchups:\n";
  for (int i = 0; i < 11; ++i)
    yaml += "  - {player_1: weak, player_2: other_weak_player_with_a_long_name, id: m" +
            std::to_string(i) + ", number_of_games: " + std::to_string(games_each) + "}\n";
  return yaml;
}

// The frames written to the terminal: the text after each "cursor home", its escape
// sequences removed, split into lines.
std::vector<std::vector<std::string>> frames_of(const std::string& output) {
  std::vector<std::vector<std::string>> frames;
  const std::string home = "\x1b[H";
  for (auto pos = output.find(home); pos != std::string::npos;) {
    const auto next = output.find(home, pos + home.size());
    const std::string raw =
        output.substr(pos + home.size(),
                      next == std::string::npos ? std::string::npos : next - pos - home.size());
    std::string text;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '\x1b' && i + 1 < raw.size() && raw[i + 1] == '[') {
        i += 2;
        while (i < raw.size() && !std::isalpha(static_cast<unsigned char>(raw[i]))) ++i;
        continue;
      }
      if (raw[i] != '\r') text += raw[i];
    }
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (auto end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
      lines.push_back(text.substr(start, end - start));
      start = end + 1;
    }
    if (start < text.size()) lines.push_back(text.substr(start));
    frames.push_back(lines);
    pos = next;
  }
  return frames;
}

bool fits(const std::vector<std::string>& frame, std::size_t rows, std::size_t columns) {
  if (frame.size() > rows - 1) return false;  // the last row stays for the cursor
  for (const auto& line : frame)
    if (line.size() > columns) return false;
  return true;
}

bool has_summary_line(const std::vector<std::string>& frame) {
  for (const auto& line : frame)
    if (line.rfind("... ", 0) == 0 && line.find(" more lines") != std::string::npos) return true;
  return false;
}

int occurrences(const std::string& text, const std::string& needle) {
  int n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("the live display fits the terminal and follows a resize", "[e2e][terminal][display]") {
  CompetitionDir c("tall_display", eleven_matchups_yaml(200));
  PseudoTerminal terminal;
  terminal.set_size(24, 40);
  auto running = c.start({"run", "-j", "2"}, terminal.slave_path(), true);
  // The terminal's output is read all along, so that ringmaster never blocks writing to it.
  std::string output;
  std::atomic<bool> finished{false};
  std::thread reader([&] {
    while (!finished) output += terminal.read_output(100ms);
  });
  const bool started = c.wait_for_games(2);
  terminal.set_size(12, 30);
  const int games_at_resize = c.committed_games();
  const bool more = c.wait_for_games(games_at_resize + 2);
  c.run({"stop"});
  auto f = running->wait(60s);
  finished = true;
  reader.join();
  output += terminal.read_output(200ms);
  REQUIRE(started);
  REQUIRE(more);
  REQUIRE(f);
  INFO(f->err);
  CHECK(f->exit_status == 0);

  const auto frames = frames_of(output);
  REQUIRE(frames.size() >= 2);
  for (const auto& frame : frames) {
    INFO(frame.size() << " lines; the first: " << (frame.empty() ? "" : frame.front()));
    CHECK(fits(frame, 24, 40));
  }
  // The last frame was drawn after the resize (the run stopped after it).
  const auto& last = frames.back();
  CHECK(fits(last, 12, 30));
  CHECK(has_summary_line(last));
  CHECK_THAT(last.back(), Catch::StartsWith("progress: "));
  // Redrawn in place: the whole screen is cleared once, before the first frame.
  CHECK(occurrences(output, "\x1b[2J") == 1);
  CHECK(rm::test::tagged_processes_after(c.tag(), 5s).empty());
}
