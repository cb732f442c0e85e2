#include "ringmaster/run/report_inputs.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "ringmaster/competitions/validation.hpp"
#include "ringmaster/control/shell_quote.hpp"
#include "ringmaster/game/atomic_file.hpp"
#include "ringmaster/report/html/html_report.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "scales/value.hpp"

namespace rm::run {
namespace {

using rm::report::GameRecord;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string tuner_opponent(const rm::control::ControlFile& control) {
  const auto* tuner = control.tuner();
  return tuner ? tuner->opponent : "";
}

std::vector<nlohmann::json> values_of(const nlohmann::json& values) {
  std::vector<nlohmann::json> out;
  if (values.is_array())
    for (const auto& v : values) out.push_back(v);
  return out;
}

// A tuner's game: its candidate's code, and its parameters and values as the result records
// them (games stored before results carried their candidate have none).
void fill_candidate(GameRecord& g, const std::string& opponent) {
  const auto& r = g.result;
  g.candidate = r.black_code == opponent ? r.white_code : r.black_code;
  g.validation = rm::comp::Validation::is_validation_id(r.game_id);
  if (!r.candidate) return;
  g.parameters = r.candidate->parameters;
  g.values = values_of(r.candidate->values);
}

}  // namespace

rm::report::ReportInputs gather_report_inputs(const CompetitionSession& session,
                                              const rm::control::ControlFile& control,
                                              const CompetitionPaths& paths,
                                              const std::string& text_report) {
  rm::report::ReportInputs in;
  in.report = json_report_with_halt(session);
  in.text_report = text_report;
  in.directory = paths.directory;
  in.control_file_name = std::filesystem::path(paths.control_file).filename().string();
  in.control_text = read_text(paths.control_file);
  for (const auto& [code, spec] : control.players)
    in.players.push_back({code, rm::control::shell_quote_for_display(spec.engine.process.argv)});
  // What a type's sections need beyond this (scales, the tree's depth) is in its JSON report.
  for (const auto& p : rm::control::tuned_parameters(control)) in.parameter_codes.push_back(p.code);

  const std::string opponent = tuner_opponent(control);
  // The HTML's per-game plots read at most the last kHtmlGames games, so that writing it stays
  // cheap however many games are stored (a million-game competition).
  constexpr int kHtmlGames = 20'000;
  in.games_total = session.store->game_count();
  const bool all = in.games_total <= kHtmlGames;
  // Moved, not copied: a result is a score of strings, and there are up to kHtmlGames.
  auto records = [&](std::vector<rm::game::GameResult> results) {
    std::vector<GameRecord> out;
    out.reserve(results.size());
    for (auto& r : results) {
      out.push_back(GameRecord{std::move(r)});
      if (!opponent.empty()) fill_candidate(out.back(), opponent);
    }
    return out;
  };
  in.games = records(all ? session.store->games() : session.store->recent_games(kHtmlGames));
  in.void_games = records(session.store->void_games());
  return in;
}

std::string html_report_path(const CompetitionPaths& paths) {
  return paths.report + ".html";
}

std::string write_html_report_file(const rm::report::ReportInputs& inputs,
                                   const CompetitionPaths& paths) {
  std::string html = rm::report::html_report(inputs);
  const std::string error = rm::game::write_file_atomically(html_report_path(paths), html);
  if (!error.empty())
    throw RingmasterError("can't write " + html_report_path(paths) + ": " + error);
  return html;
}

}  // namespace rm::run
