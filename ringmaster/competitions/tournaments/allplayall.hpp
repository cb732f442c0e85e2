// gomill's allplayall: every pair of competitors plays a colour-alternating matchup of
// `rounds` games ("AvB", "AvC", "BvC"...). Competitors may be appended between runs.
// Settings: docs/control-file.md; reports: docs/tournaments.md.
#pragma once

#include "ringmaster/competitions/tournaments/tournament.hpp"

namespace rm::comp {

class AllPlayAll final : public Tournament {
 public:
  // Throws std::invalid_argument if cf is not an allplayall control file.
  explicit AllPlayAll(const rm::control::ControlFile& cf);
  // The settings of an allplayall and their reader (tournament_settings.cpp).
  static rm::control::SettingsType settings_type();

  std::string full_report() const override;
  std::string short_report() const override;
  std::string screen_report(const std::vector<std::string>& game_ids_in_progress) const override;
  nlohmann::json json_report() const override;

  // A, B, ... Z, AA, AB, ... (gomill's letter codes).
  static std::string letter(std::size_t index);

 private:
  void restore_extra(const nlohmann::json& state) override;
  void add_extra_state(nlohmann::json& state) const override;
  std::string grid() const;

  std::vector<std::string> competitors_;
};

}  // namespace rm::comp
