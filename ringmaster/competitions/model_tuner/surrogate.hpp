// A surrogate: the model_tuner's model of the win rate over the normalised box [-1, 1]^d, behind
// one interface. It refits itself as results come in, proposes points by its own rule, and
// recommends one point with its own interval. Two exist (docs/model-tuner.md): a Gaussian
// process over the whole range for one parameter (process_surrogate.hpp), a local quadratic
// for two or more (quadratic_surrogate.hpp). Pure numerics, deterministic: the caller supplies
// the uniform numbers.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ringmaster/competitions/model_tuner/quadratic_model.hpp"

namespace rm::comp::model {

// Uniform numbers in [0, 1).
using UnitSource = std::function<double()>;

// The recommended point and what the surrogate knows of it. The interval of each coordinate is
// the range, along that axis through the point, of the points the surrogate cannot tell from it
// (their win rate is not below the point's by 1.96 standard deviations of the difference): it
// always holds the point, and a user can set any value in it without a measured loss.
struct Recommendation {
  std::vector<double> point;      // normalised
  std::vector<double> low, high;  // per coordinate, normalised; low <= point <= high
  double win_rate = 0.5;          // the surrogate's win rate at the point
  double win_rate_low = 0.0, win_rate_high = 1.0;  // its 95% interval
};

// What a report says of a surrogate: text lines and the same as JSON.
struct SurrogateReport {
  std::string text;
  nlohmann::json json;
};

// Formats a normalised point as the engine's parameters ("pl: 300; c: 0.45").
using PointFormatter = std::function<std::string(const std::vector<double>&)>;

class Surrogate {
 public:
  virtual ~Surrogate() = default;
  // The samples, in result order, have one more at the end: refit when due.
  virtual void update(std::vector<Sample>& samples) = 0;
  // Whether it has been fitted at least once (the search's phase; proposal_table.hpp).
  virtual bool fitted() const = 0;
  // How many of the first results it needs before its first fit.
  virtual int results_before_fit() const = 0;
  virtual std::vector<double> propose(const UnitSource& unit) const = 0;
  // Only once fitted().
  virtual Recommendation recommend(const std::vector<Sample>& samples) const = 0;
  // What a stored state keeps beyond the samples, and its restoration to the samples; false
  // (and nothing changed) if the values do not fit.
  virtual nlohmann::json state() const = 0;
  virtual bool restore(const nlohmann::json& state, std::vector<Sample>& samples) = 0;
  // The report's section on the model itself (codes: the parameters' codes).
  virtual SurrogateReport report(const std::vector<std::string>& codes,
                                 const PointFormatter& format) const = 0;
};

}  // namespace rm::comp::model
