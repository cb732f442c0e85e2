// Parameter formatting and definition.
#include "scales/parameter.hpp"

#include "scales/python_format.hpp"

namespace rm::scales {

std::string Parameter::format_value(const Value& v) const {
  return python_format(format, v);
}

nlohmann::json Parameter::definition() const {
  return {
      {"code", code}, {"split", split}, {"scale", scale ? scale->definition() : nlohmann::json()}};
}

std::string default_format(const std::string& code) {
  return code + ": %s";
}

std::string format_engine_parameters(const std::vector<Parameter>& params,
                                     const std::vector<Value>& values) {
  std::string out;
  for (std::size_t i = 0; i < params.size() && i < values.size(); ++i) {
    if (i > 0) out += "; ";
    try {
      out += params[i].format_value(values[i]);
    } catch (const FormatError&) {
      out += "[" + params[i].code + "?" + python_str(values[i]) + "]";
    }
  }
  return out;
}

}  // namespace rm::scales
