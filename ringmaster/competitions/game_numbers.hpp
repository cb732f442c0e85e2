// gomill's Simple_scheduler: game numbers 0, 1, 2, ... issued to jobs and "fixed" when their
// result (or void) is processed. After a restart the numbers that were issued but never fixed
// are reissued, lowest first.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <set>

namespace rm::comp {

class GameNumbers {
 public:
  // The next number to play, or nullopt when `limit` (number_of_games) numbers have been issued
  // and none below it is waiting to be reissued. Reissues come first and are allowed at the
  // limit (gomill checked the limit first and so never replayed them once the limit was
  // reached), but only below it: a number_of_games lowered between runs drops the numbers it
  // no longer covers, as gomill does.
  std::optional<int> issue(std::optional<int> limit);
  // Marks an outstanding number as done (`void_game`: its game had no result); throws
  // std::logic_error if it is not outstanding.
  void fix(int number, bool void_game = false);
  bool is_outstanding(int number) const { return outstanding_.count(number) != 0; }
  // Numbers below `limit` left unfixed by an earlier run, waiting to be issued again.
  bool has_reissue(std::optional<int> limit) const {
    return !to_reissue_.empty() && (!limit || *to_reissue_.begin() < *limit);
  }

  int issued() const { return next_new_; }  // distinct numbers ever issued
  int fixed() const { return fixed_; }      // numbers done (finished or void)
  int void_games() const { return void_; }  // of those, the void ones
  const std::set<int>& outstanding() const { return outstanding_; }

  // State: {"next": n, "fixed": count, "unfixed": [issued but not fixed], "void": count}
  // ("void" only when not 0, and 0 when absent: states written before it was kept); on
  // restore the unfixed numbers are queued for reissue. Throws std::invalid_argument for a
  // malformed state.
  nlohmann::json to_json() const;
  static GameNumbers from_json(const nlohmann::json& j);

 private:
  int next_new_ = 0;
  int fixed_ = 0;
  int void_ = 0;
  std::set<int> outstanding_;
  std::set<int> to_reissue_;
};

}  // namespace rm::comp
