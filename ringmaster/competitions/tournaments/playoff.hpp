// gomill's playoff: matchups of two players each, played in the control file's order of
// preference (fewest games first). Settings: docs/control-file.md; reports: docs/tournaments.md.
#pragma once

#include "ringmaster/competitions/tournaments/rating_list.hpp"
#include "ringmaster/competitions/tournaments/tournament.hpp"

namespace rm::comp {

class Playoff final : public Tournament {
 public:
  // Throws std::invalid_argument if cf is not a playoff control file.
  explicit Playoff(const rm::control::ControlFile& cf);
  // The settings of a playoff and their reader (tournament_settings.cpp).
  static rm::control::SettingsType settings_type();

  std::string full_report() const override;
  std::string short_report() const override;
  std::string screen_report(const std::vector<std::string>& game_ids_in_progress) const override;
  nlohmann::json json_report() const override;

 private:
  std::optional<RatingListReport> rating_list() const;
};

}  // namespace rm::comp
