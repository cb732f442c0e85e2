#include "ringmaster/cli/match_option_values.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "ringmaster/stats/sprt.hpp"

namespace rm::cli {
namespace {

constexpr double kMaxSeconds = 1e9;  // what GTP's 32-bit times can say (time-controls.md)

std::vector<std::string> split_on(const std::string& text, const std::string& separators) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : text) {
    if (separators.find(c) != std::string::npos) {
      parts.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  parts.push_back(part);
  return parts;
}

std::optional<double> seconds(const std::string& text) {
  auto v = number_in(text, 0, kMaxSeconds);
  if (!v || *v <= 0) return std::nullopt;
  return v;
}

}  // namespace

std::optional<long long> whole_in(const std::string& text, long long lo, long long hi) {
  long long v = 0;
  const char* begin = text.data();
  const char* end = begin + text.size();
  auto res = std::from_chars(begin, end, v);
  if (text.empty() || res.ec != std::errc() || res.ptr != end || v < lo || v > hi)
    return std::nullopt;
  return v;
}

std::optional<double> number_in(const std::string& text, double lo, double hi) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (*end != '\0' || !std::isfinite(v) || v < lo || v > hi) return std::nullopt;
  return v;
}

Parsed<MatchSprt> parse_sprt(const std::string& text) {
  const std::string good =
      "give elo0,elo1[,alpha,beta][,model=normalized|logistic] such as 0,5 or "
      "0,5,0.05,0.05,model=logistic (got '" +
      text + "')";
  MatchSprt s;
  std::vector<std::string> parts;
  for (auto& p : split_on(text, ", "))
    if (!p.empty()) parts.push_back(p);
  // The model, in either form: model=X (fastchess 1.x's key), or a bare word last.
  auto take_model = [&](const std::string& value) -> std::optional<std::string> {
    if (!rm::stats::parse_sprt_model(value))
      return "model: normalized or logistic (got '" + value + "'): " + good;
    s.model = value;
    return std::nullopt;
  };
  for (auto it = parts.begin(); it != parts.end();) {
    if (it->rfind("model=", 0) == 0) {
      if (auto error = take_model(it->substr(6))) return *error;
      it = parts.erase(it);
    } else {
      ++it;
    }
  }
  if (!parts.empty() && !s.model && (parts.back() == "normalized" || parts.back() == "logistic")) {
    s.model = parts.back();
    parts.pop_back();
  }
  if (!parts.empty() && parts.front().find('=') != std::string::npos) {
    // fastchess: elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=normalized]
    bool elo0 = false, elo1 = false;
    for (const auto& p : parts) {
      const auto eq = p.find('=');
      if (eq == std::string::npos) return good;
      const std::string key = p.substr(0, eq);
      auto v = number_in(p.substr(eq + 1), -1e6, 1e6);
      if (key != "elo0" && key != "elo1" && key != "alpha" && key != "beta")
        return "unknown key '" + key + "': " + good;
      if (!v) return good;
      if (key == "elo0") {
        s.elo0 = *v;
        elo0 = true;
      } else if (key == "elo1") {
        s.elo1 = *v;
        elo1 = true;
      } else if (key == "alpha") {
        s.alpha = *v;
      } else {
        s.beta = *v;
      }
    }
    if (!elo0 || !elo1) return good;
  } else {
    if (parts.size() != 2 && parts.size() != 4) return good;
    std::array<double*, 4> into{&s.elo0, &s.elo1, &s.alpha, &s.beta};
    for (std::size_t i = 0; i < parts.size(); ++i) {
      auto n = number_in(parts[i], -1e6, 1e6);
      if (!n) return good;
      *into[i] = *n;
    }
  }
  try {
    rm::stats::Sprt check(s.elo0, s.elo1, s.alpha, s.beta);
  } catch (const std::invalid_argument&) {
    return "elo0 < elo1, alpha and beta in (0, 1) with alpha + beta < 1 (got '" + text + "')";
  }
  return s;
}

namespace {

// "NsepT": a whole number N >= 1 and a time T > 0 (byo-yomi's periods or moves, and seconds).
std::optional<std::pair<int, double>> count_and_seconds(const std::string& text,
                                                        const std::string& separators) {
  const auto parts = split_on(text, separators);
  if (parts.size() != 2) return std::nullopt;
  const auto count = whole_in(parts[0], 1, 1000000);
  const auto time = seconds(parts[1]);
  if (!count || !time) return std::nullopt;
  return std::pair{static_cast<int>(*count), *time};
}

}  // namespace

Parsed<MatchClock> parse_byoyomi(const std::string& text) {
  const auto parsed = count_and_seconds(text, "xX");
  if (!parsed) return "give PERIODSxSECONDS such as 5x30: 5 periods of 30 s (got '" + text + "')";
  MatchClock c;
  c.system = "japanese";
  c.periods = parsed->first;
  c.period_time = parsed->second;
  return c;
}

Parsed<MatchClock> parse_canadian(const std::string& text) {
  const auto parsed = count_and_seconds(text, "/");
  if (!parsed)
    return "give MOVES/SECONDS such as 10/30: 10 moves in each 30 s (got '" + text + "')";
  MatchClock c;
  c.system = "canadian";
  c.period_moves = parsed->first;
  c.period_time = parsed->second;
  return c;
}

Parsed<MatchClock> parse_tc(const std::string& text) {
  if (text.find('+') != std::string::npos)
    return "no increment: GTP cannot tell engines about a Fischer clock (docs/time-controls.md); "
           "use --time and --canadian 1/SECONDS for a similar one (got '" +
           text + "')";
  if (text.find('/') != std::string::npos) {
    auto c = parse_canadian(text);
    if (std::holds_alternative<std::string>(c))
      return "give SECONDS or MOVES/SECONDS (got '" + text + "')";
    return c;
  }
  auto main = seconds(text);
  if (!main) return "give SECONDS or MOVES/SECONDS (got '" + text + "')";
  MatchClock c;
  c.system = "absolute";
  c.main_time = *main;
  return c;
}

}  // namespace rm::cli
