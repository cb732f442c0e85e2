// Small HTML building helpers for the report: escaping, sections, tables and figures.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rm::report::html {

std::string escape(const std::string& text);

// <section id="ID" class="CLASS"><h2>TITLE</h2>BODY</section>
std::string section(const std::string& id, const std::string& title, const std::string& body,
                    const std::string& css_class = "");

// A table with a header row; cells are escaped unless `raw_html` (then the caller escaped).
std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows, const std::string& css_class,
                  bool raw_html = false);

// An SVG plot in a <figure> with an optional caption saying how to read it.
std::string figure(const std::string& svg, const std::string& caption = "");

// <p class="note">TEXT</p>
std::string note(const std::string& text);

// A JSON number or string as text: numbers with up to `decimals` decimals (no trailing
// zeros), strings as they are, null as "–".
std::string json_text(const nlohmann::json& value, int decimals = 3);

// A rate in [0, 1] as "55.0%"; null or NaN as "–".
std::string percent(const nlohmann::json& rate);
std::string percent(double rate);

// The value of `key` in `object` as a double; `fallback` if missing, null or not a number
// ("inf"/"-inf" strings are infinities).
double number_at(const nlohmann::json& object, const char* key, double fallback = 0.0);

// "+35" ("+inf", "-inf").
std::string signed_elo(double elo);
// An Elo estimate's label (JSON as elo_json writes it): "+35 ± 60" ("+191 ± inf" for an
// unbounded interval); with every game won or lost the bound the games support ("all 10 won,
// ≥ +120"), never "+inf ± inf".
std::string elo_note(const nlohmann::json& estimate);

}  // namespace rm::report::html
