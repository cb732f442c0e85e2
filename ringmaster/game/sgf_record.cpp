#include "ringmaster/game/sgf_record.hpp"

#include <ctime>

#include "ringmaster/game/atomic_file.hpp"

#ifndef RINGMASTER_VERSION
#define RINGMASTER_VERSION "unknown"
#endif

namespace rm::game {

namespace {

std::string join_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) {
    if (!s.empty()) s += "\n";
    s += l;
  }
  return s;
}

std::string cpu_line(const std::string& code, const std::optional<double>& cpu) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", *cpu);
  return code + " cpu time: " + buf + "s";
}

std::string player_line(const char* colour, const std::string& code, const std::string& desc) {
  std::string s = std::string(colour) + " " + code;
  if (!desc.empty()) s += " " + desc;
  return s;
}

}  // namespace

std::string sgf_application() {
  return std::string("ringmaster:") + RINGMASTER_VERSION;
}

std::string sgf_player_name(const PlayerSpec& player, const std::string& short_description) {
  if (player.sgf_player_name_from_gtp && !short_description.empty()) return short_description;
  return player.code;
}

SgfGameRecord make_sgf_record(const GameJob& job, const GameResult& result, const PlayedGame& game,
                              const std::string& date_time) {
  SgfGameRecord r;
  r.application = sgf_application();
  r.board_size = job.settings.board_size;
  r.komi = job.settings.komi;
  r.date = date_time.substr(0, 10);
  r.result = result.is_void ? "Void" : result.sgf_result;
  if (!game.handicap_points.empty()) {
    r.handicap = static_cast<int>(game.handicap_points.size());
    r.handicap_points = game.handicap_points;
  }
  r.player_black = sgf_player_name(job.black, result.black_short_description);
  r.player_white = sgf_player_name(job.white, result.white_short_description);
  r.game_name =
      job.competition_code.empty() ? job.game_id : job.competition_code + " " + job.game_id;
  r.event = job.sgf_event;

  std::vector<std::string> notes;
  if (!job.sgf_event.empty()) notes.push_back("Event: " + job.sgf_event);
  notes.push_back("Game id " + job.game_id);
  notes.push_back("Date " + date_time);
  if (!result.is_void) notes.push_back("Result " + result.describe());
  if (!job.sgf_note.empty()) notes.push_back(job.sgf_note);
  if (job.opening) notes.push_back("Opening " + job.opening->name);
  const auto black_clock = time_control_of(job.black, job.settings);
  const auto white_clock = time_control_of(job.white, job.settings);
  if (black_clock && black_clock == white_clock) {
    notes.push_back("Time control " + describe_time_control(*black_clock));
  } else if (black_clock || white_clock) {
    auto text = [](const std::optional<TimeControl>& tc) {
      return tc ? describe_time_control(*tc) : std::string("none");
    };
    notes.push_back("Time control black " + text(black_clock) + ", white " + text(white_clock));
  }
  if (!result.decided_by.empty()) notes.push_back("Decided by " + result.decided_by);
  if (result.black_cpu_s) notes.push_back(cpu_line(job.black.code, result.black_cpu_s));
  if (result.white_cpu_s) notes.push_back(cpu_line(job.white.code, result.white_cpu_s));
  notes.push_back(player_line("Black", job.black.code, result.black_long_description));
  notes.push_back(player_line("White", job.white.code, result.white_long_description));
  r.root_comment = join_lines(notes);

  r.moves = game.moves;
  r.setup_black = game.opening_setup_black;
  // TM and OT say one clock for both players; time odds are in the root comment only.
  if (black_clock && black_clock == white_clock) {
    r.main_time = black_clock->system == TimeSystem::PerMove ? 0.0 : black_clock->main_s;
    r.overtime = describe_overtime(*black_clock);
  }

  // Last node: the scoring description (gomill's describe_scoring), the final message of a
  // player that resigned or forfeited, the reason a void game was abandoned, late errors.
  std::vector<std::string> last;
  if (!result.is_void) {
    std::string scoring = result.describe();
    if (!game.scoring_lines.empty()) scoring += "\n" + join_lines(game.scoring_lines);
    last.push_back(scoring);
  }
  if (!game.final_message.empty()) last.push_back(game.final_message);
  if (!game.error_message.empty()) last.push_back(game.error_message);
  for (const auto& e : result.late_errors) last.push_back(e);
  std::string final_text;
  for (const auto& part : last) {
    if (!final_text.empty()) final_text += "\n\n";
    final_text += part;
  }
  r.final_comment = final_text;
  return r;
}

std::string local_date_time_now() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

namespace {

void write_record_file(const std::string& path, std::string text, GameResult& result) {
  std::string error = write_file_atomically(path, text);
  if (error.empty()) {
    result.sgf_path = path;
  } else {
    // The run loop halts on this; the text goes to the database with the result.
    result.sgf_write_error = "cannot write SGF record " + path + ": " + error;
    result.unwritten_sgf = std::move(text);
  }
}

}  // namespace

void write_game_record(const GameJob& job, GameResult& result, const PlayedGame& game,
                       const std::string& date_time) {
  std::string dir;
  if (result.is_void) {
    if (game.moves.empty()) return;  // nothing worth keeping (gomill likewise)
    dir = job.void_sgf_dir;
  } else {
    dir = job.sgf_dir;
  }
  if (dir.empty()) return;
  std::string text = render_sgf(make_sgf_record(job, result, game, date_time));
  if (job.return_sgf) {
    result.sgf_text = std::move(text);
    return;
  }
  write_record_file(dir + "/" + job.game_id + ".sgf", std::move(text), result);
}

void write_returned_sgf(const GameJob& job, GameResult& result) {
  if (result.sgf_text.empty()) return;
  std::string text = std::move(result.sgf_text);
  result.sgf_text.clear();
  const std::string& dir = result.is_void ? job.void_sgf_dir : job.sgf_dir;
  if (dir.empty()) return;
  write_record_file(dir + "/" + job.game_id + ".sgf", std::move(text), result);
}

}  // namespace rm::game
