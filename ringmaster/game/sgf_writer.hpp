// Rendering a game record as SGF FF[4] text, in gomill's layout: root properties FF first
// then alphabetical, one node per move, text values escaped, lines wrapped near 79 columns.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rm::game {

struct SgfMove {
  SgfMove() = default;
  // Keeps the three-value brace initialisation ({'B', "dd", ""}) of records without clocks.
  SgfMove(char colour_, std::string point_, std::string comment_ = {})
      : colour(colour_), point(std::move(point_)), comment(std::move(comment_)) {}
  char colour = 'B';  // 'B' or 'W'
  std::string point;  // SGF point ("dd"), "tt" or "" for a pass
  std::string comment;
  // After the move: the mover's time left (BL/WL, seconds) and byo-yomi moves or periods
  // left (OB/OW), when the game has clocks.
  std::optional<double> time_left;
  std::optional<int> overtime_left;
};

struct SgfGameRecord {
  std::string application;  // AP, e.g. "ringmaster:0.1.0"
  int board_size = 19;
  double komi = 0.0;
  std::string date;                          // DT, "YYYY-MM-DD"
  std::string result;                        // RE, "" to omit
  int handicap = 0;                          // HA if >= 2
  std::vector<std::string> handicap_points;  // AB
  std::vector<std::string> setup_black;      // AB of an opening position (no HA)
  std::optional<double> main_time;           // TM, seconds
  std::string overtime;                      // OT ("" to omit)
  std::string player_black, player_white;    // PB, PW ("" to omit)
  std::string game_name;                     // GN ("" to omit)
  std::string event;                         // EV ("" to omit)
  std::string root_comment;                  // C of the root ("" to omit)
  std::vector<SgfMove> moves;
  // Text added to the last node's comment (the root's if there are no moves), after a blank
  // line if that node already has a comment.
  std::string final_comment;
};

// Escapes ']' and '\' with a backslash, as SGF text values require.
std::string escape_sgf_text(const std::string& text);

std::string render_sgf(const SgfGameRecord& record);

}  // namespace rm::game
