#include "ringmaster/report/exports/csv_export.hpp"

#include <fmt/format.h>

namespace rm::report {
namespace {

// 15 significant digits: every figure as measured or set, without the noise of binary
// arithmetic (0.1 + 0.2 is 0.3 here, not 0.30000000000000004).
std::string decimal(double v) {
  return fmt::format("{:.15g}", v);
}

std::string number(const std::optional<double>& v) {
  return v ? decimal(*v) : std::string();
}

std::string value_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) return decimal(v.get<double>());
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return "";
}

std::string join(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) line += ',';
    line += csv_field(fields[i]);
  }
  return line + "\r\n";
}

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_export(const ReportInputs& in) {
  const bool tuner = !in.parameter_codes.empty();
  std::vector<std::string> header{
      "game_id", "black",       "white",       "winner",        "winner_colour", "result",
      "margin",  "jigo",        "forfeit",     "forfeit_cause", "void",          "void_reason",
      "moves",   "black_cpu_s", "white_cpu_s", "sgf_path",      "opening",       "decided_by"};
  if (tuner) {
    for (const char* h :
         {"validation", "candidate", "candidate_colour", "candidate_won", "parameters"})
      header.emplace_back(h);
    for (const auto& code : in.parameter_codes) header.push_back(code);
  }
  std::string out = join(header);
  auto row = [&](const GameRecord& g) {
    const auto& r = g.result;
    std::vector<std::string> f{r.game_id,
                               r.black_code,
                               r.white_code,
                               r.winning_code(),
                               r.winner,
                               r.sgf_result,
                               number(r.margin),
                               r.is_jigo ? "1" : "0",
                               r.is_forfeit ? "1" : "0",
                               r.forfeit_cause,
                               r.is_void ? "1" : "0",
                               r.void_reason,
                               std::to_string(r.move_count),
                               number(r.black_cpu_s),
                               number(r.white_cpu_s),
                               r.sgf_path,
                               r.opening,
                               r.decided_by};
    if (tuner) {
      const bool black = !g.candidate.empty() && r.black_code == g.candidate;
      const bool white = !g.candidate.empty() && r.white_code == g.candidate;
      const char* won = "";
      if (!r.is_void && (black || white) && !r.winner.empty())
        won = r.winning_code() == g.candidate ? "1" : "0";
      f.emplace_back(g.validation ? "1" : "0");
      f.push_back(g.candidate);
      f.emplace_back(black ? "b" : white ? "w" : "");
      f.emplace_back(won);
      f.push_back(g.parameters);
      for (std::size_t k = 0; k < in.parameter_codes.size(); ++k)
        f.push_back(k < g.values.size() ? value_text(g.values[k]) : "");
    }
    out += join(f);
  };
  for (const auto& g : in.games) row(g);
  for (const auto& g : in.void_games) row(g);
  return out;
}

}  // namespace rm::report
