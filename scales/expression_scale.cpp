// A scale given as a muparser expression in x (the YAML-native replacement for a Python
// scale function).
#include <muParser.h>

#include <cmath>
#include <mutex>
#include <string>
#include <utility>

#include "scales/scale.hpp"

namespace rm::scales {
namespace {

double python_round(double v) {
  return std::round(v);
}  // half away from zero, like Python 2
double power(double a, double b) {
  return std::pow(a, b);
}
double floor_of(double v) {
  return std::floor(v);
}
double ceil_of(double v) {
  return std::ceil(v);
}
double trunc_of(double v) {
  return std::trunc(v);
}  // Python's int() of a float

// muparser's '=' assigns to a variable ("x = 5" gives 5 for every x); comparisons are
// "==", "<=", ">=" and "!=".
bool has_assignment(const std::string& expr) {
  for (std::size_t i = 0; i < expr.size(); ++i) {
    if (expr[i] != '=') continue;
    if (i + 1 < expr.size() && expr[i + 1] == '=') {
      ++i;
      continue;
    }
    if (i > 0 && (expr[i - 1] == '<' || expr[i - 1] == '>' || expr[i - 1] == '!')) continue;
    return true;
  }
  return false;
}

class ExpressionScale final : public Scale {
 public:
  ExpressionScale(std::string expr, bool integer) : expr_(std::move(expr)), integer_(integer) {
    try {
      parser_.DefineFun("round", python_round);
      parser_.DefineFun("pow", power);
      parser_.DefineFun("floor", floor_of);
      parser_.DefineFun("ceil", ceil_of);
      parser_.DefineFun("trunc", trunc_of);
      parser_.DefineVar("x", &x_);
      parser_.SetExpr(expr_);
      // Parsing is lazy in muparser: evaluate once so that syntax errors and unknown names
      // are reported when the scale is built, not in the middle of a run.
      x_ = 0.5;
      parser_.Eval();
    } catch (const mu::Parser::exception_type& e) {
      throw ScaleError("invalid expression '" + expr_ + "': " + e.GetMsg());
    }
    // A scale must be a function of x: otherwise every candidate gets the same value.
    if (has_assignment(expr_))
      throw ScaleError("invalid expression '" + expr_ + "': '=' assigns (compare with '==')");
    if (parser_.GetNumResults() != 1)
      throw ScaleError("invalid expression '" + expr_ + "': gives " +
                       std::to_string(parser_.GetNumResults()) +
                       " values separated by ','; a scale gives one");
    if (parser_.GetUsedVar().count("x") == 0)
      throw ScaleError("invalid expression '" + expr_ + "': does not depend on x");
  }
  Value at(double f) const override {
    double result = 0.0;
    {
      // One parser, one variable slot: serialise evaluations.
      std::lock_guard<std::mutex> lock(mutex_);
      x_ = f;
      try {
        result = parser_.Eval();
      } catch (const mu::Parser::exception_type& e) {
        throw ScaleError("error evaluating '" + expr_ + "' at x=" + python_repr(f) + ": " +
                         e.GetMsg());
      }
    }
    if (!std::isfinite(result))
      throw ScaleError("expression '" + expr_ + "' gives " + python_repr(result) +
                       " at x=" + python_repr(f));
    if (integer_) return round_like_gomill(result);
    return result;
  }
  std::string describe() const override {
    return "EXPRESSION(" + python_repr(Value(expr_)) + (integer_ ? ", integer=True" : "") + ")";
  }
  nlohmann::json definition() const override {
    return {{"type", "EXPRESSION"}, {"expression", expr_}, {"integer", integer_}};
  }

 private:
  std::string expr_;
  bool integer_;
  mutable std::mutex mutex_;
  mutable double x_ = 0.0;
  mutable mu::Parser parser_;
};

}  // namespace

std::unique_ptr<Scale> make_expression(std::string expr, bool integer) {
  return std::make_unique<ExpressionScale>(std::move(expr), integer);
}

}  // namespace rm::scales
