// Series over time derived from the stored games (every result is kept in commit order), so
// the report can show how a figure developed without the competitions keeping history.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "ringmaster/report/svg/plots.hpp"

namespace rm::report::html {

// Which prefixes of a sequence of n games to plot: at most `max_points` of them, always
// including the last (1-based counts, increasing).
std::vector<std::size_t> checkpoints(std::size_t n, std::size_t max_points = 150);

// The cumulative mean of `scores` (1 a win, 0.5 no winner, 0 a loss) with its 95% Wilson
// interval, one point per checkpoint; x is the count at the checkpoint, or xs[count - 1]
// when `xs` is given (e.g. the overall game number of each game).
std::vector<rm::svg::Point> cumulative_rate(const std::vector<double>& scores,
                                            const std::vector<double>& xs = {});

// A JSON number as a double; nullopt for anything else.
std::optional<double> as_number(const nlohmann::json& value);

// True when every value is positive and they span at least a factor of 10 (a log axis
// reads better).
bool wants_log_axis(const std::vector<double>& values);

}  // namespace rm::report::html
