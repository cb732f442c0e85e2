// The parts of the HTML report every competition type has: the players with their
// descriptions, forfeit and void causes, CPU time per game, the settings, the games with
// links to their SGF records, and the full text report.
#pragma once

#include <string>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report::html {

std::string players_section(const ReportInputs& in);
std::string causes_section(const ReportInputs& in);
std::string cpu_section(const ReportInputs& in);
std::string settings_section(const ReportInputs& in);
std::string games_section(const ReportInputs& in);
std::string text_report_section(const ReportInputs& in);
// Every tuner: the validation rounds, when there are any (validation_section.cpp).
std::string validation_section(const ReportInputs& in);

// The SGF record's path relative to the competition directory, as an href (percent-encoded:
// game ids such as "g4#0r1" contain '#'), or under in.sgf_url_base when set (serve); "" when
// the game has no record file.
std::string sgf_href(const rm::game::GameResult& r, const ReportInputs& in);

// At most this many games are listed in the games table (the latest ones); the CSV export
// has them all.
inline constexpr std::size_t kGamesListed = 500;

}  // namespace rm::report::html
