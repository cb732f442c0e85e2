#include "ringmaster/game/outcome.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "ringmaster/game/number_format.hpp"

namespace rm::game {

namespace {

using rm::go::Colour;

std::string upper(Colour colour) {
  return std::string(1, rm::go::sgf_letter(colour));
}

std::string to_upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// A parsed final_score: no winner for jigo; nullopt for text gomill ignores.
struct ParsedScore {
  std::optional<Colour> winner;
  std::optional<double> margin;
};

std::optional<ParsedScore> parse_score(const std::string& raw) {
  std::string s = to_upper(trim(raw));
  if (s == "0") return ParsedScore{};
  if (s.size() < 2 || (s[0] != 'B' && s[0] != 'W') || s[1] != '+') return std::nullopt;
  ParsedScore p;
  p.winner = s[0] == 'B' ? Colour::Black : Colour::White;
  std::string rest = s.substr(2);
  if (rest.empty()) return p;  // "B+": winner known, margin not
  char* end = nullptr;
  double m = std::strtod(rest.c_str(), &end);
  if (end == rest.c_str() || *end != '\0') return std::nullopt;  // gomill: float() fails -> ignored
  if (m > 0 && std::isfinite(m)) p.margin = m;  // "B+inf", "B+1e400": the margin is unknown
  return p;
}

}  // namespace

Outcome scored_win(Colour winner, std::optional<double> margin) {
  Outcome o;
  o.winner = winner;
  o.margin = margin;
  if (margin) {
    o.sgf_result = upper(winner) + "+" + format_number(*margin);
  } else {
    o.sgf_result = upper(winner) + "+";
    o.detail = "unknown margin";
  }
  return o;
}

Outcome jigo() {
  Outcome o;
  o.is_jigo = true;
  o.sgf_result = "0";
  o.margin = 0.0;
  return o;
}

Outcome unknown_result(const std::string& detail) {
  Outcome o;
  o.sgf_result = "?";
  o.detail = detail;
  return o;
}

Outcome resignation(Colour winner) {
  Outcome o;
  o.winner = winner;
  o.is_resignation = true;
  o.sgf_result = upper(winner) + "+R";
  return o;
}

Outcome claim(Colour winner) {
  Outcome o;
  o.winner = winner;
  o.sgf_result = upper(winner) + "+";
  o.detail = "claim";
  return o;
}

Outcome forfeit(Colour winner, const std::string& loser_code, const std::string& reason,
                const std::string& cause) {
  Outcome o;
  o.winner = winner;
  o.is_forfeit = true;
  o.sgf_result = upper(winner) + "+F";
  o.detail = "forfeit by " + loser_code + ": " + reason;
  o.forfeit_cause = cause;
  return o;
}

Outcome move_limit_reached() {
  Outcome o;
  o.sgf_result = "Void";
  o.detail = "hit move limit";
  return o;
}

double handicap_compensation(int handicap, HandicapCompensation style) {
  if (handicap < 2) return 0.0;
  switch (style) {
    case HandicapCompensation::No:
      return 0.0;
    case HandicapCompensation::Full:
      return handicap;
    case HandicapCompensation::Short:
      return handicap - 1;
  }
  return 0.0;
}

Outcome internal_score(int area_black, int area_white, double komi, int handicap,
                       HandicapCompensation style) {
  double score = area_black - area_white - komi - handicap_compensation(handicap, style);
  if (score > 0) return scored_win(Colour::Black, score);
  if (score < 0) return scored_win(Colour::White, -score);
  return jigo();
}

Outcome combine_player_scores(const std::vector<ScoreReport>& reports) {
  std::vector<ParsedScore> parsed;
  for (const auto& r : reports) {
    if (auto p = parse_score(r.raw)) parsed.push_back(*p);
  }
  if (parsed.empty()) return unknown_result("no score reported");
  const auto winner = parsed.front().winner;
  bool same_winner = std::all_of(parsed.begin(), parsed.end(),
                                 [&](const ParsedScore& p) { return p.winner == winner; });
  if (!same_winner) return unknown_result("players disagreed");
  if (!winner) return jigo();
  const auto& margin = parsed.front().margin;
  bool same_margin = std::all_of(parsed.begin(), parsed.end(),
                                 [&](const ParsedScore& p) { return p.margin == margin; });
  return scored_win(*winner, same_margin ? margin : std::nullopt);
}

std::vector<std::string> disagreeing_score_lines(const std::vector<ScoreReport>& reports,
                                                 const std::string& sgf_result) {
  std::vector<std::string> lines;
  bool any_differs = false;
  for (const auto& r : reports) {
    std::string norm = to_upper(trim(r.raw));
    if (norm.size() > 2 && norm.compare(norm.size() - 2, 2, ".0") == 0)
      norm.resize(norm.size() - 2);
    if (norm != sgf_result) any_differs = true;
  }
  if (!any_differs) return lines;
  for (const auto& r : reports) lines.push_back(r.code + " final_score: " + trim(r.raw));
  return lines;
}

}  // namespace rm::game
