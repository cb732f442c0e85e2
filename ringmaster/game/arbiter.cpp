#include "ringmaster/game/arbiter.hpp"

#include <unistd.h>

#include <cstdlib>
#include <variant>

#include "engine/go/scoring.hpp"

namespace rm::game {

namespace {

// A private temporary file holding the record for `loadsgf`, removed when done.
class TemporarySgf {
 public:
  explicit TemporarySgf(const std::string& text) {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") +
                          "/ringmaster-arbiter-XXXXXX.sgf";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = mkstemps(name.data(), 4);
    if (fd < 0) {
      error_ = "cannot create a temporary SGF file in " + pattern;
      return;
    }
    path_ = name.data();
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n <= 0) {
        error_ = "cannot write the temporary SGF file " + path_;
        break;
      }
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
  }
  ~TemporarySgf() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  TemporarySgf(const TemporarySgf&) = delete;
  TemporarySgf& operator=(const TemporarySgf&) = delete;
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }

 private:
  std::string path_, error_;
};

ArbiterVerdict internal_verdict(const GameSettings& s, const rm::go::Board& board) {
  const auto area = rm::go::area_score(board);
  return {internal_score(area.black, area.white, s.komi, s.handicap,
                         s.internal_scorer_handicap_compensation),
          "internal scorer",
          {}};
}

// Plays the ending out with kgs-genmove_cleanup (the arbiter's own board only) until two
// passes running, a resignation, or `limit` moves.
void clean_up(rm::gtp::Controller& engine, rm::go::Colour colour, int limit,
              ArbiterVerdict& verdict) {
  int passes = 0, moves = 0;
  while (moves < limit && passes < 2) {
    auto r = engine.send("kgs-genmove_cleanup", {std::string(rm::go::colour_letter(colour))},
                         rm::gtp::Controller::CommandKind::Genmove);
    if (auto* err = std::get_if<rm::gtp::GtpError>(&r)) {
      verdict.notes.push_back("arbiter clean-up stopped: " + err->message);
      return;
    }
    const std::string& move = std::get<std::string>(r);
    ++moves;
    if (move == "resign" || move == "RESIGN") break;
    passes = (move == "pass" || move == "PASS") ? passes + 1 : 0;
    colour = rm::go::opponent(colour);
  }
  verdict.notes.push_back("arbiter clean-up: " + std::to_string(moves) + " moves");
}

}  // namespace

ArbiterVerdict ask_arbiter(const GameSettings& settings, const rm::go::Board& board,
                           const std::string& sgf_text, rm::go::Colour next_colour,
                           const std::atomic<bool>* abort, rm::gtp::GtpLog log) {
  const Adjudication& a = settings.adjudication;
  if (a.arbiter != ArbiterKind::Engine || !a.arbiter_engine)
    return internal_verdict(settings, board);
  ArbiterVerdict verdict;
  verdict.decided_by = "arbiter " + a.arbiter_code;
  TemporarySgf file(sgf_text);
  if (!file.error().empty()) {
    verdict.notes.push_back("arbiter " + a.arbiter_code + " not asked: " + file.error());
    return verdict;
  }
  auto started = rm::gtp::Controller::start(*a.arbiter_engine, log, "arbiter", abort);
  if (auto* err = std::get_if<rm::gtp::GtpError>(&started)) {
    verdict.notes.push_back("arbiter " + a.arbiter_code + " could not start: " + err->message);
    return verdict;
  }
  auto& engine = *std::get<std::unique_ptr<rm::gtp::Controller>>(started);
  auto fail = [&](const rm::gtp::GtpError& e) {
    verdict.notes.push_back("arbiter " + a.arbiter_code + " failed: " + e.message);
  };
  auto loaded = engine.send("loadsgf", {file.path()});
  if (auto* err = std::get_if<rm::gtp::GtpError>(&loaded)) {
    fail(*err);
  } else {
    if (a.cleanup_moves > 0 && engine.known_command("kgs-genmove_cleanup"))
      clean_up(engine, next_colour, a.cleanup_moves, verdict);
    auto score = engine.send("final_score", {});
    if (auto* score_err = std::get_if<rm::gtp::GtpError>(&score)) {
      fail(*score_err);
    } else {
      const std::string raw = std::get<std::string>(score);
      verdict.notes.push_back(a.arbiter_code + " final_score: " + raw);
      Outcome o = combine_player_scores({{a.arbiter_code, raw}});
      if (o.sgf_result != "?") verdict.outcome = o;
    }
  }
  for (auto& e : engine.close().late_errors) verdict.notes.push_back(e);
  return verdict;
}

}  // namespace rm::game
