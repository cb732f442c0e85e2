#include "ringmaster/competitions/tournaments/tournament.hpp"

#include <algorithm>
#include <stdexcept>

namespace rm::comp {

Tournament::Tournament(const rm::control::ControlFile& cf, std::vector<MatchupSettings> matchups)
    : cf_(cf) {
  for (auto& settings : matchups) {
    Matchup m;
    m.settings = std::move(settings);
    m.accumulator = MatchupAccumulator(m.settings.player_1, m.settings.player_2);
    m.id_digits = id_digits_for(m.settings);
    matchups_.push_back(std::move(m));
  }
}

namespace {

std::string padded_id(const std::string& id, int number, std::size_t width) {
  std::string digits = std::to_string(number);
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  return id + "_" + digits;
}

}  // namespace

std::size_t Tournament::id_digits_for(const MatchupSettings& m) {
  if (m.number_of_games && *m.number_of_games > 0)
    return std::to_string(*m.number_of_games - 1).size();
  return 1;
}

std::string Tournament::game_id_for(const MatchupSettings& m, int number) {
  return padded_id(m.id, number, id_digits_for(m));
}

// gomill's Group_scheduler: games left over from an earlier run first, then the matchup with
// the fewest games issued among those below their limit; ties go to control-file order.
Tournament::Matchup* Tournament::choose_matchup() {
  for (auto& m : matchups_)
    if (!m.is_ghost && !m.sprt_decided && m.numbers.has_reissue(m.settings.number_of_games))
      return &m;
  Matchup* best = nullptr;
  for (auto& m : matchups_) {
    if (m.is_ghost || m.sprt_decided) continue;
    if (m.settings.number_of_games && m.numbers.issued() >= *m.settings.number_of_games) continue;
    if (best == nullptr || m.numbers.issued() < best->numbers.issued()) best = &m;
  }
  return best;
}

std::optional<JobRequest> Tournament::next_job() {
  Matchup* m = nullptr;
  int number = 0;
  if (!replays_.empty()) {
    m = &matchups_[replays_.front().first];
    number = replays_.front().second;
    replays_.erase(replays_.begin());
  } else {
    m = choose_matchup();
    if (m == nullptr) return std::nullopt;
    auto issued = m->numbers.issue(m->settings.number_of_games);
    if (!issued) return std::nullopt;
    number = *issued;
  }
  const auto& s = m->settings;
  // With opening pairs, the pair's second game swaps colours whatever `alternating` says.
  const bool player_2_black = (s.alternating || openings_.pairs()) && number % 2 == 1;
  rm::game::PlayerSpec p1 = cf_.players.at(s.player_1);
  rm::game::PlayerSpec p2 = cf_.players.at(s.player_2);
  p1.code = s.player_1;
  p2.code = s.player_2;

  JobRequest request;
  rm::game::GameJob& job = request.job;
  job.game_id = padded_id(s.id, number, m->id_digits);
  job.competition_code = cf_.code;
  job.sgf_event = s.name_given ? cf_.code + " (" + s.name + ")" : cf_.code;
  job.black = player_2_black ? p2 : p1;
  job.white = player_2_black ? p1 : p2;
  job.settings = s.game;
  openings_.apply(job, static_cast<std::uint64_t>(number));
  if (cf_.common.record_games) job.sgf_dir = cf_.directory + "/" + cf_.code + ".games";
  job.void_sgf_dir = cf_.directory + "/" + cf_.code + ".void";
  request.description =
      "game " + job.game_id + ": " + job.black.code + " (b) vs " + job.white.code + " (w)";
  return request;
}

Tournament::Matchup* Tournament::matchup_of_game(const std::string& game_id, int* number) {
  Matchup* found = nullptr;
  for (auto& m : matchups_) {
    const std::string prefix = m.settings.id + "_";
    if (game_id.size() <= prefix.size() || game_id.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = game_id.substr(prefix.size());
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    if (digits.size() > 9) continue;
    // The longest id wins ("a_1" is matchup "a_1"'s, not "a"'s, when both could match).
    if (found == nullptr || m.settings.id.size() > found->settings.id.size()) {
      found = &m;
      *number = std::stoi(digits);
    }
  }
  return found;
}

void Tournament::update_sprt(Matchup& m) {
  if (!m.settings.sprt || m.is_ghost) return;
  const MatchupStats s = stats_of(m);
  m.sprt_decided = s.sprt && s.sprt->decision != rm::stats::SprtDecision::kContinue;
}

void Tournament::record(Matchup& m, const rm::game::GameResult& r, int number) {
  m.accumulator.add(r, number);
  count_opening(opening_counts_, r);
  // The latest game's description; "" when the engine gave none (shown as gomill does).
  descriptions_[r.black_code] = r.black_long_description;
  descriptions_[r.white_code] = r.white_long_description;
}

ResultLines Tournament::on_result(const rm::game::GameResult& r) {
  int number = 0;
  Matchup* m = matchup_of_game(r.game_id, &number);
  if (m == nullptr || !m->numbers.is_outstanding(number))
    throw std::logic_error("tournament: result for game '" + r.game_id +
                           "', which is not in progress");
  m->numbers.fix(number);
  m->completed_in_this_run = true;
  m->last_game_failed = false;
  record(*m, r, number);
  update_sprt(*m);
  ResultLines lines;
  std::string id = r.game_id;
  if (id.size() < 7) id.insert(0, 7 - id.size(), ' ');  // gomill's "%7s %s"
  lines.history_line = id + " " + r.describe();
  lines.screen_line = "game " + r.game_id + ": " + r.describe();
  return lines;
}

// gomill's Tournament.process_game_error: halt if the matchup has not completed a game in this
// run or its previous game also failed; otherwise replay the game with the same id.
bool Tournament::on_void(const rm::game::GameResult& r) {
  int number = 0;
  Matchup* m = matchup_of_game(r.game_id, &number);
  if (m == nullptr || !m->numbers.is_outstanding(number))
    throw std::logic_error("tournament: void game '" + r.game_id + "', which is not in progress");
  const bool halt = !m->completed_in_this_run || m->last_game_failed;
  m->last_game_failed = true;
  // The number stays issued and unfixed: replayed now, or reissued by the next run.
  if (halt) return false;
  replays_.emplace_back(static_cast<std::size_t>(m - matchups_.data()), number);
  return true;
}

bool Tournament::finished() const {
  for (const auto& m : matchups_) {
    if (m.is_ghost) continue;
    if (!m.numbers.outstanding().empty() || m.numbers.has_reissue(m.settings.number_of_games))
      return false;
    if (m.sprt_decided) continue;
    if (!m.settings.number_of_games || m.numbers.fixed() < *m.settings.number_of_games)
      return false;
  }
  return replays_.empty();
}

std::optional<int> Tournament::games_remaining() const {
  int remaining = 0;
  for (const auto& m : matchups_) {
    if (m.is_ghost) continue;
    if (m.sprt_decided) {
      remaining += static_cast<int>(m.numbers.outstanding().size());
      continue;
    }
    if (!m.settings.number_of_games) return std::nullopt;
    remaining += std::max(0, *m.settings.number_of_games - m.numbers.fixed());
  }
  return remaining;
}

MatchupStats Tournament::stats_of(const Matchup& m) const {
  // Opening pairs swap colours within each pair (next_job), so they are pairs as much as
  // `alternating` ones are: paired statistics and a pentanomial SPRT.
  const bool paired = m.settings.alternating || openings_.pairs();
  return m.accumulator.stats(paired, m.is_ghost ? std::nullopt : m.settings.sprt);
}

int Tournament::games_played() const {
  int n = 0;
  for (const auto& m : matchups_) n += m.accumulator.games();
  return n;
}

std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> Tournament::players_to_check()
    const {
  // gomill: players of matchups that may play, with the settings of the first matchup each
  // appears in, sorted by code.
  std::map<std::string, rm::game::GameSettings> first;
  for (const auto& m : matchups_) {
    if (m.is_ghost || (m.settings.number_of_games && *m.settings.number_of_games == 0)) continue;
    first.emplace(m.settings.player_1, m.settings.game);
    first.emplace(m.settings.player_2, m.settings.game);
  }
  std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players;
  for (const auto& [code, settings] : first) {
    rm::game::PlayerSpec spec = cf_.players.at(code);
    spec.code = code;
    players.emplace_back(spec, settings);
  }
  return players;
}

std::string Tournament::matchup_blocks() const {
  std::string text;
  for (bool ghosts : {false, true})
    for (const auto& m : matchups_) {
      if (m.is_ghost != ghosts || m.accumulator.games() == 0) continue;
      if (!text.empty()) text += "\n";
      text +=
          matchup_block(MatchupHeading{&m.settings, m.is_ghost, name_is_shared(m)}, stats_of(m));
    }
  return text;
}

bool Tournament::name_is_shared(const Matchup& matchup) const {
  for (const auto& m : matchups_)
    if (&m != &matchup && m.settings.name == matchup.settings.name) return true;
  return false;
}

std::string Tournament::player_lines() const {
  std::string text;
  for (const auto& [code, description] : descriptions_)
    text += "player " + code + ": " +
            (description.empty() ? std::string("[no description available]") : description) + "\n";
  return text;
}

nlohmann::json Tournament::matchups_json() const {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& m : matchups_)
    list.push_back(matchup_json(MatchupHeading{&m.settings, m.is_ghost}, stats_of(m)));
  return list;
}

nlohmann::json Tournament::players_json() const {
  nlohmann::json players = nlohmann::json::object();
  for (const auto& [code, spec] : cf_.players) {
    auto found = descriptions_.find(code);
    players[code] = {{"description", found == descriptions_.end() || found->second.empty()
                                         ? nlohmann::json(nullptr)
                                         : nlohmann::json(found->second)}};
  }
  return players;
}

}  // namespace rm::comp
