#include "ringmaster/game/plain_result_reader.hpp"

#include <array>
#include <climits>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <variant>

namespace rm::game {
namespace {

// Where a value goes: one of GameResult's fields, by type.
using Target = std::variant<std::monostate, std::string*, bool*, int*, std::optional<double>*,
                            std::vector<std::string>*>;

using Member =
    std::variant<std::string GameResult::*, bool GameResult::*, int GameResult::*,
                 std::optional<double> GameResult::*, std::vector<std::string> GameResult::*>;

// Every field result_from_json reads but the candidates.
const std::unordered_map<std::string_view, Member> kFields{
    {"game_id", &GameResult::game_id},
    {"black_code", &GameResult::black_code},
    {"white_code", &GameResult::white_code},
    {"is_void", &GameResult::is_void},
    {"sgf_result", &GameResult::sgf_result},
    {"winner", &GameResult::winner},
    {"void_reason", &GameResult::void_reason},
    {"margin", &GameResult::margin},
    {"is_jigo", &GameResult::is_jigo},
    {"is_forfeit", &GameResult::is_forfeit},
    {"detail", &GameResult::detail},
    {"forfeit_cause", &GameResult::forfeit_cause},
    {"move_count", &GameResult::move_count},
    {"black_cpu_s", &GameResult::black_cpu_s},
    {"white_cpu_s", &GameResult::white_cpu_s},
    {"black_short_description", &GameResult::black_short_description},
    {"white_short_description", &GameResult::white_short_description},
    {"black_long_description", &GameResult::black_long_description},
    {"white_long_description", &GameResult::white_long_description},
    {"warnings", &GameResult::warnings},
    {"late_errors", &GameResult::late_errors},
    {"sgf_path", &GameResult::sgf_path},
    {"opening", &GameResult::opening},
    {"decided_by", &GameResult::decided_by},
    {"sgf_write_error", &GameResult::sgf_write_error},
    {"unwritten_sgf", &GameResult::unwritten_sgf},
    {"sgf_text", &GameResult::sgf_text}};

// Fills a GameResult from nlohmann's SAX events; refuses (returns false, which stops the
// parse) whatever result_from_json would have to judge.
class PlainResultSax {
 public:
  explicit PlainResultSax(GameResult& r) : r_(r) {}

  bool null() {
    // Only an optional number may be null (a null candidate is no candidate: skipped).
    if (auto* d = std::get_if<std::optional<double>*>(&target_)) {
      (*d)->reset();
      return done();
    }
    return std::holds_alternative<std::monostate>(target_) && null_allowed_ && done();
  }
  bool boolean(bool value) {
    auto* b = std::get_if<bool*>(&target_);
    if (b == nullptr) return false;
    **b = value;
    return done();
  }
  bool number_integer(std::int64_t value) { return integer(value); }
  bool number_unsigned(std::uint64_t value) {
    return value <= static_cast<std::uint64_t>(INT_MAX) &&
           integer(static_cast<std::int64_t>(value));
  }
  bool number_float(double value, const std::string&) {
    auto* d = std::get_if<std::optional<double>*>(&target_);
    if (d == nullptr) return false;
    **d = value;
    return done();
  }
  bool string(std::string& value) {
    if (value.find('\0') != std::string::npos) return false;
    if (in_array_) {
      std::get<std::vector<std::string>*>(target_)->push_back(std::move(value));
      return true;
    }
    auto* s = std::get_if<std::string*>(&target_);
    if (s == nullptr) return false;
    **s = std::move(value);
    return done();
  }
  bool binary(nlohmann::json::binary_t&) { return false; }
  bool start_object(std::size_t) {
    if (depth_ != 0) return false;  // a candidate record, or anything nested
    ++depth_;
    return true;
  }
  bool end_object() {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) {
    auto* v = std::get_if<std::vector<std::string>*>(&target_);
    if (v == nullptr || in_array_) return false;
    (*v)->clear();
    in_array_ = true;
    return true;
  }
  bool end_array() {
    in_array_ = false;
    return done();
  }
  bool key(std::string& name) {
    target_ = target_for(name);
    null_allowed_ = name == "candidate" || name == "opponent_candidate";
    if (!std::holds_alternative<std::monostate>(target_) || null_allowed_) seen(name);
    return !std::holds_alternative<std::monostate>(target_) || null_allowed_;
  }
  bool parse_error(std::size_t, const std::string&, const std::exception&) { return false; }

  bool has_required() const { return required_seen_ == 0b11111; }

 private:
  bool integer(std::int64_t value) {
    if (auto* d = std::get_if<std::optional<double>*>(&target_)) {
      **d = static_cast<double>(value);
      return done();
    }
    auto* i = std::get_if<int*>(&target_);
    if (i == nullptr || value < -2147483647LL || value > 2147483647LL) return false;
    **i = static_cast<int>(value);
    return done();
  }
  bool done() {
    target_ = std::monostate{};
    null_allowed_ = false;
    return true;
  }
  void seen(const std::string& name) {
    static constexpr std::array<std::string_view, 5> kRequired{
        "game_id", "black_code", "white_code", "is_void", "sgf_result"};
    for (std::size_t i = 0; i < kRequired.size(); ++i)
      if (name == kRequired[i]) required_seen_ |= 1U << i;
  }
  Target target_for(const std::string& name) {
    const auto it = kFields.find(name);
    if (it == kFields.end()) return std::monostate{};
    return std::visit([this](auto member) -> Target { return &(r_.*member); }, it->second);
  }

  GameResult& r_;
  Target target_;
  bool null_allowed_ = false;
  bool in_array_ = false;
  int depth_ = 0;
  unsigned required_seen_ = 0;
};

}  // namespace

bool read_plain_result(std::string_view text, GameResult& out) {
  PlainResultSax sax(out);
  return nlohmann::json::sax_parse(text.begin(), text.end(), &sax) && sax.has_required() &&
         (out.winner.empty() || out.winner == "b" || out.winner == "w") && out.move_count >= 0;
}

std::optional<GameResult> plain_result_from_json_text(std::string_view text) {
  GameResult r;
  if (!read_plain_result(text, r)) return std::nullopt;
  return r;
}

}  // namespace rm::game
