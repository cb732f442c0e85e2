// Every relative link in README.md and docs/ leads somewhere: the file exists, and a #fragment
// names a heading of that file (by GitHub's rule for heading anchors) or an explicit
// <a id="...">. Why: the docs cross-reference each other by section, and a section renamed or
// moved to another file (as the model_tuner's measurements were) silently breaks the links.
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text outside fenced code blocks (links in examples are not links).
std::string prose(const std::string& markdown) {
  std::string out;
  bool fenced = false;
  std::istringstream lines(markdown);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("```", 0) == 0) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) out += line + '\n';
  }
  return out;
}

// GitHub's anchor for a heading: lower case, spaces to hyphens, everything else but letters,
// digits, hyphens and underscores dropped (non-ASCII characters are dropped too: right for the
// arrows our headings use, wrong for accented letters, which they do not use).
std::string slug(const std::string& heading) {
  std::string out;
  for (const char ch : heading) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '_')
      out += static_cast<char>(std::tolower(c));
    else if (c == ' ')
      out += '-';
  }
  return out;
}

std::set<std::string> anchors(const fs::path& path) {
  std::set<std::string> out;
  const std::string text = prose(read(path));
  static const std::regex heading(R"(^#+ +(.*?) *$)", std::regex::multiline);
  for (std::sregex_iterator it(text.begin(), text.end(), heading), end; it != end; ++it) {
    std::string base = slug((*it)[1]), name = base;
    for (int n = 1; out.count(name); ++n) name = base + "-" + std::to_string(n);  // duplicates
    out.insert(name);
  }
  static const std::regex explicit_id(R"re(<a id="([^"]+)">)re");
  for (std::sregex_iterator it(text.begin(), text.end(), explicit_id), end; it != end; ++it)
    out.insert((*it)[1]);
  return out;
}

std::vector<fs::path> documents() {
  std::vector<fs::path> out{fs::path(RM_SOURCE_DIR) / "README.md"};
  for (const auto& entry : fs::directory_iterator(fs::path(RM_SOURCE_DIR) / "docs"))
    if (entry.path().extension() == ".md") out.push_back(entry.path());
  return out;
}

}  // namespace

TEST_CASE("links between the docs lead to a file and a section", "[docs]") {
  static const std::regex link(R"(\]\(([^)\s]+)\))");
  int checked = 0;
  for (const fs::path& doc : documents()) {
    const std::string text = prose(read(doc));
    for (std::sregex_iterator it(text.begin(), text.end(), link), end; it != end; ++it) {
      const std::string target = (*it)[1];
      if (target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0) continue;
      const std::size_t hash = target.find('#');
      const std::string file = target.substr(0, hash);
      const fs::path resolved = file.empty() ? doc : doc.parent_path() / file;
      INFO(doc.filename().string() << " links to " << target);
      REQUIRE(fs::exists(resolved));
      if (hash != std::string::npos && resolved.extension() == ".md")
        CHECK(anchors(resolved).count(target.substr(hash + 1)) == 1);
      ++checked;
    }
  }
  CHECK(checked > 100);  // the scan found the links (a broken pattern would check nothing)
}

TEST_CASE("heading anchors follow GitHub's rule", "[docs]") {
  CHECK(slug("Where `power`'s gap comes from") == "where-powers-gap-comes-from");
  CHECK(slug("Step 6: the recommendation") == "step-6-the-recommendation");
  CHECK(slug("Python scale functions → expressions") == "python-scale-functions--expressions");
}
