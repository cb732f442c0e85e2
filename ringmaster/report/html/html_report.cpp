#include "ringmaster/report/html/html_report.hpp"

#include <fmt/format.h>

#include "ringmaster/report/html/common_sections.hpp"
#include "ringmaster/report/html/html_text.hpp"
#include "ringmaster/report/html/result_sections.hpp"
#include "ringmaster/report/html/type_sections.hpp"

namespace rm::report {
namespace {

constexpr const char* kStyle = R"(
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 0; color: #222; background: #f4f4f2; }
header { background: #263238; color: #fff; padding: 14px 24px; }
header h1 { margin: 0 0 4px 0; font-size: 22px; }
header p { margin: 2px 0; }
nav { background: #37474f; padding: 6px 24px; }
nav a { color: #cfd8dc; margin-right: 14px; text-decoration: none; font-size: 14px; }
main { padding: 8px 24px 40px 24px; max-width: 1400px; }
section { background: #fff; border: 1px solid #ddd; border-radius: 4px; margin: 16px 0; padding: 8px 16px 16px 16px; }
h2 { font-size: 18px; border-bottom: 1px solid #eee; padding-bottom: 4px; }
h3 { font-size: 15px; }
figure { display: inline-block; margin: 8px 16px 8px 0; vertical-align: top; max-width: 100%; }
figure svg { max-width: 100%; height: auto; border: 1px solid #e4e4e4; }
figcaption { font-size: 12px; color: #555; max-width: 640px; margin-top: 4px; }
table { border-collapse: collapse; font-size: 13px; margin: 6px 0 12px 0; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #eceff1; }
tbody tr:nth-child(even) { background: #fafafa; }
pre { background: #f7f7f7; border: 1px solid #e4e4e4; padding: 8px; overflow-x: auto; font-size: 12px; }
.headline { font-size: 16px; }
.note { color: #666; font-style: italic; }
.halt-error { color: #b71c1c; font-weight: bold; }
)";

std::string header(const ReportInputs& in) {
  const auto& r = in.report;
  std::string out = "<header>\n<h1>" + html::escape(r.value("code", std::string())) + " &mdash; " +
                    html::escape(r.value("competition_type", std::string())) + "</h1>\n";
  const std::string description = r.value("description", std::string());
  if (!description.empty()) out += "<p>" + html::escape(description) + "</p>\n";
  out +=
      fmt::format("<p>{} games played", html::json_text(r.value("games_played", nlohmann::json())));
  if (r.contains("number_of_games") && r["number_of_games"].is_number())
    out += " of " + html::json_text(r["number_of_games"]);
  out += fmt::format(", {} void.</p>\n", in.void_games.size());
  if (in.games_total > static_cast<int>(in.games.size()))
    out += fmt::format("<p>The plots over games show the last {} of the {} games.</p>\n",
                       in.games.size(), in.games_total);
  const auto& halt = r.value("last_run_halt", nlohmann::json());
  if (halt.is_object())
    out += fmt::format("<p{}>The last run stopped: {}</p>\n",
                       halt.value("error", false) ? " class=\"halt-error\"" : "",
                       html::escape(halt.value("reason", std::string())));
  return out + "</header>\n";
}

std::string navigation(const std::string& body) {
  // Links to every section, in page order, from the sections' ids and titles.
  std::string out = "<nav>";
  std::size_t pos = 0;
  while ((pos = body.find("<section id=\"", pos)) != std::string::npos) {
    pos += 13;
    const std::size_t id_end = body.find('"', pos);
    const std::size_t h2 = body.find("<h2>", id_end);
    const std::size_t h2_end = body.find("</h2>", h2);
    if (id_end == std::string::npos || h2 == std::string::npos || h2_end == std::string::npos)
      break;
    out += "<a href=\"#" + body.substr(pos, id_end - pos) + "\">" +
           body.substr(h2 + 4, h2_end - h2 - 4) + "</a>";
    pos = h2_end;
  }
  return out + "</nav>\n";
}

}  // namespace

std::string html_report(const ReportInputs& in) {
  const std::string type = in.report.value("competition_type", std::string());
  std::string body;
  if (const auto sections = html::type_sections(type)) body += sections(in);
  body += html::validation_section(in);
  body += html::rating_list_section(in);
  body += html::openings_section(in);
  body += html::players_section(in);
  body += html::causes_section(in);
  body += html::decisions_section(in);
  body += html::cpu_section(in);
  body += html::settings_section(in);
  body += html::games_section(in);
  body += html::text_report_section(in);

  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"ringmaster\">\n<title>" +
      html::escape(in.report.value("code", std::string())) +
      " \u2014 ringmaster report</title>\n<style>" + kStyle +
      "</style>\n</head>\n<body class=\"report " + html::escape(type) + "\">\n";
  out += header(in);
  out += navigation(body);
  out += "<main>\n" + body + "</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace rm::report
