// The text of one frame of the live display, as a pure function of what the run loop knows,
// so that it can be checked against golden text.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rm::report {

// Everything one frame shows. The run loop fills it; render_display() formats it.
struct DisplayFrame {
  std::optional<std::string> halt_reason;      // set once the run is halting
  std::vector<std::string> games_in_progress;  // game ids (sorted by render_display)
  std::optional<int> max_games_left;           // --max-games budget left in this run
  bool stop_key_hint = false;                  // Ctrl-X at the terminal halts the run
  int void_games = 0;                          // void games so far (all runs)
  std::string screen_report;                   // the competition's screen report
  std::vector<std::string> summary_lines;      // live_summary_lines(): best now, Elo per matchup
  std::vector<std::string> recent_results;     // oldest first; the last 6 are shown
  std::vector<std::string> recent_warnings;    // oldest first; the last 4 are shown
  std::string progress_line;                   // from progress_text(); empty: no line
};

inline constexpr std::size_t kResultsShown = 6;
inline constexpr std::size_t kWarningsShown = 4;

// Game ids in natural order: "2" before "10", "0_002" before "0_010".
std::vector<std::string> sorted_game_ids(std::vector<std::string> ids);

// The frame's text (no clearing sequence or delimiter), ending with a newline.
std::string render_display(const DisplayFrame& frame);

// The lines of `text` (a frame) as they fit a terminal of `rows` x `columns`, so that nothing
// scrolls away: each line cut to `columns` characters (UTF-8 sequences kept whole); when
// there are more than rows - 1 lines (the last row stays for the cursor), the first
// rows - 3, then "... N more lines", then the text's last line (the progress line). With
// rows < 4 only the first lines and the "... N more lines" line. rows or columns <= 0:
// the lines unchanged (the size is unknown).
std::vector<std::string> fit_to_terminal(const std::string& text, int rows, int columns);

}  // namespace rm::report
