#include "ringmaster/serve/pages.hpp"

#include <fmt/format.h>

#include "ringmaster/report/html/html_text.hpp"

namespace rm::serve {
namespace {

using rm::report::html::escape;

constexpr const char* kStyle = R"(
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 0; color: #222; background: #f4f4f2; }
.live-bar { background: #1b5e20; color: #fff; padding: 6px 24px; font-size: 14px; }
.live-bar a { color: #c8e6c9; }
.live-failed { color: #ffcdd2; font-weight: bold; }
.status-running { color: #1b5e20; font-weight: bold; }
.status-finished { color: #0d47a1; }
.status-stopped { color: #555; }
.status-error { color: #b71c1c; font-weight: bold; }
.live-status { padding: 6px 24px; margin: 0; background: #e8f5e9; font-size: 14px; }
.competitions { margin: 16px 24px; }
.competitions table { border-collapse: collapse; font-size: 14px; background: #fff; }
.competitions th, .competitions td { border: 1px solid #ddd; padding: 4px 10px; text-align: left; vertical-align: top; }
.competitions th { background: #eceff1; }
.headline { font-family: "DejaVu Sans Mono", monospace; font-size: 12px; white-space: pre-wrap; }
)";

// ", validation 3 of 8" (a tuner's validation games, apart from games_played), "" without.
std::string validation_text(const Snapshot& s) {
  if (!s.validation_played) return "";
  return ", validation " + std::to_string(*s.validation_played) +
         (s.validation_total ? " of " + std::to_string(*s.validation_total) : std::string());
}

std::string games_text(const Snapshot& s) {
  std::string text = std::to_string(s.games_played);
  if (s.games_total) text += " of " + std::to_string(*s.games_total);
  return text + validation_text(s);
}

std::string page_url(const Snapshot& s) {
  return "/competition/" + s.found.id;
}
std::string json_url(const Snapshot& s) {
  return "/api/competition/" + s.found.id + ".json";
}

// The live bar: which server, and the script's state (filled in by live.js).
std::string live_bar(const std::string& back_link) {
  return "<div class=\"live-bar\">ringmaster serve: live view, refreshed every 2 s " + back_link +
         " <span id=\"live-state\">live: waiting for the first refresh</span></div>\n";
}

std::string head(const std::string& title, const std::string& style) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"generator\" content=\"ringmaster serve\">\n"
         "<link rel=\"icon\" href=\"data:,\">\n<title>" +
         escape(title) + "</title>\n<style>" + style + kStyle +
         "</style>\n<script src=\"/live.js\" defer></script>\n</head>\n";
}

// The HTML report cut in its parts: its <style> text and what its <body> holds.
struct ReportParts {
  std::string style, body_class, body;
};

ReportParts report_parts(const std::string& html) {
  ReportParts parts;
  const auto style = html.find("<style>");
  const auto style_end = html.find("</style>");
  if (style != std::string::npos && style_end != std::string::npos && style_end > style)
    parts.style = html.substr(style + 7, style_end - style - 7);
  const auto body = html.find("<body");
  const auto body_open_end = body == std::string::npos ? body : html.find('>', body);
  const auto body_end = html.rfind("</body>");
  if (body_open_end != std::string::npos && body_end != std::string::npos &&
      body_end > body_open_end) {
    parts.body = html.substr(body_open_end + 1, body_end - body_open_end - 1);
    const auto cls = html.find("class=\"", body);
    if (cls != std::string::npos && cls < body_open_end) {
      const auto cls_end = html.find('"', cls + 7);
      parts.body_class = html.substr(cls + 7, cls_end - cls - 7);  // escaped by the report
    }
  }
  return parts;
}

std::string status_cell(const Snapshot& s) {
  return "<span class=\"status-" + escape(s.status) + "\">" + escape(s.status) + "</span>";
}

}  // namespace

nlohmann::json competitions_json(const Snapshots& snapshots) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& s : snapshots) {
    list.push_back(
        {{"id", s->found.id},
         {"code", s->found.code},
         {"control_file", s->found.control_file},
         {"competition_type", s->type},
         {"description", s->description},
         {"status", s->status},
         {"error", s->error.empty() ? nlohmann::json(nullptr) : nlohmann::json(s->error)},
         {"games_played", s->games_played},
         {"games_total",
          s->games_total ? nlohmann::json(*s->games_total) : nlohmann::json(nullptr)},
         {"validation_games_played",
          s->validation_played ? nlohmann::json(*s->validation_played) : nlohmann::json(nullptr)},
         {"validation_games_total",
          s->validation_total ? nlohmann::json(*s->validation_total) : nlohmann::json(nullptr)},
         {"headline", s->headline},
         {"page", page_url(*s)},
         {"json", json_url(*s)},
         {"taken_at", s->taken_at}});
  }
  return {{"competitions", list}};
}

std::string index_fragment(const Snapshots& snapshots, const std::vector<std::string>& dirs) {
  std::string where;
  for (const auto& d : dirs) where += (where.empty() ? "" : ", ") + escape(d);
  std::string out = "<div class=\"competitions\">\n<h1>Competitions</h1>\n";
  if (snapshots.empty()) {
    out += "<p class=\"note\">No competition under " + where +
           " yet: a control file with its <code>&lt;code&gt;.db</code> beside it (one that "
           "has been run) appears here within a few seconds.</p>\n</div>\n";
    return out;
  }
  out += fmt::format("<p>{} competition{} under {}.</p>\n", snapshots.size(),
                     snapshots.size() == 1 ? "" : "s", where);
  out +=
      "<table>\n<thead><tr><th>competition</th><th>type</th><th>status</th><th>games</th>"
      "<th>now</th><th>control file</th><th>JSON</th></tr></thead>\n<tbody>\n";
  for (const auto& s : snapshots) {
    std::string now;
    for (const auto& line : s->headline) now += escape(line) + "\n";
    if (!s->error.empty()) now += escape(s->error);
    out += "<tr data-id=\"" + escape(s->found.id) + "\"><td><a href=\"" + escape(page_url(*s)) +
           "\">" + escape(s->found.code) + "</a></td><td>" + escape(s->type) + "</td><td>" +
           status_cell(*s) + "</td><td class=\"games\">" + escape(games_text(*s)) +
           "</td><td class=\"headline\">" + now + "</td><td>" + escape(s->found.control_file) +
           "</td><td><a href=\"" + escape(json_url(*s)) + "\">json</a></td></tr>\n";
  }
  return out + "</tbody>\n</table>\n</div>\n";
}

std::string index_page(const Snapshots& snapshots, const std::vector<std::string>& dirs) {
  return head("ringmaster serve", "") + "<body class=\"serve-index\">\n" +
         live_bar("(<a href=\"/api/competitions\">JSON</a>)") +
         "<div id=\"live\" data-src=\"/fragment/index.html\">\n" + index_fragment(snapshots, dirs) +
         "</div>\n</body>\n</html>\n";
}

std::string competition_fragment(const Snapshot& s) {
  std::string out = "<p class=\"live-status\">" + status_cell(s) +
                    ": <span class=\"games-played\">" + std::to_string(s.games_played) +
                    "</span> games played" +
                    (s.games_total ? " of " + std::to_string(*s.games_total) : std::string()) +
                    validation_text(s) + " (read at " + escape(s.taken_at) + " UTC)";
  for (const auto& line : s.headline)
    out += "<br><span class=\"headline\">" + escape(line) + "</span>";
  out += "</p>\n";
  if (!s.error.empty())
    return out + "<p class=\"status-error\">cannot read " + escape(s.found.control_file) + ": " +
           escape(s.error) + "</p>\n";
  return out + report_parts(s.report_html).body;
}

std::string competition_page(const Snapshot& s) {
  const auto parts = report_parts(s.report_html);
  return head(s.found.code + " \u2014 ringmaster serve", parts.style) + "<body class=\"" +
         (parts.body_class.empty() ? std::string("report") : parts.body_class) + " live\">\n" +
         live_bar("(<a href=\"/\">all competitions</a>, <a href=\"" + escape(json_url(s)) +
                  "\">JSON</a>)") +
         "<div id=\"live\" data-src=\"" + escape(page_url(s)) + "/fragment.html\">\n" +
         competition_fragment(s) + "</div>\n</body>\n</html>\n";
}

std::string error_page(int status, const std::string& message) {
  return head("ringmaster serve: " + std::to_string(status), "") + "<body>\n<p>" +
         std::to_string(status) + ": " + escape(message) +
         "</p>\n<p><a href=\"/\">all competitions</a></p>\n</body>\n</html>\n";
}

}  // namespace rm::serve
