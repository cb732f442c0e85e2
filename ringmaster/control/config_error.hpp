#pragma once
// The one error type of control-file loading.
#include <stdexcept>
#include <string>

namespace rm::control {

// Every problem with a control file: the message names the file, the 1-based line and column
// (when the problem is tied to a place in the file), the setting, and what is wrong, e.g.
// "demo.yaml:12:14: players.gnugo.timeouts.genmove: must be a positive number (got -3)".
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace rm::control
