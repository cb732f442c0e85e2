// `playoff-file`: turns a tuning event's recommended candidate into a playoff control file
// that confirms it against the opponent (or another player, --baseline) with an SPRT.
// docs/command-line.md#playoff-file.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/game/atomic_file.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/ringmaster_error.hpp"
#include "scales/parameter.hpp"

namespace rm::cli {
namespace {

struct TunerFacts {
  const rm::control::CandidateTemplate* candidate = nullptr;
  std::string opponent;
};

TunerFacts tuner_facts(const rm::control::ControlFile& control) {
  TunerFacts facts;
  if (const auto* tuner = control.tuner()) {
    facts.candidate = &tuner->candidate;
    facts.opponent = tuner->opponent;
  }
  if (facts.candidate == nullptr)
    throw rm::run::RingmasterError(
        "playoff-file needs a tuning event (mc_tuner, ce_tuner, model_tuner or spsa_tuner); " +
        control.competition_type + " has no recommended candidate");
  return facts;
}

// Every scalar of a candidate template node with its placeholders filled in.
YAML::Node render_node(const YAML::Node& node, const rm::control::CandidateTemplate& t,
                       const std::vector<rm::scales::Value>& values, const std::string& files_dir) {
  if (node.IsScalar()) {
    YAML::Node out(
        rm::control::substitute_placeholders(node.Scalar(), t.parameters, values, files_dir));
    out.SetStyle(YAML::EmitterStyle::Flow);
    return out;
  }
  if (node.IsSequence()) {
    YAML::Node out(YAML::NodeType::Sequence);
    for (const auto& item : node) out.push_back(render_node(item, t, values, files_dir));
    out.SetStyle(YAML::EmitterStyle::Flow);
    return out;
  }
  if (node.IsMap()) {
    YAML::Node out(YAML::NodeType::Map);
    for (const auto& entry : node) {
      const std::string key = entry.first.Scalar();
      out[key] = render_node(entry.second, t, values, files_dir);
    }
    return out;
  }
  return YAML::Clone(node);
}

std::string default_output(const std::string& control_file, const std::string& code) {
  return (std::filesystem::path(control_file).parent_path() / (code + "-confirm.yaml")).string();
}

}  // namespace

int playoff_file_command(const CommandLine& line) {
  auto control = rm::comp::load_control_file(line.control_file);
  const TunerFacts facts = tuner_facts(control);
  const std::string baseline = line.baseline.empty() ? facts.opponent : line.baseline;
  if (baseline.empty())
    throw rm::run::RingmasterError(
        "playoff-file: " + control.code +
        " has no opponent (an spsa_tuner head to head): name the baseline with --baseline PLAYER");
  if (control.players.count(baseline) == 0)
    throw rm::run::RingmasterError(
        "--baseline: unknown player " + baseline +
        (control.players.empty()
             ? " (" + control.code + ".yaml defines no players: add the baseline under players)"
             : " (the players of " + control.code + ".yaml can be named)"));
  const std::string candidate_code = baseline == "tuned" ? "tuned-candidate" : "tuned";

  auto paths = rm::run::CompetitionPaths::for_control_file(line.control_file);
  auto session = rm::run::open_read_only(control, paths);
  const auto values = session.competition->recommended_values();
  if (!values) throw rm::run::RingmasterError("the competition has no recommended candidate");
  const std::string parameters =
      rm::scales::format_engine_parameters(facts.candidate->parameters, *values);
  const auto games_played =
      session.competition->json_report().value("games_played", nlohmann::json(0));

  const std::string output =
      line.output.empty() ? default_output(control.path, control.code) : line.output;
  const bool to_stdout = output == "-";
  if (!to_stdout && std::filesystem::exists(output))
    throw rm::run::RingmasterError(
        output + " already exists (remove it, or name another file with --output)");
  const std::string output_dir =
      to_stdout ? control.directory : std::filesystem::absolute(output).parent_path().string();
  const std::string output_code =
      to_stdout ? control.code + "-confirm" : std::filesystem::path(output).stem().string();

  // A template with `files` gets them rendered into <output code>.tuned/ beside the output.
  std::string files_dir;
  if (facts.candidate->needs_files_dir()) {
    files_dir = output_dir + "/" + output_code + ".tuned";
    if (!to_stdout) facts.candidate->write_files(*values, files_dir);
  }

  const YAML::Node tuning = YAML::LoadFile(control.path);
  YAML::Node out;
  out["competition_type"] = "playoff";
  out["description"] = "Confirms " + control.code + "'s recommended candidate (" + parameters +
                       ", after " + games_played.dump() + " games) against " + baseline + ".";
  for (const char* key : {"record_games", "stderr_to_log"})
    if (tuning[key]) out[key] = YAML::Clone(tuning[key]);
  YAML::Node players(YAML::NodeType::Map);
  YAML::Node candidate = render_node(tuning["candidate"], *facts.candidate, *values, files_dir);
  candidate.remove("files");
  players[candidate_code] = candidate;
  players[baseline] = YAML::Clone(tuning["players"][baseline]);
  out["players"] = players;
  for (const char* key :
       {"board_size", "komi", "handicap", "handicap_style", "move_limit", "scorer",
        "internal_scorer_handicap_compensation", "time_control", "time_margin", "openings"})
    if (tuning[key]) out[key] = YAML::Clone(tuning[key]);
  out["alternating"] = true;
  YAML::Node matchup;
  matchup["player_1"] = candidate_code;
  matchup["player_2"] = baseline;
  matchup["id"] = "confirm";
  matchup["number_of_games"] = 2000;
  YAML::Node sprt;
  sprt["elo0"] = 0;
  sprt["elo1"] = 20;
  sprt["alpha"] = "0.05";
  sprt["beta"] = "0.05";
  sprt.SetStyle(YAML::EmitterStyle::Flow);
  matchup["sprt"] = sprt;
  out["matchups"].push_back(matchup);

  YAML::Emitter emitter;
  emitter << out;
  std::string text =
      "# Written by `ringmaster " + std::filesystem::path(control.path).filename().string() +
      " playoff-file`: the tuned candidate (" + parameters + ") against " + baseline +
      ",\n# colours alternating, until the SPRT decides (H0: no better, elo0 0; H1: 20 Elo "
      "better)\n"
      "# or 2000 games. Edit elo1, alpha, beta or number_of_games to taste; run it with\n"
      "#   ringmaster " +
      (to_stdout ? std::string("<this file>") : output) + " run -j 2\n" + emitter.c_str() + "\n";
  if (to_stdout) {
    std::cout << text;
    std::cout.flush();
    return kExitOk;
  }
  const std::string error = rm::game::write_file_atomically(output, text);
  if (!error.empty()) throw rm::run::RingmasterError("cannot write " + output + ": " + error);
  std::cout << "wrote " << output << " (" << candidate_code << ": " << parameters << " v "
            << baseline << ")\n";
  return kExitOk;
}

}  // namespace rm::cli
