// `ringmaster serve`'s SGF records (/competition/<id>/games/<file>.sgf): the competition
// page's links lead to the records as written; anything but a competition's own record file
// (a bad name, traversal, a symlink, a FIFO, an oversized file, a missing game) is refused.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "ringmaster/serve/game_record_file.hpp"
#include "tests/serve/serve_support.hpp"
#include "tests/support/scratch_files.hpp"

namespace fs = std::filesystem;
using namespace rm::test;

namespace {

// Every href of the page's SGF links, in page order.
std::vector<std::string> sgf_links(const std::string& page) {
  std::vector<std::string> links;
  const std::string mark = "class=\"sgf-link\" href=\"";
  for (auto at = page.find(mark); at != std::string::npos; at = page.find(mark, at + 1)) {
    const auto start = at + mark.size();
    links.push_back(page.substr(start, page.find('"', start) - start));
  }
  return links;
}

}  // namespace

TEST_CASE("serve: game record names are Ringmaster's own", "[serve]") {
  using rm::serve::is_game_record_name;
  for (const std::string name :
       {"0_1.sgf", "m_0003.sgf", "12a.sgf", "g4#0r1.sgf", "v1#3.sgf", "a.b-c+d_7.sgf", "17.sgf"})
    CHECK(is_game_record_name(name));
  for (const std::string& name :
       std::vector<std::string>{"", ".sgf", ".hidden.sgf", "a..b.sgf", "../x.sgf", "a/b.sgf",
                                "a\\b.sgf", "x.yaml", "x.sgf.db", "x.SGF", "sp ace.sgf",
                                std::string("nul\0x.sgf", 9), std::string(252, 'a') + ".sgf"})
    CHECK_FALSE(is_game_record_name(name));
  CHECK(is_game_record_name(std::string(251, 'a') + ".sgf"));
}

TEST_CASE("serve: the page's SGF links fetch the records, nothing else is served", "[serve][e2e]") {
  TempDir dir("rm-serve-sgf");
  const std::string tag = unique_tag("serve-sgf");
  const std::string control = dir.write("duel.yaml", small_playoff_yaml(3));
  REQUIRE(run_ringmaster(dir.path(), {control, "run", "-q"}, tag).exit_status == 0);
  ServeProcess serve({dir.path()}, dir.file("serve"), tag);
  const int port = serve.port();

  const auto page = http_get(port, "/competition/duel");
  REQUIRE(page.status == 200);
  const auto links = sgf_links(page.body);
  REQUIRE(links.size() >= 3);
  for (const auto& link : links) {
    INFO(link);
    REQUIRE(link.rfind("/competition/duel/games/", 0) == 0);
    const auto record = http_get(port, link);
    CHECK(record.status == 200);
    CHECK(header(record, "content-type") == "application/x-go-sgf");
    const std::string name = link.substr(link.rfind('/') + 1);
    CHECK(record.body == read_whole_file(dir.file("duel.games/" + name)));
    CHECK(record.body.rfind("(;", 0) == 0);
  }
  // The page holds the HTML report as `report` writes it, the SGF links but leading here.
  REQUIRE(run_ringmaster(dir.path(), {control, "report"}, tag).exit_status == 0);
  const std::string report = read_whole_file(dir.file("duel.report.html"));
  const auto body_at = report.find('>', report.find("<body")) + 1;
  std::string expected = report.substr(body_at, report.rfind("</body>") - body_at);
  for (auto at = expected.find("href=\"duel.games/"); at != std::string::npos;
       at = expected.find("href=\"duel.games/", at))
    expected.replace(at, 17, "href=\"/competition/duel/games/");
  const auto served_at = page.body.find("</p>\n", page.body.find("class=\"live-status\"")) + 5;
  CHECK(page.body.substr(served_at, page.body.rfind("</div>\n</body>") - served_at) == expected);

  // Read-only: no other method.
  CHECK(http_raw(port, "PUT " + links[0] +
                           " HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: "
                           "close\r\n\r\n()")
            .status == 405);

  // What is not a record of this competition.
  fs::create_symlink("../duel.yaml", dir.file("duel.games/link.sgf"));
  REQUIRE(::mkfifo(dir.file("duel.games/fifo.sgf").c_str(), 0600) == 0);
  fs::resize_file(dir.write("duel.games/huge.sgf", "(;)"), rm::serve::kMaxGameRecordBytes + 1);
  fs::create_directory_symlink("duel.games", dir.file("duel.void"));
  const std::string first = links[0].substr(links[0].rfind('/') + 1);
  const std::map<std::string, int> refused{
      {"/competition/duel/games/..%2fduel.yaml", 400},
      {"/competition/duel/games/%2e%2e%2fduel.db", 400},
      {"/competition/duel/games/../../duel.yaml", 400},
      {"/competition/duel/games/%252e%252e%252fduel.yaml", 400},
      {"/competition/duel/games/..%5cduel.yaml", 400},
      {"/competition/duel/games/duel.yaml", 400},
      {"/competition/duel/games/.hidden.sgf", 400},
      {"/competition/duel/games/x.sgf%00.yaml", 400},
      {"/competition/duel/games/link.sgf", 403},
      {"/competition/duel/games/fifo.sgf", 403},
      {"/competition/duel/games/huge.sgf", 403},
      {"/competition/duel/void/" + first, 403},  // the directory is a symlink
      {"/competition/duel/games/duel_99.sgf", 404},
      {"/competition/nosuch/games/" + first, 404},
      {"/competition/duel/other/" + first, 404},
      {"/competition/duel/games/", 404}};
  for (const auto& [target, status] : refused) {
    INFO(target);
    const auto reply = http_get(port, target);
    CHECK(reply.status == status);
    CHECK(reply.body.find("competition_type") == std::string::npos);
    CHECK(reply.body.find("(;") == std::string::npos);
  }
  CHECK(http_get(port, links[0]).status == 200);  // still serving
  serve.child().send(SIGINT);
  REQUIRE(serve.child().wait(std::chrono::seconds(60)));
}
