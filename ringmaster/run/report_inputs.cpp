#include "ringmaster/run/report_inputs.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "ringmaster/competitions/validation.hpp"
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
  if (const auto* mc = std::get_if<rm::control::McTunerSettings>(&control.competition))
    return mc->opponent;
  if (const auto* ce = std::get_if<rm::control::CeTunerSettings>(&control.competition))
    return ce->opponent;
  if (const auto* model = std::get_if<rm::control::ModelTunerSettings>(&control.competition))
    return model->opponent;
  return "";
}

std::string first_line(const std::optional<std::string>& text) {
  if (!text) return "";
  return text->substr(0, text->find('\n'));
}

// Fills in the candidate's parameters and values of each tuner game, from what each tuner
// keeps: mc_tuner's history line names the candidate's path (its values are in the JSON
// report's candidates), ce_tuner's game id names its sample, model_tuner keeps every point
// played in order, and a validation game's id names its round.
class CandidateFinder {
 public:
  CandidateFinder(const CompetitionSession& session, const rm::control::ControlFile& control,
                  const nlohmann::json& report)
      : session_(session), control_(control), report_(report) {
    for (const auto& c : report.value("candidates", nlohmann::json::array()))
      by_path_[c.value("path", std::string())] = c;
    auto add_samples = [&](const nlohmann::json& samples) {
      for (const auto& s : samples) by_candidate_[s.value("candidate", std::string())] = s;
    };
    for (const auto& g : report.value("generations", nlohmann::json::array()))
      add_samples(g.value("samples", nlohmann::json::array()));
    add_samples(report.value("samples", nlohmann::json::array()));
  }

  // A tuner that keeps its played candidates (model_tuner): the games listed are the last
  // `tuning_games` tuning games, which played the last ones kept.
  void skip_to_last_played(std::size_t tuning_games) {
    const std::size_t n = session_.competition->played_candidates_kept();
    next_played_ = n > tuning_games ? n - tuning_games : 0;
  }

  void fill(GameRecord& g, const std::optional<std::string>& history) {
    if (rm::comp::Validation::is_validation_id(g.result.game_id)) {
      g.validation = true;
      fill_validation(g);
      return;
    }
    const std::string& type = control_.competition_type;
    if (type == "mc_tuner") {
      const std::string line = first_line(history);
      const auto open = line.rfind(" [");
      const auto close = line.rfind(']');
      if (open == std::string::npos || close == std::string::npos || close < open) return;
      g.parameters = line.substr(0, open);
      const auto found = by_path_.find(line.substr(open + 2, close - open - 2));
      if (found != by_path_.end())
        g.values = values_of(found->second.value("engine_values", nlohmann::json()));
    } else if (type == "ce_tuner") {
      const auto found = by_candidate_.find(g.candidate);
      if (found == by_candidate_.end()) return;
      g.parameters = found->second.value("parameters", std::string());
      g.values = values_of(found->second.value("engine_values", nlohmann::json()));
    } else if (const auto played = session_.competition->played_candidate(next_played_)) {
      ++next_played_;  // kept in result order, which is the commit order
      g.parameters = played->parameters;
      for (const auto& v : played->values) g.values.push_back(rm::scales::value_to_json(v));
    }
  }

 private:
  static std::vector<nlohmann::json> values_of(const nlohmann::json& values) {
    std::vector<nlohmann::json> out;
    if (values.is_array())
      for (const auto& v : values) out.push_back(v);
    return out;
  }

  void fill_validation(GameRecord& g) const {
    const auto& id = g.result.game_id;
    const auto hash = id.find('#');
    int round = 0;
    try {
      round = std::stoi(id.substr(1, hash - 1));
    } catch (const std::exception&) {
      return;
    }
    const auto& rounds = report_.value("validation", nlohmann::json::object())
                             .value("rounds", nlohmann::json::array());
    for (const auto& r : rounds)
      if (r.value("round", 0) == round) {
        g.parameters = r.value("parameters", std::string());
        g.values = values_of(r.value("values", nlohmann::json()));
      }
  }

  const CompetitionSession& session_;
  const rm::control::ControlFile& control_;
  const nlohmann::json& report_;
  std::map<std::string, nlohmann::json> by_path_, by_candidate_;
  std::size_t next_played_ = 0;
};

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
  for (const auto& p : rm::control::tuned_parameters(control)) {
    in.parameter_codes.push_back(p.code);
    in.parameter_log_scale.push_back(p.scale && p.scale->definition().value("type", "") == "LOG");
  }
  if (const auto* model = std::get_if<rm::control::ModelTunerSettings>(&control.competition))
    for (std::size_t k = 0; k < model->parameters.size() && k < in.parameter_log_scale.size(); ++k)
      in.parameter_log_scale[k] = model->parameters[k].log_scale;
  if (const auto* mc = std::get_if<rm::control::McTunerSettings>(&control.competition))
    in.max_depth = mc->max_depth;

  const std::string opponent = tuner_opponent(control);
  CandidateFinder finder(session, control, in.report);
  // The HTML's per-game plots read at most the last kHtmlGames games, so that writing it stays
  // cheap however many games are stored (a million-game competition).
  constexpr int kHtmlGames = 20'000;
  in.games_total = session.store->game_count();
  const bool all = in.games_total <= kHtmlGames;
  const auto games = all ? session.store->games() : session.store->recent_games(kHtmlGames);
  const auto histories =
      all ? session.store->game_histories() : session.store->recent_game_histories(kHtmlGames);
  std::size_t tuning_games = 0;
  for (const auto& g : games) tuning_games += !rm::comp::Validation::is_validation_id(g.game_id);
  finder.skip_to_last_played(tuning_games);
  for (std::size_t i = 0; i < games.size(); ++i) {
    GameRecord g{games[i]};
    if (!opponent.empty()) {
      g.candidate = games[i].black_code == opponent ? games[i].white_code : games[i].black_code;
      finder.fill(g, i < histories.size() ? histories[i] : std::nullopt);
    }
    in.games.push_back(std::move(g));
  }
  for (const auto& r : session.store->void_games()) {
    GameRecord g{r};
    if (!opponent.empty()) g.candidate = r.black_code == opponent ? r.white_code : r.black_code;
    g.validation = rm::comp::Validation::is_validation_id(r.game_id);
    in.void_games.push_back(std::move(g));
  }
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
