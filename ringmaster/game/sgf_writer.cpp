#include "ringmaster/game/sgf_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "ringmaster/game/number_format.hpp"

namespace rm::game {

namespace {

using Property = std::pair<std::string, std::vector<std::string>>;  // identifier, values (raw)

std::string join_comment(const std::string& existing, const std::string& extra) {
  if (extra.empty()) return existing;
  if (existing.empty()) return extra;
  return existing + "\n\n" + extra;
}

std::string render_property(const Property& p) {
  std::string s = p.first;
  for (const auto& v : p.second) s += "[" + v + "]";
  return s;
}

// Appends tokens, starting a new line when the current one would pass 79 columns; a token
// holding newlines (a comment) resets the column to the length of its last line.
class Wrapper {
 public:
  void add(const std::string& token) {
    if (column_ > 0 && column_ + token.size() > 79) {
      out_ += '\n';
      column_ = 0;
    }
    out_ += token;
    auto nl = token.rfind('\n');
    column_ = nl == std::string::npos ? column_ + token.size() : token.size() - nl - 1;
  }
  std::string finish() { return out_ + ")\n"; }

 private:
  std::string out_;
  std::size_t column_ = 0;
};

}  // namespace

std::string escape_sgf_text(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string render_sgf(const SgfGameRecord& r) {
  std::string final_text = r.final_comment;
  std::string root_comment = r.root_comment;
  if (r.moves.empty()) root_comment = join_comment(root_comment, final_text);

  std::vector<Property> root;
  std::vector<std::string> black_stones = r.handicap_points;
  black_stones.insert(black_stones.end(), r.setup_black.begin(), r.setup_black.end());
  if (!black_stones.empty()) root.push_back({"AB", black_stones});
  root.push_back({"AP", {escape_sgf_text(r.application)}});
  if (!root_comment.empty()) root.push_back({"C", {escape_sgf_text(root_comment)}});
  root.push_back({"CA", {"UTF-8"}});
  if (!r.date.empty()) root.push_back({"DT", {r.date}});
  if (!r.event.empty()) root.push_back({"EV", {escape_sgf_text(r.event)}});
  root.push_back({"GM", {"1"}});
  if (!r.game_name.empty()) root.push_back({"GN", {escape_sgf_text(r.game_name)}});
  if (r.handicap >= 2) root.push_back({"HA", {std::to_string(r.handicap)}});
  root.push_back({"KM", {format_number(r.komi)}});
  if (!r.overtime.empty()) root.push_back({"OT", {escape_sgf_text(r.overtime)}});
  if (!r.player_black.empty()) root.push_back({"PB", {escape_sgf_text(r.player_black)}});
  if (!r.player_white.empty()) root.push_back({"PW", {escape_sgf_text(r.player_white)}});
  if (!r.result.empty()) root.push_back({"RE", {escape_sgf_text(r.result)}});
  root.push_back({"SZ", {std::to_string(r.board_size)}});
  if (r.main_time) root.push_back({"TM", {format_number(*r.main_time)}});
  // `root` is already in alphabetical order (gomill sorts properties, FF first).

  Wrapper w;
  w.add("(;FF[4]");
  for (const auto& p : root) w.add(render_property(p));
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const SgfMove& m = r.moves[i];
    std::string comment = m.comment;
    if (i + 1 == r.moves.size()) comment = join_comment(comment, final_text);
    std::vector<Property> node;
    Property move{std::string(1, m.colour), {m.point}};
    if (!comment.empty()) node.push_back({"C", {escape_sgf_text(comment)}});
    node.push_back(move);
    if (m.time_left) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.1f", *m.time_left);
      node.push_back({m.colour == 'B' ? "BL" : "WL", {buf}});
    }
    if (m.overtime_left)
      node.push_back({m.colour == 'B' ? "OB" : "OW", {std::to_string(*m.overtime_left)}});
    std::sort(node.begin(), node.end(),
              [](const Property& a, const Property& b) { return a.first < b.first; });
    std::string token = ";";
    for (const auto& p : node) token += render_property(p);
    w.add(token);
  }
  return w.finish();
}

}  // namespace rm::game
