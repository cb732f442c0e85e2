// Everything the HTML report and the exports are made from, gathered by the run layer from
// the competition, its store and its control file: plain data, so that the formats can be
// checked against golden output from fixed inputs.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/game/game_result.hpp"

namespace rm::report {

// One finished game (void or not) with what the tuners know of its candidate.
struct GameRecord {
  rm::game::GameResult result{};
  std::string candidate{};   // tuners: the candidate's player code; "" otherwise
  std::string parameters{};  // tuners: its formatted parameters ("pl: 129"); "" if unknown
  std::vector<nlohmann::json>
      values{};             // tuners: its engine values, one per parameter; empty if unknown
  bool validation = false;  // a tuner's validation game
};

struct PlayerInfo {
  std::string code;
  std::string command;  // the command line, shell-quoted for display only
};

struct ReportInputs {
  nlohmann::json report;          // the JSON report (with last_run_halt)
  std::string text_report;        // the full text report, kept whole in the HTML
  std::vector<GameRecord> games;  // finished non-void games, in commit order
  int games_total = 0;  // finished games stored; more than games.size(): only the last ones
  std::vector<GameRecord> void_games;        // in commit order
  std::vector<PlayerInfo> players;           // the control file's players, in code order
  std::vector<std::string> parameter_codes;  // tuners: one per parameter, in order
  std::string control_file_name;             // e.g. "demo_ringbot.yaml"
  std::string control_text;                  // the control file as written
  std::string directory;  // the competition directory (SGF links are relative to it)
  // When set, SGF links are <sgf_url_base>games/<file> and <sgf_url_base>void/<file> instead
  // (`ringmaster serve`'s URLs: "/competition/<id>/").
  std::string sgf_url_base;
};

}  // namespace rm::report
