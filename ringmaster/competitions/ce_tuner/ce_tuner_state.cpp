// CeTuner's persistent state, its definition, and the comparison that refuses the control-file
// changes gomill forbids (samples_per_generation, parameter codes, transforms).
#include <stdexcept>

#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"
#include "ringmaster/competitions/definition_changes.hpp"

namespace rm::comp {
namespace {

nlohmann::json gaussians_json(const std::vector<Gaussian>& distribution) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& g : distribution) j.push_back({g.mean, g.variance});
  return j;
}

// Every vector read from the state must have the control file's number of dimensions.
std::vector<double> doubles_from_json(const nlohmann::json& j, std::size_t dimensions) {
  auto v = j.get<std::vector<double>>();
  if (v.size() != dimensions)
    throw std::invalid_argument("a sample has " + std::to_string(v.size()) +
                                " values, the control file " + std::to_string(dimensions) +
                                " parameters");
  return v;
}

std::vector<Gaussian> gaussians_from_json(const nlohmann::json& j, std::size_t dimensions) {
  std::vector<Gaussian> d;
  for (const auto& pair : j) d.push_back({pair.at(0).get<double>(), pair.at(1).get<double>()});
  if (d.size() != dimensions)
    throw std::invalid_argument("the distribution has " + std::to_string(d.size()) +
                                " dimensions, the control file " + std::to_string(dimensions) +
                                " parameters");
  return d;
}

nlohmann::json record_json(const CeGenerationRecord& r) {
  return {{"generation", r.generation},
          {"distribution", gaussians_json(r.distribution)},
          {"samples", r.samples},
          {"games", r.games},
          {"wins", r.wins},
          {"no_winner", r.no_winner},
          {"ranking", r.ranking},
          {"elite_count", r.elite_count}};
}

CeGenerationRecord record_from_json(const nlohmann::json& j, std::size_t dimensions) {
  CeGenerationRecord r;
  r.generation = j.at("generation").get<int>();
  r.distribution = gaussians_from_json(j.at("distribution"), dimensions);
  for (const auto& s : j.at("samples")) r.samples.push_back(doubles_from_json(s, dimensions));
  r.games = j.at("games").get<std::vector<int>>();
  r.wins = j.at("wins").get<std::vector<int>>();
  r.no_winner = j.at("no_winner").get<std::vector<int>>();
  r.ranking = j.at("ranking").get<std::vector<int>>();
  r.elite_count = j.at("elite_count").get<int>();
  const std::size_t n = r.samples.size();
  if (r.games.size() != n || r.wins.size() != n || r.no_winner.size() != n || r.ranking.size() != n)
    throw std::invalid_argument("generation " + std::to_string(r.generation) + " is malformed");
  return r;
}

const nlohmann::json& field(const nlohmann::json& j, const char* key) {
  static const nlohmann::json null;
  return j.is_object() && j.contains(key) ? j.at(key) : null;
}

}  // namespace

nlohmann::json CeTuner::definition() const {
  // Only what gomill forbids changing: the other settings may change between runs.
  nlohmann::json codes = nlohmann::json::array();
  nlohmann::json transforms = nlohmann::json::array();
  for (const auto& p : settings_.parameters) {
    codes.push_back(p.engine.code);
    transforms.push_back(p.engine.scale->definition());
  }
  return {{"competition_type", "ce_tuner"},
          {"samples_per_generation", settings_.samples_per_generation},
          {"parameter_codes", codes},
          {"transforms", transforms}};
}

void CeTuner::check_stored_definition(const nlohmann::json& stored) const {
  check_ce_tuner_definition(stored, definition());
}

void check_ce_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current) {
  std::vector<std::string> changes;
  const auto changed = [&](const std::string& what, const nlohmann::json& was,
                           const nlohmann::json& now) {
    changes.push_back(what + " changed from " + was.dump() + " to " + now.dump());
  };
  if (field(stored, "competition_type") != field(current, "competition_type"))
    changed("competition type", field(stored, "competition_type"),
            field(current, "competition_type"));
  if (field(stored, "samples_per_generation") != field(current, "samples_per_generation"))
    changed("samples_per_generation", field(stored, "samples_per_generation"),
            field(current, "samples_per_generation"));
  const auto& old_codes = field(stored, "parameter_codes");
  const auto& new_codes = field(current, "parameter_codes");
  if (old_codes != new_codes) {
    changed("parameter codes", old_codes, new_codes);
  } else if (field(stored, "transforms") != field(current, "transforms")) {
    const auto& was = field(stored, "transforms");
    const auto& now = field(current, "transforms");
    for (std::size_t i = 0; i < old_codes.size(); ++i) {
      const auto& a = was.is_array() && i < was.size() ? was[i] : nlohmann::json();
      const auto& b = now.is_array() && i < now.size() ? now[i] : nlohmann::json();
      if (a != b) changed("parameter '" + old_codes[i].get<std::string>() + "': transform", a, b);
    }
  }
  refuse_if_changed(changes);
}

nlohmann::json CeTuner::tuner_state() const {
  nlohmann::json samples = nlohmann::json::array();
  for (const auto& s : samples_)
    samples.push_back({{"x", s.optimiser_values},
                       {"rounds", s.rounds.to_json()},
                       {"games", s.games},
                       {"wins", s.wins},
                       {"no_winner", s.no_winner}});
  // The generations not yet in the archive (none after each commit but the last's own).
  nlohmann::json history = nlohmann::json::array();
  for (std::size_t i = archived_history_; i < history_.size(); ++i)
    history.push_back(record_json(history_[i]));
  // Doubles round-trip exactly through nlohmann's shortest form, so a resumed event carries
  // on from exactly the same distribution and samples.
  return {{"batch_size", settings_.batch_size},
          {"generation", generation_},
          {"distribution", gaussians_json(distribution_)},
          {"samples_generation", samples_generation_},
          {"samples", samples},
          {"history", history},
          {"archived_history", archived_history_}};
}

TunerShell::StateCommit CeTuner::read_tuner_state(const nlohmann::json& state, int format,
                                                  const std::vector<nlohmann::json>& archive) {
  (void)format;
  const std::size_t dimensions = settings_.parameters.size();
  const int stored_batch_size = state.at("batch_size").get<int>();
  // Fewer games for the samples still to play than for those already played would make the
  // generation's comparison unfair (gomill's docs allow increases only).
  if (settings_.batch_size < stored_batch_size)
    throw IncompatibleState(
        "control file is inconsistent with the stored competition: batch_size decreased from " +
        std::to_string(stored_batch_size) + " to " + std::to_string(settings_.batch_size) +
        " (it may only be increased)");
  const int generation = state.at("generation").get<int>();
  std::vector<Gaussian> distribution = gaussians_from_json(state.at("distribution"), dimensions);
  const int samples_generation = state.at("samples_generation").get<int>();
  std::vector<CeSample> samples;
  for (const auto& s : state.at("samples")) {
    CeSample sample;
    sample.optimiser_values = doubles_from_json(s.at("x"), dimensions);
    sample.rounds = GameNumbers::from_json(s.at("rounds"));
    sample.games = s.at("games").get<int>();
    sample.wins = s.at("wins").get<int>();
    sample.no_winner = s.at("no_winner").get<int>();
    samples.push_back(std::move(sample));
  }
  if (samples_generation >= 0 &&
      samples.size() != static_cast<std::size_t>(settings_.samples_per_generation))
    throw std::invalid_argument("the state holds " + std::to_string(samples.size()) + " samples");
  const auto archived = state.value("archived_history", std::size_t{0});
  std::vector<CeGenerationRecord> history;
  for (const auto& chunk : archive)
    history.push_back(record_from_json(chunk.at("generation_record"), dimensions));
  if (history.size() != archived)
    throw std::invalid_argument("the archive holds " + std::to_string(history.size()) +
                                " generations where the state expects " + std::to_string(archived));
  for (const auto& r : state.at("history")) history.push_back(record_from_json(r, dimensions));

  return [=, this, distribution = std::move(distribution), samples = std::move(samples),
          history = std::move(history)]() mutable {
    generation_ = generation;
    distribution_ = std::move(distribution);
    samples_generation_ = samples_generation;
    samples_ = std::move(samples);
    history_ = std::move(history);
    archived_history_ = archived;
    seen_successful_game_ = false;
    failed_once_.clear();
    replays_.clear();
    generation_just_finished_ = false;
    // number_of_generations may have been raised after the event finished: carry on with the
    // next generation, drawn from the final distribution.
    if (!tuning_finished() && samples_generation_ != generation_) start_generation();
  };
}

}  // namespace rm::comp

namespace rm::comp {

std::optional<nlohmann::json> CeTuner::archive_chunk() {
  if (archived_history_ >= history_.size()) return std::nullopt;
  nlohmann::json chunk = {{"generation_record", record_json(history_[archived_history_])}};
  ++archived_history_;
  return chunk;
}

}  // namespace rm::comp
