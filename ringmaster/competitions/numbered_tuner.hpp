// A tuner whose games are numbered 0, 1, 2 ... (mc_tuner, model_tuner): each game plays one
// point the strategy chooses (a path of the mc_tuner's tree, a point of the model_tuner's
// ranges); a void game's number is skipped, never replayed, and the run halts if the first game
// to finish in it is void, or two in a row are (gomill's rule). The strategy says how to choose
// a point, what its candidate is, and what a result or a dropped game does to its statistics.
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/competitions/game_numbers.hpp"
#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/competitions/tuner_shell.hpp"

namespace rm::comp {

template <typename Point>
class NumberedTuner : public TunerShell {
 public:
  const GameNumbers& game_numbers() const { return numbers_; }

 protected:
  NumberedTuner(const rm::control::ControlFile& cf, const rm::control::TunerSettings& tuner,
                std::vector<rm::scales::Parameter> parameters, std::optional<int> number_of_games,
                int state_format)
      : TunerShell(cf, tuner, std::move(parameters), state_format),
        number_of_games_(number_of_games) {}

  // The strategy's hooks. The point for game `number` (`rng` is that game's generator, also
  // used after it for a random colour).
  virtual Point choose_point(GameRng& rng) = 0;
  // The candidate that plays `point` as player `code` ("#17"), and its engine values.
  virtual rm::game::PlayerSpec candidate_for(const Point& point, const std::string& code) const = 0;
  virtual std::vector<rm::scales::Value> values_of(const Point& point) const = 0;
  // "pl: 300; c: 0.45": for the SGF note.
  virtual std::string parameters_of(const Point& point) const = 0;
  // For the display of a game in progress (e.g. the parameters and the mc_tuner's path).
  virtual std::string describe(const Point& point) const = 0;
  // Called when a game of `point` is issued, and when it is dropped (void) instead of played.
  virtual void on_point_issued(const Point& point) { (void)point; }
  virtual void on_point_dropped(const Point& point) { (void)point; }
  // A result of a game of `point`: updates the statistics; returns the history line's text
  // ("pl: 300 [(3,)] won").
  virtual std::string on_point_result(const Point& point, const rm::game::GameResult& r) = 0;

  std::optional<JobRequest> next_tuning_job() final {
    const std::optional<int> number = numbers_.issue(number_of_games_);
    if (!number) return std::nullopt;
    const auto game = static_cast<std::uint64_t>(*number);
    GameRng rng(seed_, game);
    const Point point = choose_point(rng);
    const bool black = candidate_is_black(game, [&rng] { return rng.below(2) == 0; });
    const std::string game_id = std::to_string(*number);
    JobRequest request =
        make_job(game_id, game, candidate_for(point, "#" + game_id), values_of(point), black,
                 parameters_of(point), "game " + game_id + ": " + describe(point));
    outstanding_[*number] = point;
    on_point_issued(point);
    return request;
  }

  ResultLines on_tuning_result(const rm::game::GameResult& r) final {
    const int number = game_number_of(r);
    const Point point = outstanding_.at(number);
    void_halt_rule_.on_result();
    numbers_.fix(number);
    outstanding_.erase(number);
    ResultLines lines;
    lines.history_line = on_point_result(point, r);
    lines.screen_line = "game " + r.game_id + ": " + lines.history_line + " " + r.sgf_result;
    return lines;
  }

  bool on_tuning_void(const rm::game::GameResult& r) final {
    const int number = game_number_of(r);
    on_point_dropped(outstanding_.at(number));
    outstanding_.erase(number);
    numbers_.fix(number, true);
    return void_halt_rule_.on_void();
  }

  TuningProgress tuning_progress() const final {
    const int done = numbers_.fixed();
    if (!number_of_games_) return {done, std::nullopt, false};
    return {done, std::max(0, *number_of_games_ - done), done >= *number_of_games_};
  }

  // Tuning games with a result (void ones are not counted, as in the games table).
  int tuning_results() const { return numbers_.fixed() - numbers_.void_games(); }

  // The report's games line, without its newline (games_played_text). "11/30 games played":
  // with `gomill_count` the game numbers done, void ones included (gomill's count); otherwise
  // the run summary's count, "15/42 games played (tuning 11/30: 1 void; validation 4/12)", so
  // that the two agree.
  std::string games_line_text(bool gomill_count) const {
    if (gomill_count) return games_played_text(numbers_.fixed(), "");
    const int voids = numbers_.void_games();
    return games_played_text(tuning_results(),
                             voids == 0 ? std::string() : std::to_string(voids) + " void");
  }

  // After restore(): the numbers as stored (unfixed ones are reissued), nothing in progress.
  void restore_numbers(GameNumbers numbers) {
    numbers_ = std::move(numbers);
    outstanding_.clear();
    void_halt_rule_.new_run();
  }

  const std::optional<int> number_of_games_;
  GameNumbers numbers_;
  std::map<int, Point> outstanding_;  // game number -> its point

 private:
  int game_number_of(const rm::game::GameResult& r) const {
    const std::optional<int> number = parse_game_number(r.game_id);
    if (!number || outstanding_.count(*number) == 0)
      throw std::logic_error(cf_.competition_type + ": result for game '" + r.game_id +
                             "', which is not in progress");
    return *number;
  }

  VoidHaltRule void_halt_rule_;
};

}  // namespace rm::comp
