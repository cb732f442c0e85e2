// gomill's allplayall (tournament) as a Competition.
// SKELETON: being written.
#pragma once

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/control/control_file.hpp"

namespace rm::comp {

class AllPlayAll final : public Competition {
 public:
  explicit AllPlayAll(const rm::control::ControlFile& cf);

  std::optional<JobRequest> next_job() override;
  ResultLines on_result(const rm::game::GameResult& r) override;
  bool on_void(const rm::game::GameResult& r) override;
  bool finished() const override;
  std::optional<int> games_remaining() const override;
  nlohmann::json state() const override;
  void restore(const nlohmann::json& state) override;
  nlohmann::json definition() const override;
  std::string full_report() const override;
  std::string short_report() const override;
  std::string screen_report(const std::vector<std::string>& game_ids_in_progress) const override;
  std::vector<std::string> periodic_history_lines() const override;
  nlohmann::json json_report() const override;
  std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players_to_check() const override;

 private:
  rm::control::ControlFile cf_;
};

}  // namespace rm::comp
