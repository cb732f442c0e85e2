// mc_tuner parameters and their scales.
#include "ringmaster/control/parameters.hpp"

#include <yaml-cpp/depthguard.h>

#include <charconv>
#include <cmath>
#include <set>

#include "ringmaster/control/yaml_document.hpp"
#include "scales/grid.hpp"
#include "scales/python_format.hpp"
#include "scales/scale.hpp"

namespace rm::control::detail {
namespace {

std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  std::size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::optional<long long> parse_int(const std::string& s) {
  long long v = 0;
  const char* begin = s.data();
  if (!s.empty() && s[0] == '+') ++begin;
  auto res = std::from_chars(begin, s.data() + s.size(), v);
  if (s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<double> parse_double(const std::string& s) {
  double v = 0;
  const char* begin = s.data();
  if (!s.empty() && s[0] == '+') ++begin;
  auto res = std::from_chars(begin, s.data() + s.size(), v);
  if (s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size() || !std::isfinite(v))
    return std::nullopt;
  return v;
}

const char* const kScaleForms =
    "use \"LINEAR(lower, upper)\", \"LOG(lower, upper, integer)\", \"EXPLICIT([a, b, c])\", "
    "or a mapping {type: LOG, lower: .., upper: .., integer: true} / {expression: "
    "\"1000*sqrt(x)\"}";

std::shared_ptr<const rm::scales::Scale> build_bounded(const Reader& r, const Field& f,
                                                       const std::string& type, double lo,
                                                       double hi, bool integer) {
  try {
    if (type == "LINEAR") return rm::scales::make_linear(lo, hi, integer);
    return rm::scales::make_log(lo, hi, integer);
  } catch (const rm::scales::ScaleError& e) {
    r.fail(f, "invalid parameters for " + type + ": " + e.what());
  }
}

std::shared_ptr<const rm::scales::Scale> build_explicit(const Reader& r, const Field& f,
                                                        std::vector<rm::scales::Value> values) {
  try {
    return rm::scales::make_explicit(std::move(values));
  } catch (const rm::scales::ScaleError& e) {
    r.fail(f, std::string("invalid parameters for EXPLICIT: ") + e.what());
  }
}

std::shared_ptr<const rm::scales::Scale> compact_scale(const Reader& r, const Field& f) {
  std::string text = trim(f.node.Scalar());
  std::size_t open = text.find('(');
  if (open == std::string::npos || text.back() != ')')
    r.fail(f, "invalid scale '" + text + "': " + kScaleForms);
  std::string type = trim(text.substr(0, open));
  std::string inside = text.substr(open + 1, text.size() - open - 2);
  if (type == "EXPLICIT") {
    YAML::Node list;
    try {
      list = YAML::Load(inside);
    } catch (const YAML::DeepRecursion&) {
      r.fail(f, "EXPLICIT value list nested too deep");
    } catch (const YAML::Exception& e) {
      r.fail(f, "invalid EXPLICIT value list '" + inside + "': " + e.msg);
    }
    if (!list.IsSequence()) r.fail(f, "EXPLICIT takes a list in brackets: EXPLICIT([a, b, c])");
    // The list is YAML inside a string: no tags or NULs there either (positions are the scale's).
    if (auto problem = find_unplain_yaml(list, ""))
      r.fail(f, "in the EXPLICIT list: " + problem->what);
    std::vector<rm::scales::Value> values;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!list[i].IsScalar()) r.fail(f, "EXPLICIT values must be numbers or strings");
      values.push_back(scalar_value(r, Field{list[i], f.setting}));
    }
    return build_explicit(r, f, std::move(values));
  }
  if (type != "LINEAR" && type != "LOG")
    r.fail(f, "unknown scale type '" + type + "': " + kScaleForms);
  std::vector<std::string> args;
  std::size_t start = 0;
  for (std::size_t comma; (comma = inside.find(',', start)) != std::string::npos; start = comma + 1)
    args.push_back(trim(inside.substr(start, comma - start)));
  args.push_back(trim(inside.substr(start)));
  if (args.size() < 2 || args.size() > 3)
    r.fail(f, type + " takes a lower bound, an upper bound and optionally 'integer': " + type +
                  "(1, 100, integer)");
  auto lo = parse_double(args[0]);
  auto hi = parse_double(args[1]);
  if (!lo) r.fail(f, type + ": lower bound '" + args[0] + "' is not a number");
  if (!hi) r.fail(f, type + ": upper bound '" + args[1] + "' is not a number");
  bool integer = false;
  if (args.size() == 3) {
    const std::string& a = args[2];
    if (a == "integer" || a == "integer=True" || a == "integer=true") {
      integer = true;
    } else if (a != "integer=False" && a != "integer=false") {
      r.fail(f, type + ": third argument must be 'integer' (got '" + a + "')");
    }
  }
  return build_bounded(r, f, type, *lo, *hi, integer);
}

std::shared_ptr<const rm::scales::Scale> mapping_scale(const Reader& r, const Field& f) {
  Mapping m(r, f, {"type", "lower", "upper", "integer", "values", "expression"});
  bool integer = false;
  if (auto g = m.find("integer")) integer = read_bool(r, *g);
  std::string type = "EXPRESSION";
  if (auto t = m.find("type")) {
    type = read_enum(r, *t, {"LINEAR", "LOG", "EXPLICIT", "EXPRESSION"});
  } else if (!m.find("expression")) {
    r.fail(m.self().node.Mark(), join_setting(f.setting, "type"),
           "not specified (LINEAR, LOG, EXPLICIT or EXPRESSION)");
  }
  auto refuse = [&](const char* key) {
    for (const auto& [name, field] : m.entries())
      if (name == key)
        r.fail(field,
               std::string("not used by ") + (type[0] == 'E' ? "an " : "a ") + type + " scale");
  };
  if (type == "LINEAR" || type == "LOG") {
    refuse("values");
    refuse("expression");
    double lo = read_number(r, m.require("lower"));
    double hi = read_number(r, m.require("upper"));
    return build_bounded(r, f, type, lo, hi, integer);
  }
  if (type == "EXPLICIT") {
    refuse("lower");
    refuse("upper");
    refuse("expression");
    refuse("integer");
    std::vector<rm::scales::Value> values;
    for (const auto& item : sequence_items(r, m.require("values"))) {
      if (!item.node.IsScalar()) r.fail(item, "must be a number or a string");
      values.push_back(scalar_value(r, item));
    }
    return build_explicit(r, f, std::move(values));
  }
  refuse("lower");
  refuse("upper");
  refuse("values");
  Field e = m.require("expression");
  try {
    return rm::scales::make_expression(read_string(r, e), integer);
  } catch (const rm::scales::ScaleError& err) {
    r.fail(e, err.what());
  }
}

// An expression scale that gives two grid points the same value makes two candidates that
// are the same engine (a constant, or a non-monotonic or coarsely rounded expression).
void check_distinct_values(const Reader& r, const Field& scale_field,
                           const rm::scales::Parameter& p) {
  std::vector<std::pair<double, rm::scales::Value>> seen;
  for (int i = 0; i < p.split; ++i) {
    double x = rm::scales::optimiser_point({i}, {p.split}).front();
    rm::scales::Value v;
    try {
      v = p.scale->at(x);
    } catch (const rm::scales::ScaleError&) {
      continue;  // reported for that candidate when it is used (as `candidates` lists it)
    }
    for (const auto& [other_x, other_v] : seen)
      if (other_v == v)
        r.fail(scale_field, "gives the same value " + rm::scales::python_repr(v) +
                                " at x=" + rm::scales::python_str(other_x) +
                                " and x=" + rm::scales::python_str(x) + " (with split " +
                                std::to_string(p.split) +
                                "): each point of the grid must give a different value");
    seen.emplace_back(x, v);
  }
}

}  // namespace

rm::scales::Value scalar_value(const Reader& r, const Field& f) {
  const std::string& s = read_string(r, f);
  if (is_quoted(f.node)) return s;
  if (auto i = parse_int(s)) return *i;
  if (auto d = parse_double(s)) return *d;
  return s;
}

std::shared_ptr<const rm::scales::Scale> read_scale(const Reader& r, const Field& f) {
  if (f.node.IsMap()) return mapping_scale(r, f);
  if (!f.node.IsScalar()) r.fail(f, std::string("invalid scale: ") + kScaleForms);
  return compact_scale(r, f);
}

std::vector<ReadParameter> read_parameters(const Reader& r, const Field& f) {
  std::vector<Field> items = sequence_items(r, f);
  if (items.empty()) r.fail(f, "empty list");
  std::vector<ReadParameter> out;
  std::set<std::string> seen;
  for (const auto& item : items) {
    Mapping m(r, item, {"code", "scale", "split", "format"});
    rm::scales::Parameter p;
    Field code_field = m.require("code");
    p.code = read_identifier(r, code_field);
    if (!seen.insert(p.code).second) r.fail(code_field, "duplicate parameter code: " + p.code);
    Field split_field = m.require("split");
    p.split = read_positive_int(r, split_field);
    Field scale_field = m.require("scale");
    p.scale = read_scale(r, scale_field);
    double probe = 1.0 / (p.split * 2.0);
    rm::scales::Value sample;
    try {
      sample = p.scale->at(probe);
    } catch (const rm::scales::ScaleError& e) {
      r.fail(scale_field,
             "error from scale (applied to " + rm::scales::python_str(probe) + "): " + e.what());
    }
    if (p.scale->definition().value("type", "") == "EXPRESSION")
      check_distinct_values(r, scale_field, p);
    p.format = rm::scales::default_format(p.code);
    if (auto fmt = m.find("format")) {
      p.format = read_string(r, *fmt);
      try {
        rm::scales::python_format(p.format, sample);
      } catch (const rm::scales::FormatError& e) {
        r.fail(*fmt, "invalid format string (applied to " + rm::scales::python_repr(sample) +
                         "): " + e.what());
      }
    }
    out.push_back(ReadParameter{std::move(p), item});
  }
  return out;
}

}  // namespace rm::control::detail
