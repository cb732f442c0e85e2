// ModelTuner's persistent state (the samples not yet archived, the model and the region, so that
// a resumed run continues exactly), its archive chunks, its definition, and the check that
// refuses a changed parameter space.
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "ringmaster/competitions/definition_changes.hpp"
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"

namespace rm::comp {
namespace {

constexpr double kPointGrid = 65536.0;  // as in model_tuner.cpp: points are multiples of 2^-16

// Samples per archive chunk.
constexpr std::size_t kArchiveChunk = 1000;

// Each sample as [2y, k_1, ..., k_d] with u_k = k_k / 2^16: small integers, exact.
nlohmann::json sample_rows(const std::vector<model::Sample>& samples, std::size_t from,
                           std::size_t to) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = from; i < to; ++i) {
    const auto& s = samples[i];
    nlohmann::json row = nlohmann::json::array({static_cast<int>(std::lround(2.0 * s.y))});
    for (double u : s.u) row.push_back(static_cast<int>(std::lround(u * kPointGrid)));
    rows.push_back(std::move(row));
  }
  return rows;
}

// An archive chunk's samples as text, "2y k_1 ... k_d" per sample, samples separated by ';':
// a million samples read back from JSON arrays took a second, from this a tenth of it.
std::string sample_text(const std::vector<model::Sample>& samples, std::size_t from,
                        std::size_t to) {
  std::string text;
  for (std::size_t i = from; i < to; ++i) {
    if (i > from) text += ';';
    text += std::to_string(std::lround(2.0 * samples[i].y));
    for (double u : samples[i].u) {
      text += ' ';
      text += std::to_string(std::lround(u * kPointGrid));
    }
  }
  return text;
}

void append_sample_text(std::vector<model::Sample>& samples, const std::string& text,
                        std::size_t dims) {
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p < end) {
    model::Sample s;
    s.u.reserve(dims);
    for (std::size_t k = 0; k <= dims; ++k) {
      if (k > 0) {
        if (p == end || *p != ' ') throw std::invalid_argument("malformed archived samples");
        ++p;
      }
      int value = 0;
      const auto [next, error] = std::from_chars(p, end, value);
      if (error != std::errc()) throw std::invalid_argument("malformed archived samples");
      p = next;
      if (k == 0)
        s.y = value / 2.0;
      else
        s.u.push_back(static_cast<double>(value) / kPointGrid);
    }
    if (p != end && *p++ != ';') throw std::invalid_argument("malformed archived samples");
    samples.push_back(std::move(s));
  }
}

void append_samples(std::vector<model::Sample>& samples, const nlohmann::json& rows,
                    std::size_t dims) {
  for (const auto& row : rows) {
    if (!row.is_array() || row.size() != dims + 1)
      throw std::invalid_argument("a sample has the wrong number of values");
    model::Sample s;
    s.y = row[0].get<int>() / 2.0;
    for (std::size_t k = 1; k <= dims; ++k)
      s.u.push_back(static_cast<double>(row[k].get<int>()) / kPointGrid);
    samples.push_back(std::move(s));
  }
}

}  // namespace

nlohmann::json ModelTuner::definition() const {
  nlohmann::json parameters = nlohmann::json::array();
  for (const auto& p : settings_.parameters) parameters.push_back(p.range_json());
  return {{"competition_type", "model_tuner"}, {"parameters", parameters}};
}

void ModelTuner::check_stored_definition(const nlohmann::json& stored) const {
  check_model_tuner_definition(stored, definition());
}

void check_model_tuner_definition(const nlohmann::json& stored, const nlohmann::json& current) {
  std::vector<std::string> changes;
  note_change(changes, "competition type", definition_field(stored, "competition_type"),
              definition_field(current, "competition_type"));
  const nlohmann::json old_params = definition_field(stored, "parameters");
  const nlohmann::json new_params = definition_field(current, "parameters");
  if (!old_params.is_array() || !new_params.is_array() || old_params.size() != new_params.size()) {
    changes.push_back("number of parameters changed from " + std::to_string(old_params.size()) +
                      " to " + std::to_string(new_params.size()));
  } else {
    for (std::size_t i = 0; i < old_params.size(); ++i)
      for (const char* key : {"code", "lower", "upper", "scale", "integer"})
        note_change(changes, "parameter " + std::to_string(i + 1) + ": " + key,
                    definition_field(old_params[i], key), definition_field(new_params[i], key));
  }
  refuse_if_changed(changes);
}

nlohmann::json ModelTuner::tuner_state() const {
  // The samples not yet in the archive (at most kArchiveChunk - 1 after each commit).
  const auto& all = search_.samples();
  nlohmann::json samples = sample_rows(all, archived_samples_, all.size());
  return {{"game_numbers", numbers_.to_json()},
          {"samples", samples},
          {"archived_samples", archived_samples_},
          {"surrogate", search_.surrogate_state()},
          {"wins", wins_},
          {"no_winner", no_winner_}};
}

namespace {

// The surrogate's part of a state. Format 1 (before the rebuild of the search) kept the
// quadratic at the top level and the one-parameter process under "process"; a resumed event
// continues from them with the rebuilt search.
nlohmann::json stored_surrogate(const nlohmann::json& state, int format, std::size_t dims) {
  if (format != 1) return state.at("surrogate");
  if (dims > 1) return state;
  return state.contains("process") ? state.at("process") : nlohmann::json::object();
}

}  // namespace

TunerShell::StateCommit ModelTuner::read_tuner_state(const nlohmann::json& state, int format,
                                                     const std::vector<nlohmann::json>& archive) {
  const std::size_t dims = engine_parameters_.size();
  std::vector<model::Sample> samples;
  const auto archived = state.value("archived_samples", std::size_t{0});
  samples.reserve(archived + state.at("samples").size());
  for (const auto& chunk : archive)
    append_sample_text(samples, chunk.at("samples").get_ref<const std::string&>(), dims);
  if (samples.size() != archived)
    throw std::invalid_argument("the archive holds " + std::to_string(samples.size()) +
                                " samples where the state expects " + std::to_string(archived));
  append_samples(samples, state.at("samples"), dims);
  model::ModelSearch search(search_.settings());
  if (!search.restore(std::move(samples), stored_surrogate(state, format, dims)))
    throw std::invalid_argument("the stored samples or model do not fit the parameters");
  GameNumbers numbers = GameNumbers::from_json(state.at("game_numbers"));
  const int wins = state.at("wins").get<int>();
  const int no_winner = state.at("no_winner").get<int>();
  return [=, this, search = std::move(search), numbers = std::move(numbers)]() mutable {
    search_ = std::move(search);
    archived_samples_ = archived;
    restore_numbers(std::move(numbers));
    wins_ = wins;
    no_winner_ = no_winner;
    results_since_history_ = 0;
  };
}

std::optional<nlohmann::json> ModelTuner::archive_chunk() {
  const auto& all = search_.samples();
  if (all.size() - archived_samples_ < kArchiveChunk) return std::nullopt;
  nlohmann::json chunk = {
      {"samples", sample_text(all, archived_samples_, archived_samples_ + kArchiveChunk)}};
  archived_samples_ += kArchiveChunk;
  return chunk;
}

}  // namespace rm::comp
