#include "ringmaster/report/html/html_text.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "ringmaster/report/svg/svg_text.hpp"

namespace rm::report::html {

std::string escape(const std::string& text) {
  return rm::svg::escape_xml(text);
}

std::string section(const std::string& id, const std::string& title, const std::string& body,
                    const std::string& css_class) {
  return fmt::format("<section id=\"{}\"{}>\n<h2>{}</h2>\n{}</section>\n", escape(id),
                     css_class.empty() ? "" : " class=\"" + escape(css_class) + "\"", escape(title),
                     body);
}

std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows, const std::string& css_class,
                  bool raw_html) {
  std::string out = "<table class=\"" + escape(css_class) + "\">\n<thead><tr>";
  for (const auto& h : header) out += "<th>" + escape(h) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const auto& cell : row) out += "<td>" + (raw_html ? cell : escape(cell)) + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

std::string figure(const std::string& svg, const std::string& caption) {
  std::string out = "<figure>\n" + svg;
  if (!caption.empty()) out += "<figcaption>" + escape(caption) + "</figcaption>\n";
  return out + "</figure>\n";
}

std::string note(const std::string& text) {
  return "<p class=\"note\">" + escape(text) + "</p>\n";
}

std::string json_text(const nlohmann::json& value, int decimals) {
  if (value.is_null()) return "\u2013";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "yes" : "no";
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  if (value.is_number()) {
    std::string s = fmt::format("{:.{}f}", value.get<double>(), decimals);
    if (s.find('.') != std::string::npos) {
      while (s.back() == '0') s.pop_back();
      if (s.back() == '.') s.pop_back();
    }
    return s;
  }
  return value.dump();
}

std::string percent(double rate) {
  if (!std::isfinite(rate)) return "\u2013";
  return fmt::format("{:.1f}%", 100.0 * rate);
}

std::string percent(const nlohmann::json& rate) {
  return rate.is_number() ? percent(rate.get<double>()) : "\u2013";
}

double number_at(const nlohmann::json& object, const char* key, double fallback) {
  if (!object.is_object() || !object.contains(key)) return fallback;
  const auto& v = object.at(key);
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) {
    if (v == "inf") return std::numeric_limits<double>::infinity();
    if (v == "-inf") return -std::numeric_limits<double>::infinity();
  }
  return fallback;
}

std::string signed_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.0f}", elo);
}

std::string elo_note(const nlohmann::json& e) {
  const int games = e.value("games", 0);
  if (games == 0) return "no games";
  const double elo = number_at(e, "elo");
  const double margin = number_at(e, "margin", std::numeric_limits<double>::infinity());
  if (std::isfinite(elo))
    return signed_elo(elo) + (std::isfinite(margin) ? fmt::format(" \u00b1 {:.0f}", margin)
                                                    : std::string(" \u00b1 inf"));
  const double lower = number_at(e, "elo_lower", -std::numeric_limits<double>::infinity());
  const double upper = number_at(e, "elo_upper", std::numeric_limits<double>::infinity());
  if (elo > 0 && std::isinf(elo))
    return fmt::format("all {} won{}", games,
                       std::isfinite(lower) ? ", \u2265 " + signed_elo(lower) : std::string());
  if (elo < 0 && std::isinf(elo))
    return fmt::format("all {} lost{}", games,
                       std::isfinite(upper) ? ", \u2264 " + signed_elo(upper) : std::string());
  return "no estimate";
}

}  // namespace rm::report::html
