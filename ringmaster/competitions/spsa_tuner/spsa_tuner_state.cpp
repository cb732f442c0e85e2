// SpsaTuner's persistent state: the search's (theta, the next pair, the pairs in flight, the
// averaging sums), the pairs in flight with their points and any finished game's score, the
// tallies and the seed; none of it grows with the games. The trajectory's points are in the
// archive (format 1 kept them in the state, and is still read). A resumed run
// continues exactly: the games in progress when it stopped are played again as they were.
#include <stdexcept>

#include "ringmaster/competitions/definition_changes.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"

namespace rm::comp {
namespace {

nlohmann::json score_json(const std::optional<double>& score) {
  return score ? nlohmann::json(*score) : nlohmann::json();
}

std::optional<double> score_of(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<double>();
}

}  // namespace

nlohmann::json SpsaTuner::definition() const {
  nlohmann::json parameters = nlohmann::json::array();
  for (const auto& p : settings_.parameters) {
    nlohmann::json parameter = p.range_json();
    parameter["start"] = p.start;
    parameter["elo"] = p.elo;
    parameters.push_back(std::move(parameter));
  }
  // Everything the search's settings are made from: changing any of them mid-run would move
  // theta with other steps than those it has moved with so far.
  return {{"competition_type", "spsa_tuner"},
          {"mode", head_to_head() ? "head_to_head" : "against_opponent"},
          {"number_of_games", settings_.number_of_games},
          {"precision", settings_.precision},
          {"confidence", settings_.confidence},
          {"parameters", parameters}};
}

void SpsaTuner::check_stored_definition(const nlohmann::json& stored) const {
  const nlohmann::json current = definition();
  std::vector<std::string> changes;
  for (const char* key : {"competition_type", "mode", "number_of_games", "precision", "confidence"})
    note_change(changes, key, definition_field(stored, key), definition_field(current, key));
  const nlohmann::json old_params = definition_field(stored, "parameters");
  const nlohmann::json new_params = definition_field(current, "parameters");
  if (!old_params.is_array() || old_params.size() != new_params.size()) {
    changes.push_back("number of parameters changed from " + std::to_string(old_params.size()) +
                      " to " + std::to_string(new_params.size()));
  } else {
    for (std::size_t i = 0; i < old_params.size(); ++i)
      for (const char* key : {"code", "lower", "upper", "scale", "integer", "start", "elo"})
        note_change(changes, "parameter " + std::to_string(i + 1) + ": " + key,
                    definition_field(old_params[i], key), definition_field(new_params[i], key));
  }
  refuse_if_changed(changes);
}

nlohmann::json SpsaTuner::tuner_state() const {
  nlohmann::json pending = nlohmann::json::array();
  for (const auto& p : pending_)
    pending.push_back({{"id", p.id},
                       {"plus", p.plus},
                       {"minus", p.minus},
                       {"scores", {score_json(p.score[0]), score_json(p.score[1])}}});
  return {{"seed", search_.settings().seed},
          {"search", search_.state()},
          {"pending", pending},
          {"archived_points", archived_points_},
          {"window",
           {{"count", window_count_}, {"sum", window_sum_}, {"sum_squares", window_sum_squares_}}},
          {"pentanomial", pentanomial_},
          {"results", {{"wins", wins_}, {"no_winner", no_winner_}, {"losses", losses_}}},
          {"void_pairs", void_pairs_},
          {"unused_games", unused_games_},
          {"gain_windows", {{"first", first_window_}, {"recent", recent_window_}}}};
}

// Shell, search, trajectory, tallies, commit.
TunerShell::StateCommit SpsaTuner::read_tuner_state(const nlohmann::json& state, int format,
                                                    const std::vector<nlohmann::json>& archive) {
  const std::size_t dims = settings_.parameters.size();
  // The stored seed, not this run's: a run without a `seed` setting draws one from the clock,
  // and the pairs in flight were perturbed with the first.
  spsa::SearchSettings search_settings = search_.settings();
  search_settings.seed = state.at("seed").get<std::uint64_t>();
  spsa::SpsaSearch search(search_settings);
  if (!search.restore(state.at("search")))
    throw std::invalid_argument("the stored search does not fit the parameters");
  std::vector<PendingPair> pending;
  for (const auto& p : state.at("pending")) {
    PendingPair pair;
    pair.id = p.at("id").get<std::uint64_t>();
    pair.plus = p.at("plus").get<std::vector<double>>();
    pair.minus = p.at("minus").get<std::vector<double>>();
    pair.score = {score_of(p.at("scores").at(0)), score_of(p.at("scores").at(1))};
    if (pair.plus.size() != dims || pair.minus.size() != dims || !search.in_flight(pair.id))
      throw std::invalid_argument("a pair in flight does not fit the search");
    pending.push_back(std::move(pair));
  }
  if (pending.size() != search.pairs_in_flight().size())
    throw std::invalid_argument("the pairs in flight do not match the search's");

  spsa::Trajectory trajectory(search_settings.start);
  long archived = 0;
  for (const auto& chunk : archive) {
    const auto points = spsa::Trajectory::points_from_json(chunk.at("trajectory"), dims);
    if (points.empty()) throw std::invalid_argument("an archived trajectory does not fit");
    for (const auto& p : points) trajectory.replay(p);
    archived += static_cast<long>(points.size());
  }
  if (format == 1) {
    if (archived > 0 || !trajectory.restore(state.at("trajectory"), dims))
      throw std::invalid_argument("the stored trajectory does not fit the parameters");
  } else if (archived != state.at("archived_points").get<long>()) {
    throw std::invalid_argument("the archive holds " + std::to_string(archived) +
                                " trajectory points where the state expects " +
                                state.at("archived_points").dump());
  }

  const auto& window = state.at("window");
  auto sum = window.at("sum").get<std::vector<double>>();
  auto sum_squares = window.at("sum_squares").get<std::vector<double>>();
  if (sum.size() != dims || sum_squares.size() != dims)
    throw std::invalid_argument("the stored averages do not fit the parameters");
  const auto& results = state.at("results");
  const auto pentanomial = state.at("pentanomial").get<std::array<long, 5>>();
  const long wins = results.at("wins").get<long>();
  const long no_winner = results.at("no_winner").get<long>();
  const long losses = results.at("losses").get<long>();
  const long void_pairs = state.at("void_pairs").get<long>();
  // Added later: a state without it counted no finished game of a dropped pair.
  const long unused_games = state.value("unused_games", 0L);
  const long window_count = window.at("count").get<long>();
  // Added after format 2's first release: a state without them starts them empty.
  std::array<long, 3> first_window{};
  std::string recent_window;
  if (state.contains("gain_windows")) {
    first_window = state["gain_windows"].at("first").get<std::array<long, 3>>();
    recent_window = state["gain_windows"].at("recent").get<std::string>();
    if (recent_window.find_first_not_of("wdl") != std::string::npos)
      throw std::invalid_argument("the stored recent results are not results");
  }

  return [=, this, search = std::move(search), pending = std::move(pending),
          trajectory = std::move(trajectory), sum = std::move(sum),
          sum_squares = std::move(sum_squares)]() mutable {
    search_ = std::move(search);
    pending_ = std::move(pending);
    trajectory_ = std::move(trajectory);
    archived_points_ = archived;
    window_count_ = window_count;
    window_sum_ = std::move(sum);
    window_sum_squares_ = std::move(sum_squares);
    pentanomial_ = pentanomial;
    wins_ = wins;
    no_winner_ = no_winner;
    losses_ = losses;
    void_pairs_ = void_pairs;
    unused_games_ = unused_games;
    first_window_ = first_window;
    recent_window_ = std::move(recent_window);
    dropped_in_progress_.clear();
    void_halt_rule_.new_run();
    results_since_history_ = 0;
  };
}

std::optional<nlohmann::json> SpsaTuner::archive_chunk() {
  auto points = trajectory_.take_new_points();
  if (points.empty()) return std::nullopt;
  archived_points_ += static_cast<long>(points.size());
  return nlohmann::json{{"trajectory", spsa::Trajectory::points_json(points)}};
}

}  // namespace rm::comp
