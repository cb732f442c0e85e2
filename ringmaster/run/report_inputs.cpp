#include "ringmaster/run/report_inputs.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "ringmaster/control/shell_quote.hpp"
#include "ringmaster/game/atomic_file.hpp"
#include "ringmaster/report/html/html_report.hpp"
#include "ringmaster/run/recent_game_window.hpp"
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

}  // namespace

rm::report::ReportInputs gather_report_inputs(const CompetitionSession& session,
                                              const rm::control::ControlFile& control,
                                              const CompetitionPaths& paths,
                                              const std::string& text_report,
                                              RecentGameWindow* window) {
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
  in.games_total = session.store->game_count();
  auto records = [&](std::vector<rm::game::GameResult> results) {
    std::vector<GameRecord> out;
    out.reserve(results.size());
    // Moved, not copied: a result is a score of strings, and there are up to kHtmlReportGames.
    for (auto& r : results) out.push_back(game_record(std::move(r), opponent));
    return out;
  };
  if (window) {
    window->update(*session.store, opponent);
    in.games = window->lend();
  } else {
    in.games =
        records(in.games_total <= kHtmlReportGames ? session.store->games()
                                                   : session.store->recent_games(kHtmlReportGames));
  }
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
