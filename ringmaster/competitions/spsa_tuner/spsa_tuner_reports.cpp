// SpsaTuner's reports: the games and pairs, the design, per parameter the start, theta, the
// recommendation and the band theta wandered in, the trajectory, the results, the tuned
// engine's command line and the confirmation match.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ringmaster/competitions/matchups/matchup_report.hpp"
#include "ringmaster/competitions/report_numbers.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"
#include "ringmaster/competitions/tuner_report_header.hpp"
#include "ringmaster/control/shell_quote.hpp"
#include "ringmaster/stats/elo.hpp"
#include "ringmaster/stats/format.hpp"

namespace rm::comp {
namespace {

std::string signed_text(double elo) {
  const std::string text = fixed(std::abs(elo), 0);
  return (elo < 0 && text != "0" ? "-" : "+") + text;
}

std::string general(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4g", value);
  return buffer;
}

std::string trim_right(std::string text) {
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

// At most `rows` of the trajectory's points, evenly spread, the first and the last included.
std::vector<std::size_t> spread_rows(std::size_t points, std::size_t rows) {
  std::vector<std::size_t> out;
  if (points == 0) return out;
  if (points <= rows) {
    for (std::size_t i = 0; i < points; ++i) out.push_back(i);
    return out;
  }
  for (std::size_t i = 0; i < rows; ++i) out.push_back(i * (points - 1) / (rows - 1));
  return out;
}

}  // namespace

std::string SpsaTuner::games_line() const {
  // Counted as the games table counts them (the run's summary does): the finished game of a
  // pair in flight or dropped is played, though it has not moved theta.
  long finished_in_flight = 0;
  for (const auto& p : pending_) finished_in_flight += (p.score[0] ? 1 : 0) + (p.score[1] ? 1 : 0);
  std::string detail = std::to_string(search_.games() / 2) + " pairs";
  if (!pending_.empty()) detail += ", " + std::to_string(pending_.size()) + " in flight";
  if (void_pairs_ > 0) detail += ", " + std::to_string(void_pairs_) + " dropped for a void game";
  return games_played_text(search_.games() + finished_in_flight + unused_games_, detail) + "\n";
}

std::string SpsaTuner::design_text() const {
  const auto& s = search_.settings();
  std::string text = head_to_head()
                         ? "Mode: head to head (each pair: #n+ against #n-, colours swapped on "
                           "one opening)\n"
                         : "Mode: against the opponent (each pair: #n+ and #n- play it once)\n";
  text += "Design: precision " + general(settings_.precision) + " Elo at " +
          general(100.0 * settings_.confidence) + "% confidence: " + std::to_string(design_.games) +
          " games designed (spsa_simul's SPSA)\n";
  text += "This budget: c " + fixed(s.c[0] / design_.c[0], 2) + " times the design's (" +
          fixed(s.c[0] / 2.0, 3) + " of each range), r " + general(s.r);
  if (s.early_r_factor != 1.0 && s.early_r_games > 0)
    text += " (" + general(s.early_r_factor) + " times that for the first " +
            std::to_string(s.early_r_games) + " games)";
  text += ", recommendation: the mean of theta from game " + std::to_string(s.average_from_games) +
          "\n";
  return text;
}

std::optional<std::pair<std::vector<double>, std::vector<double>>> SpsaTuner::band() const {
  if (window_count_ < 2) return std::nullopt;
  std::vector<double> low, high;
  const double n = static_cast<double>(window_count_);
  for (std::size_t k = 0; k < window_sum_.size(); ++k) {
    const double mean = window_sum_[k] / n;
    const double variance = std::max(0.0, (window_sum_squares_[k] - n * mean * mean) / (n - 1.0));
    const double sd = std::sqrt(variance);
    low.push_back(std::max(-1.0, mean - 2.0 * sd));
    high.push_back(std::min(1.0, mean + 2.0 * sd));
  }
  return std::make_pair(std::move(low), std::move(high));
}

std::string SpsaTuner::estimate_text(bool with_trajectory) const {
  const std::vector<double> start = search_.settings().start;
  const std::vector<double> recommended = search_.recommendation();
  const auto values_start = engine_values(start);
  const auto values_theta = engine_values(search_.theta());
  const auto values_recommended = engine_values(recommended);
  const auto spread = band();
  std::optional<std::vector<rm::scales::Value>> low, high;
  if (spread) {
    low = engine_values(spread->first);
    high = engine_values(spread->second);
  }
  std::string text = "Recommended: " + format_parameters(recommended) + "\n";
  std::size_t width = 10;
  for (const auto& p : parameters_) width = std::max(width, p.code.size() + 1);
  text += "  " + pad_cell("parameter", width) + pad_cell("start", 12) + pad_cell("theta", 12) +
          pad_cell("recommended", 13) + "theta's band (95%)\n";
  for (std::size_t k = 0; k < parameters_.size(); ++k) {
    text += "  " + pad_cell(parameters_[k].code, width) +
            pad_cell(short_value(values_start[k]), 12) +
            pad_cell(short_value(values_theta[k]), 12) +
            pad_cell(short_value(values_recommended[k]), 13);
    text += spread
                ? short_value((*low)[k]) + " to " + short_value((*high)[k])
                : std::string("from game ") + std::to_string(search_.settings().average_from_games);
    text += "\n";
  }
  if (!with_trajectory) return text;
  text += "\nTrajectory (theta):\n  " + pad_cell("games", 10);
  std::string heading;
  for (const auto& p : parameters_) heading += pad_cell(p.code, 12);
  text += trim_right(heading) + "\n";
  const auto& points = trajectory_.points();
  for (std::size_t i : spread_rows(points.size(), 8)) {
    std::string row = "  " + pad_cell(std::to_string(points[i].games), 10);
    for (const auto& v : engine_values(points[i].theta)) row += pad_cell(short_value(v), 12);
    text += trim_right(row) + "\n";
  }
  return text;
}

long SpsaTuner::gain_window() const {
  return std::clamp(static_cast<long>(settings_.number_of_games) / 10, 50L, 500L);
}

// The candidates' Elo against the opponent in the last window of games minus that in the
// first: what tuning has gained. The candidates are theta +- c; at a constant c that costs
// the same in both windows (on a quadratic surface), so the difference is theta's gain.
std::optional<nlohmann::json> SpsaTuner::elo_gained() const {
  if (head_to_head()) return elo_gained_against_start();
  const long window = gain_window();
  const long played = wins_ + no_winner_ + losses_;
  if (played < 2 * window) return std::nullopt;
  rm::stats::Wdl first{first_window_[0], first_window_[1], first_window_[2]};
  rm::stats::Wdl recent;
  for (char c : recent_window_)
    ++(c == 'w' ? recent.wins : c == 'd' ? recent.draws : recent.losses);
  const auto a = rm::stats::estimate_elo(first);
  const auto b = rm::stats::estimate_elo(recent);
  if (!std::isfinite(a.elo) || !std::isfinite(b.elo) || !std::isfinite(a.margin) ||
      !std::isfinite(b.margin))
    return std::nullopt;
  return nlohmann::json{{"measured_by", "windows"},
                        {"elo", b.elo - a.elo},
                        {"margin", std::hypot(a.margin, b.margin)},
                        {"window", window},
                        {"first_elo", a.elo},
                        {"first_margin", a.margin},
                        {"recent_elo", b.elo},
                        {"recent_margin", b.margin}};
}

// Head to head the pairs compare #n+ with #n-, never with the start: the last complete
// validation round (the recommendation then against the start) measures it.
const ValidationRound* SpsaTuner::last_complete_round() const {
  const auto& rounds = validation_->rounds();
  for (auto it = rounds.rbegin(); it != rounds.rend(); ++it)
    if (it->complete() && it->wdl.games() > 0) return &*it;
  return nullptr;
}

std::optional<nlohmann::json> SpsaTuner::elo_gained_against_start() const {
  const ValidationRound* round = last_complete_round();
  if (round == nullptr) return std::nullopt;
  nlohmann::json j = elo_json(rm::stats::estimate_elo(round->wdl));
  j["measured_by"] = "validation";
  j["round"] = round->round;
  j["after_games"] = round->after_games;
  j["parameters"] = round->parameters;
  return j;
}

std::string SpsaTuner::elo_gained_text() const {
  if (head_to_head()) {
    if (!validation_->enabled() && validation_->rounds().empty())
      return "Elo gained: not measured by head-to-head pairs (they compare #n+ with #n-, never "
             "with the start); set validation to measure it as the games go, or play the "
             "confirmation match below\n";
    const ValidationRound* round = last_complete_round();
    if (round == nullptr)
      return "Elo gained: measured when the first validation round (the recommendation against "
             "the start) is complete\n";
    return "Elo gained: the recommendation after " + std::to_string(round->after_games) +
           " games against the start (validation round " + std::to_string(round->round) + ", " +
           std::to_string(round->wdl.games()) +
           " games): " + rm::stats::format_elo(rm::stats::estimate_elo(round->wdl)) + "\n";
  }
  const auto gained = elo_gained();
  if (!gained)
    return "Elo gained: measured once " + std::to_string(2 * gain_window()) +
           " games against the opponent are played (the first and the last " +
           std::to_string(gain_window()) + ")\n";
  const auto number = [](double v) { return fixed(v, 0); };
  return "Elo gained: " + signed_text(gained->at("elo").get<double>()) + " +- " +
         number(gained->at("margin").get<double>()) + " (95%): the candidates against the " +
         "opponent, the last " + std::to_string(gain_window()) + " games " +
         signed_text(gained->at("recent_elo").get<double>()) + " +- " +
         number(gained->at("recent_margin").get<double>()) + ", the first " +
         std::to_string(gain_window()) + " " + signed_text(gained->at("first_elo").get<double>()) +
         " +- " + number(gained->at("first_margin").get<double>()) + "\n";
}

SpsaTuner::ReportEngines SpsaTuner::report_engines() const {
  ReportEngines engines;
  engines.tuned = kept_candidate(engine_values(search_.recommendation()), "tuned", engines.error);
  engines.start = kept_candidate(engine_values(search_.settings().start), "start", engines.error);
  return engines;
}

std::string SpsaTuner::confirmation_text() const {
  const ReportEngines engines = report_engines();
  const std::string tuned_command =
      rm::control::shell_quote_for_display(engines.tuned.engine.process.argv);
  const std::string start_command =
      rm::control::shell_quote_for_display(engines.start.engine.process.argv);
  std::vector<std::string> match = {"ringmaster", "match",
                                    "-e",         tuned_command,
                                    "--name",     "tuned",
                                    "-e",         start_command,
                                    "--name",     "start",
                                    "--games",    "2000",
                                    "--size",     std::to_string(cf_.game.board_size),
                                    "--komi",     rm::scales::python_str(cf_.game.komi),
                                    "--sprt",     "0,5"};
  if (cf_.openings) match.insert(match.end(), {"--openings", cf_.openings->sgf});
  std::string text = "Tuned engine: " + tuned_command + "\n";
  // Files are rendered into the kept directories the commands name; what a command line
  // cannot carry is said.
  if (!engines.error.empty())
    text +=
        "  (its files could not be written, so these commands do not run: " + engines.error + ")\n";
  if (!settings_.candidate.startup_gtp_commands.empty() || !settings_.candidate.environ.empty() ||
      settings_.candidate.cwd)
    text +=
        "  (the candidate template also sets values outside the command line: `ringmaster FILE "
        "playoff-file --baseline PLAYER` writes a playoff with all of it)\n";
  return text + "Confirm it against the start: " + rm::control::shell_quote_for_display(match) +
         " -j 2\n";
}

std::string SpsaTuner::tuner_short_report() const {
  std::string text = tuner_report_header("SPSA", cf_) + games_line() + "\n" + estimate_text(false);
  if (head_to_head()) {
    text += "Pairs by #n+'s half points (0-4):";
    for (long n : pentanomial_) text += " " + std::to_string(n);
    text += "\n";
  } else {
    text += "Candidates against the opponent: " + std::to_string(wins_) + " won, " +
            std::to_string(losses_) + " lost";
    if (no_winner_ > 0) text += ", " + std::to_string(no_winner_) + " without a winner";
    text += "\n";
  }
  text += elo_gained_text();
  return text + "\n" + confirmation_text();
}

std::string SpsaTuner::tuner_full_report() const {
  std::string text = tuner_report_header("SPSA", cf_) + games_line() + design_text() + "\n" +
                     estimate_text(true) + "\n";
  if (head_to_head()) {
    text += "Pairs by #n+'s half points (0-4):";
    for (long n : pentanomial_) text += " " + std::to_string(n);
    text += "\n\n";
  } else {
    text += opponent_line() + pool_stats_.report() + "\n";
  }
  text += elo_gained_text() + "\n";
  return text + confirmation_text();
}

// An 80x24 frame: the games line and one line per parameter (at most 12, then how many more).
std::string SpsaTuner::tuner_screen_report(
    const std::vector<std::string>& game_ids_in_progress) const {
  (void)game_ids_in_progress;  // the display lists the games in progress itself
  std::string text = games_line();
  const auto recommended = engine_values(search_.recommendation());
  const auto start = engine_values(search_.settings().start);
  constexpr std::size_t kShown = 12;
  for (std::size_t k = 0; k < parameters_.size() && k < kShown; ++k)
    text += "  " + pad_cell(parameters_[k].code, 12) + pad_cell(short_value(start[k]), 10) + "-> " +
            short_value(recommended[k]) + "\n";
  if (parameters_.size() > kShown)
    text += "  ... and " + std::to_string(parameters_.size() - kShown) + " more (show)\n";
  return text;
}

std::vector<std::string> SpsaTuner::periodic_history_lines() const {
  if (results_since_history_ == 0 || search_.games() % 200 != 0) return {};
  return {"estimate after " + std::to_string(search_.games()) +
          " games: " + format_parameters(search_.recommendation())};
}

nlohmann::json SpsaTuner::tuner_json_report() const {
  nlohmann::json j = tuner_json_report_header("spsa_tuner", cf_, static_cast<int>(search_.games()),
                                              settings_.opponent, opponent_description_);
  if (head_to_head()) j["opponent"] = nullptr;
  const auto& s = search_.settings();
  j["number_of_games"] = settings_.number_of_games;
  j["mode"] = head_to_head() ? "head_to_head" : "against_opponent";
  j["pairs"] = {{"played", search_.games() / 2},
                {"in_flight", pending_.size()},
                {"dropped_void", void_pairs_}};
  j["design"] = {{"precision", settings_.precision},          {"confidence", settings_.confidence},
                 {"designed_games", design_.games},           {"c", s.c},
                 {"c_factor", s.c[0] / design_.c[0]},         {"r", s.r},
                 {"early_r_factor", s.early_r_factor},        {"early_r_games", s.early_r_games},
                 {"average_from_games", s.average_from_games}};
  const std::vector<double> recommended = search_.recommendation();
  const auto spread = band();
  nlohmann::json values = nlohmann::json::array();
  const auto start = engine_values(s.start);
  const auto theta = engine_values(search_.theta());
  const auto rec = engine_values(recommended);
  for (std::size_t k = 0; k < parameters_.size(); ++k) {
    nlohmann::json v = {{"code", parameters_[k].code},
                        {"start", rm::scales::value_to_json(start[k])},
                        {"theta", rm::scales::value_to_json(theta[k])},
                        {"value", rm::scales::value_to_json(rec[k])},
                        {"normalised", recommended[k]},
                        {"band_low", nullptr},
                        {"band_high", nullptr},
                        {"scale", settings_.parameters[k].log_scale ? "LOG" : "LINEAR"},
                        {"lower", settings_.parameters[k].lower},
                        {"upper", settings_.parameters[k].upper}};
    if (spread) {
      v["band_low"] = rm::scales::value_to_json(settings_.parameters[k].value_at(spread->first[k]));
      v["band_high"] =
          rm::scales::value_to_json(settings_.parameters[k].value_at(spread->second[k]));
    }
    values.push_back(std::move(v));
  }
  j["estimate"] = {{"parameters", format_parameters(recommended)}, {"values", values}};
  nlohmann::json trajectory = nlohmann::json::array();
  for (const auto& p : trajectory_.points()) {
    nlohmann::json point_values = nlohmann::json::array();
    for (const auto& v : engine_values(p.theta))
      point_values.push_back(rm::scales::value_to_json(v));
    trajectory.push_back({{"games", p.games}, {"values", point_values}});
  }
  j["trajectory"] = trajectory;
  j["elo_gained"] = elo_gained().value_or(nullptr);
  if (head_to_head()) {
    j["pentanomial"] = pentanomial_;
  } else {
    j["results"] = {{"wins", wins_}, {"no_winner", no_winner_}, {"losses", losses_}};
    j["pool"] = pool_stats_.json();
  }
  const ReportEngines engines = report_engines();
  j["tuned_command"] = engines.tuned.engine.process.argv;
  j["start_command"] = engines.start.engine.process.argv;
  return j;
}

}  // namespace rm::comp
