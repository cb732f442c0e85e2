// The values of `ringmaster match`'s options that are more than a number: an SPRT, a clock
// given as cutechess/fastchess write it, byo-yomi. Each parser returns the value, or the
// message of a usage error (what a good value looks like).
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "ringmaster/cli/match_options.hpp"

namespace rm::cli {

template <typename T>
using Parsed = std::variant<T, std::string>;  // the value, or what is wrong with it

// A whole number in [lo, hi] in decimal.
std::optional<long long> whole_in(const std::string& text, long long lo, long long hi);
// A finite decimal number in [lo, hi].
std::optional<double> number_in(const std::string& text, double lo, double hi);

// "elo0,elo1[,alpha,beta]" or fastchess's "elo0=0 elo1=5 alpha=0.05 beta=0.05".
Parsed<MatchSprt> parse_sprt(const std::string& text);
// "PxT": P periods of T seconds (Japanese byo-yomi).
Parsed<MatchClock> parse_byoyomi(const std::string& text);
// "M/T": M moves in each period of T seconds (Canadian byo-yomi).
Parsed<MatchClock> parse_canadian(const std::string& text);
// cutechess's tc: "T" (T seconds for the game) or "M/T" (M moves every T seconds); an
// increment ("T+I") is refused: GTP has no way to tell engines about one.
Parsed<MatchClock> parse_tc(const std::string& text);

}  // namespace rm::cli
