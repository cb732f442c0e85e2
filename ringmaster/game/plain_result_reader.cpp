#include "ringmaster/game/plain_result_reader.hpp"

#include <array>
#include <climits>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>

namespace rm::game {
namespace {

// Where a value goes: one of GameResult's fields by type, a candidate record, or a candidate's
// values.
using Target =
    std::variant<std::monostate, std::string*, bool*, int*, std::optional<double>*,
                 std::vector<std::string>*, std::optional<CandidateRecord>*, nlohmann::json*>;

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
// parse) whatever result_from_json would have to judge. Depth 1 is the result's fields,
// depth 2 a candidate record's (code, parameters, values: an array of plain values).
class PlainResultSax {
 public:
  explicit PlainResultSax(GameResult& r) : r_(r) {}

  bool null() {
    if (values_ != nullptr) return push(nullptr);
    if (auto* d = std::get_if<std::optional<double>*>(&target_)) {
      (*d)->reset();
      return done();
    }
    if (auto* c = std::get_if<std::optional<CandidateRecord>*>(&target_)) {
      (*c)->reset();  // a null candidate is no candidate
      return done();
    }
    return false;
  }
  bool boolean(bool value) {
    if (values_ != nullptr) return push(value);
    auto* b = std::get_if<bool*>(&target_);
    if (b == nullptr) return false;
    **b = value;
    return done();
  }
  bool number_integer(std::int64_t value) {
    if (values_ != nullptr) return push(value);
    return integer(value);
  }
  bool number_unsigned(std::uint64_t value) {
    if (values_ != nullptr) return push(value);
    return value <= static_cast<std::uint64_t>(INT_MAX) &&
           integer(static_cast<std::int64_t>(value));
  }
  bool number_float(double value, const std::string&) {
    if (values_ != nullptr) return push(value);
    auto* d = std::get_if<std::optional<double>*>(&target_);
    if (d == nullptr) return false;
    **d = value;
    return done();
  }
  bool string(std::string& value) {
    if (value.find('\0') != std::string::npos) return false;
    if (values_ != nullptr) return push(std::move(value));
    if (auto* v = std::get_if<std::vector<std::string>*>(&target_); v != nullptr && in_strings_) {
      (*v)->push_back(std::move(value));
      return true;
    }
    auto* s = std::get_if<std::string*>(&target_);
    if (s == nullptr) return false;
    **s = std::move(value);
    return done();
  }
  bool binary(nlohmann::json::binary_t&) { return false; }
  bool start_object(std::size_t) {
    if (depth_ == 0) {
      depth_ = 1;
      return true;
    }
    auto* c = std::get_if<std::optional<CandidateRecord>*>(&target_);
    if (depth_ != 1 || c == nullptr) return false;
    candidate_ = &(*c)->emplace();
    code_seen_ = false;
    depth_ = 2;
    return done();
  }
  bool end_object() {
    if (depth_ == 2 && !code_seen_) return false;  // a candidate's code is required
    candidate_ = nullptr;
    --depth_;
    return true;
  }
  bool start_array(std::size_t) {
    if (in_strings_ || values_ != nullptr) return false;  // nothing nests in an array
    if (auto* v = std::get_if<std::vector<std::string>*>(&target_)) {
      (*v)->clear();
      in_strings_ = true;
      return true;
    }
    if (auto* j = std::get_if<nlohmann::json*>(&target_)) {
      values_ = *j;
      *values_ = nlohmann::json::array();
      return true;
    }
    return false;
  }
  bool end_array() {
    in_strings_ = false;
    values_ = nullptr;
    return done();
  }
  bool key(std::string& name) {
    target_ = depth_ == 1 ? result_field(name) : candidate_field(name);
    if (depth_ == 1) seen(name);
    return !std::holds_alternative<std::monostate>(target_);
  }
  bool parse_error(std::size_t, const std::string&, const std::exception&) { return false; }

  bool has_required() const { return required_seen_ == 0b11111; }

 private:
  template <typename Value>
  bool push(Value&& value) {
    values_->push_back(std::forward<Value>(value));
    return true;
  }
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
    return true;
  }
  void seen(const std::string& name) {
    static constexpr std::array<std::string_view, 5> kRequired{
        "game_id", "black_code", "white_code", "is_void", "sgf_result"};
    for (std::size_t i = 0; i < kRequired.size(); ++i)
      if (name == kRequired[i]) required_seen_ |= 1U << i;
  }
  Target result_field(const std::string& name) {
    if (name == "candidate") return &r_.candidate;
    if (name == "opponent_candidate") return &r_.opponent_candidate;
    const auto it = kFields.find(name);
    if (it == kFields.end()) return std::monostate{};
    return std::visit([this](auto member) -> Target { return &(r_.*member); }, it->second);
  }
  Target candidate_field(const std::string& name) {
    if (name == "code") {
      code_seen_ = true;
      return &candidate_->code;
    }
    if (name == "parameters") return &candidate_->parameters;
    if (name == "values") return &candidate_->values;
    return std::monostate{};  // candidate_from_json refuses any other field
  }

  GameResult& r_;
  Target target_;
  CandidateRecord* candidate_ = nullptr;  // the one being read, at depth 2
  nlohmann::json* values_ = nullptr;      // its values, while their array is read
  bool in_strings_ = false;               // in warnings or late_errors
  bool code_seen_ = false;
  int depth_ = 0;
  unsigned required_seen_ = 0;
};

}  // namespace

bool read_plain_result(std::string_view text, GameResult& out) {
  PlainResultSax sax(out);
  return nlohmann::json::sax_parse(text.begin(), text.end(), &sax) && sax.has_required() &&
         (out.winner.empty() || out.winner_colour()) && out.move_count >= 0;
}

std::optional<GameResult> plain_result_from_json_text(std::string_view text) {
  GameResult r;
  if (!read_plain_result(text, r)) return std::nullopt;
  return r;
}

}  // namespace rm::game
