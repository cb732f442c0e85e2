// The Wilson score interval of a binomial proportion (here: a candidate's win rate).
#pragma once

#include <optional>
#include <utility>

namespace rm::comp {

// 95% interval (z = 1.959964) for `wins` out of `games`; nullopt when games == 0.
std::optional<std::pair<double, double>> wilson_interval(int wins, int games, double z = 1.959963984540054);

}  // namespace rm::comp
