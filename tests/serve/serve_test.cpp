// `ringmaster serve` over HTTP, as a browser or a script would use it: every URL, the JSON
// against `show --json`, refused requests (other methods, path traversal written or encoded,
// oversized targets and headers), escaping, nothing written, a clean stop on SIGINT and
// SIGTERM (no process left, the port free), the command line's errors.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "ringmaster/serve/competition_finder.hpp"
#include "ringmaster/serve/pages.hpp"
#include "ringmaster/serve/request_check.hpp"
#include "ringmaster/serve/snapshot.hpp"
#include "tests/serve/serve_support.hpp"

namespace fs = std::filesystem;
using namespace rm::test;

namespace {

// Every file of the competitions under `dir` (not the tests' captured output) with its size
// and modification time.
std::map<std::string, std::string> listing(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() || name.rfind("ringmaster-", 0) == 0 || name.rfind("serve.", 0) == 0)
      continue;
    struct stat st {};
    ::lstat(entry.path().c_str(), &st);
    files[entry.path().string()] = std::to_string(st.st_size) + "@" +
                                   std::to_string(st.st_mtim.tv_sec) + "." +
                                   std::to_string(st.st_mtim.tv_nsec);
  }
  return files;
}

// A directory with a finished playoff (4 games) and a stopped tuner (2 of 6 games).
struct TwoCompetitions {
  TempDir dir{"rm-serve"};
  std::string tag = unique_tag("serve");
  std::string playoff = dir.write("duel.yaml", small_playoff_yaml(4));
  std::string tuner;
  TwoCompetitions() {
    fs::create_directory(dir.file("tuning"));
    tuner = dir.write("tuning/tune.yaml", small_tuner_yaml(6));
    REQUIRE(run_ringmaster(dir.path(), {playoff, "run", "-q"}, tag).exit_status == 0);
    REQUIRE(run_ringmaster(dir.path(), {tuner, "run", "-q", "-g", "2"}, tag).exit_status == 0);
  }
};

}  // namespace

TEST_CASE("serve: the request check refuses other methods, traversal and oversize", "[serve]") {
  using rm::serve::check_request;
  CHECK(check_request("GET", "/", 100).status == 0);
  CHECK(check_request("HEAD", "/competition/demo", 100).status == 0);
  CHECK(check_request("GET", "/api/competition/a-b_c.json", 100).status == 0);
  CHECK(check_request("POST", "/", 0).status == 405);
  CHECK(check_request("DELETE", "/", 0).status == 405);
  CHECK(check_request("GET", "/" + std::string(3000, 'a'), 0).status == 414);
  CHECK(check_request("GET", "/", 20000).status == 431);
  for (const std::string target :
       {"/../etc/passwd", "/competition/../../x", "/%2e%2e/etc/passwd", "/%2E%2e/x", "/.%2e/x",
        "/%252e%252e/x", "/competition/a%2fb", "/competition/a%5cb", "/a\\b", "/a%00b", "x", ""})
    CHECK(check_request("GET", target, 0).status == 400);
}

TEST_CASE("serve: competitions are found with a database beside their control file", "[serve]") {
  TempDir dir("rm-serve-find");
  dir.write("a.yaml", "x");
  dir.write("a.db", "");
  dir.write("b.yaml", "x");  // never run: no database
  fs::create_directories(dir.file("sub/a.games"));
  dir.write("sub/a.yaml", "x");
  dir.write("sub/a.db", "");
  dir.write("sub/a.games/c.yaml", "x");  // inside a competition's own directory
  dir.write("sub/a.games/c.db", "");
  dir.write("we ird.v2.yaml", "x");
  dir.write("we ird.v2.db", "");
  const auto found = rm::serve::find_competitions({dir.path()});
  REQUIRE(found.size() == 3);
  CHECK(found[0].id == "a");
  CHECK(found[1].id == "a-2");
  CHECK(found[1].control_file == dir.file("sub/a.yaml"));
  CHECK(found[2].code == "we ird.v2");
  CHECK(found[2].id == "we_ird_v2");
}

TEST_CASE("serve: every URL answers, the JSON is show --json's, nothing is written",
          "[serve][e2e]") {
  TwoCompetitions c;
  const auto before = listing(c.dir.path());
  ServeProcess serve({c.dir.path()}, c.dir.file("serve"), c.tag);
  const int port = serve.port();

  const auto index = http_get(port, "/");
  REQUIRE(index.status == 200);
  CHECK(header(index, "content-type").find("text/html") == 0);
  CHECK(header(index, "content-security-policy").find("script-src 'self'") != std::string::npos);
  CHECK(index.body.find("href=\"/competition/duel\"") != std::string::npos);
  CHECK(index.body.find("href=\"/competition/tune\"") != std::string::npos);
  CHECK(index.body.find("<script src=\"/live.js\"") != std::string::npos);
  CHECK(http_get(port, "/fragment/index.html").body.find("/competition/tune") != std::string::npos);

  const auto list = http_get(port, "/api/competitions");
  REQUIRE(list.status == 200);
  CHECK(header(list, "content-type").find("application/json") == 0);
  const auto competitions = nlohmann::json::parse(list.body).at("competitions");
  REQUIRE(competitions.size() == 2);
  CHECK(competitions[0]["id"] == "duel");
  CHECK(competitions[0]["competition_type"] == "playoff");
  CHECK(competitions[0]["status"] == "finished");
  CHECK(competitions[0]["games_played"] == 4);
  CHECK(competitions[0]["games_total"] == 4);
  CHECK(competitions[0]["headline"].size() >= 1);
  CHECK(competitions[1]["id"] == "tune");
  CHECK(competitions[1]["status"] == "stopped");
  CHECK(competitions[1]["games_played"] == 2);
  CHECK(competitions[1]["games_total"] == 6);
  CHECK(competitions[1]["json"] == "/api/competition/tune.json");

  for (const std::string id : {"duel", "tune"}) {
    const std::string control = id == "duel" ? c.playoff : c.tuner;
    const auto json = http_get(port, "/api/competition/" + id + ".json");
    REQUIRE(json.status == 200);
    const auto show = run_ringmaster(c.dir.path(), {control, "show", "--json"}, c.tag);
    REQUIRE(show.exit_status == 0);
    CHECK(nlohmann::json::parse(json.body) == nlohmann::json::parse(show.out));

    const auto page = http_get(port, "/competition/" + id);
    REQUIRE(page.status == 200);
    CHECK(page.body.find("id=\"live\" data-src=\"/competition/" + id + "/fragment.html\"") !=
          std::string::npos);
    CHECK(page.body.find("<svg") != std::string::npos);
    CHECK(page.body.find("class=\"plot ") != std::string::npos);
    CHECK(page.body.find("<section id=\"games\"") != std::string::npos);
    const auto fragment = http_get(port, "/competition/" + id + "/fragment.html");
    REQUIRE(fragment.status == 200);
    CHECK(fragment.body.find("class=\"games-played\">" + std::string(id == "duel" ? "4" : "2")) !=
          std::string::npos);
    CHECK(fragment.body.find("<html") == std::string::npos);
    // Polled again unchanged: 304, no body.
    const std::string etag = header(fragment, "etag");
    REQUIRE_FALSE(etag.empty());
    const auto again =
        http_raw(port, "GET /competition/" + id +
                           "/fragment.html HTTP/1.1\r\nHost: x\r\nIf-None-Match: " + etag +
                           "\r\nConnection: close\r\n\r\n");
    CHECK(again.status == 304);
    CHECK(again.body.empty());
  }

  const auto script = http_get(port, "/live.js");
  CHECK(script.status == 200);
  CHECK(header(script, "content-type").find("text/javascript") == 0);
  CHECK(script.body.find("setTimeout(poll, 2000)") != std::string::npos);

  const auto head = http_get(port, "/competition/duel", "HEAD");
  CHECK(head.status == 200);
  CHECK(head.body.empty());

  CHECK(http_get(port, "/competition/nosuch").status == 404);
  CHECK(http_get(port, "/api/competition/nosuch.json").status == 404);
  CHECK(http_get(port, "/competition/duel/other").status == 404);
  CHECK(http_get(port, "/nothing").status == 404);
  CHECK(http_get(port, "/duel.db").status == 404);
  CHECK(http_get(port, "/duel.yaml").status == 404);

  serve.child().send(SIGINT);
  REQUIRE(serve.child().wait(std::chrono::seconds(60)));
  CHECK(listing(c.dir.path()) == before);
}

TEST_CASE("serve: bad requests are refused and the server goes on", "[serve][e2e]") {
  TwoCompetitions c;
  ServeProcess serve({c.dir.path()}, c.dir.file("serve"), c.tag);
  const int port = serve.port();
  for (const std::string target :
       {"/../duel.yaml", "/competition/../duel.yaml", "/competition/..%2fduel.yaml",
        "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/duel.db", "/competition/%2e%2e",
        "/%252e%252e/etc/passwd", "/api/competition/..%2f..%2fetc%2fpasswd.json",
        "/competition/duel%2ffragment.html", "/..\\duel.yaml"}) {
    const auto reply = http_get(port, target);
    INFO(target);
    CHECK((reply.status == 400 || reply.status == 404));
    CHECK(reply.body.find("competition_type") == std::string::npos);
    CHECK(reply.body.find("root:") == std::string::npos);
  }
  for (const std::string method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
    const auto reply = http_raw(port, method +
                                          " / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                                          "Connection: close\r\n\r\nhello");
    INFO(method);
    CHECK(reply.status == 405);
  }
  // A target too long, one huge header, many headers: refused (or the connection dropped).
  const auto long_target = http_get(port, "/competition/" + std::string(20000, 'a'));
  CHECK(long_target.status == 414);
  const auto huge_header =
      http_raw(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(100000, 'b') +
                         "\r\nConnection: close\r\n\r\n");
  CHECK((huge_header.status == 431 || huge_header.status == 400));  // httplib: a line > 8 KB
  std::string many = "GET / HTTP/1.1\r\nHost: x\r\n";
  for (int i = 0; i < 400; ++i)
    many += "X-H" + std::to_string(i) + ": " + std::string(100, 'c') + "\r\n";
  const auto many_headers = http_raw(port, many + "Connection: close\r\n\r\n");
  CHECK(many_headers.status == 431);
  const auto garbage = http_raw(port, "\x01\x02 nonsense\r\n\r\n");
  CHECK(garbage.status != 200);
  // Still serving.
  CHECK(http_get(port, "/").status == 200);
  CHECK(http_get(port, "/api/competitions").status == 200);
  serve.child().send(SIGTERM);
  REQUIRE(serve.child().wait(std::chrono::seconds(60)));
}

TEST_CASE("serve: every value is escaped", "[serve][e2e]") {
  TempDir dir("rm-serve-escape");
  const std::string tag = unique_tag("serve-escape");
  const std::string control =
      dir.write("odd.yaml", small_playoff_yaml(2, "<script>alert(1)</script> & \"quoted\""));
  REQUIRE(run_ringmaster(dir.path(), {control, "run", "-q"}, tag).exit_status == 0);
  ServeProcess serve({dir.path()}, dir.file("serve"), tag);
  for (const std::string target : {"/", "/competition/odd", "/competition/odd/fragment.html"}) {
    const auto reply = http_get(serve.port(), target);
    INFO(target);
    REQUIRE(reply.status == 200);
    CHECK(reply.body.find("<script>alert") == std::string::npos);
  }
  CHECK(http_get(serve.port(), "/competition/odd").body.find("&lt;script&gt;alert(1)") !=
        std::string::npos);
  const auto json = http_get(serve.port(), "/api/competitions");
  CHECK(nlohmann::json::parse(json.body)["competitions"][0]["description"] ==
        "<script>alert(1)</script> & \"quoted\"");
  serve.child().send(SIGINT);
  REQUIRE(serve.child().wait(std::chrono::seconds(60)));
}

TEST_CASE("serve: SIGINT and SIGTERM stop it, leaving no process and the port free",
          "[serve][e2e]") {
  TempDir dir("rm-serve-stop");
  for (const int sig : {SIGINT, SIGTERM}) {
    const std::string tag = unique_tag("serve-stop");
    int port = 0;
    {
      ServeProcess serve({dir.path()}, dir.file("serve" + std::to_string(sig)), tag);
      port = serve.port();
      CHECK(http_get(port, "/").status == 200);
      CHECK(http_get(port, "/").body.find("No competition under") != std::string::npos);
      // A connection kept open (a browser's keep-alive) must not hold the stop up.
      const int idle = ::socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in addr{};
      addr.sin_family = AF_INET;
      addr.sin_port = htons(static_cast<uint16_t>(port));
      addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      CHECK(::connect(idle, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
      serve.child().send(sig);
      const auto finished = serve.child().wait(std::chrono::seconds(60));
      ::close(idle);
      REQUIRE(finished);
      CHECK(finished->exit_status == 0);
      CHECK(finished->out.find("ringmaster serve: stopped") != std::string::npos);
      CHECK(finished->err.empty());
    }
    CHECK(tagged_processes_after(tag, std::chrono::seconds(10)).empty());
    CHECK(port_free(port));
    CHECK(http_get(port, "/").status == 0);
  }
}

TEST_CASE("serve: command line errors, --bind warning, a taken port", "[serve][e2e]") {
  TempDir dir("rm-serve-cli");
  const std::string tag = unique_tag("serve-cli");
  auto bad_port = run_ringmaster(dir.path(), {"serve", "--port", "abc"}, tag);
  CHECK(bad_port.exit_status == 2);
  CHECK(bad_port.err.find("usage: ringmaster serve") != std::string::npos);
  CHECK(bad_port.err.find("--port: must be a whole number from 0 to 65535 (got 'abc')") !=
        std::string::npos);
  CHECK(run_ringmaster(dir.path(), {"serve", "--port", "70000"}, tag).exit_status == 2);
  CHECK(run_ringmaster(dir.path(), {"serve", "--frobnicate"}, tag).exit_status == 2);
  auto missing = run_ringmaster(dir.path(), {"serve", dir.file("nope")}, tag);
  CHECK(missing.exit_status == 1);
  CHECK(missing.err.find("is not a directory") != std::string::npos);
  auto help = run_ringmaster(dir.path(), {"serve", "--help"}, tag);
  CHECK(help.exit_status == 0);
  CHECK(help.out.find("ssh -L 8080:localhost:8080") != std::string::npos);

  {
    ServeProcess local({dir.path()}, dir.file("local"), tag);
    const std::string out = local.child().stdout_so_far();
    CHECK(out.find("open http://localhost:" + std::to_string(local.port()) + "/") !=
          std::string::npos);
    CHECK(out.find("ssh -L " + std::to_string(local.port()) + ":localhost:") != std::string::npos);
    // The same port again: cannot listen, exit 1.
    auto taken = run_ringmaster(dir.path(),
                                {"serve", dir.path(), "--port", std::to_string(local.port())}, tag);
    CHECK(taken.exit_status == 1);
    CHECK(taken.err.find("cannot listen on 127.0.0.1:" + std::to_string(local.port())) !=
          std::string::npos);
    local.child().send(SIGINT);
    REQUIRE(local.child().wait(std::chrono::seconds(60)));
  }
  {
    ServeProcess any({dir.path()}, dir.file("any"), tag, {"--bind", "0.0.0.0"});
    const auto deadline = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(30));
    while (any.child().stderr_so_far().find("warning") == std::string::npos &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(any.child().stderr_so_far().find("warning: listening on 0.0.0.0") != std::string::npos);
    any.child().send(SIGINT);
    REQUIRE(any.child().wait(std::chrono::seconds(60)));
  }
}

TEST_CASE("serve: a running event is seen running, its games growing, then stopped",
          "[serve][e2e]") {
  TempDir dir("rm-serve-running");
  const std::string tag = unique_tag("serve-running");
  const std::string control = dir.write("long.yaml", small_tuner_yaml(100000));
  ChildProcess run({kRingmasterBin, control, "run", "-q"}, dir.file("run"), tag);
  // Wait for its database and a first game, then serve.
  const auto deadline = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(120));
  ServeProcess serve({dir.path()}, dir.file("serve"), tag);
  auto games_now = [&]() -> std::pair<std::string, int> {
    const auto reply = http_get(serve.port(), "/api/competitions");
    if (reply.status != 200) return {"", -1};
    const auto list = nlohmann::json::parse(reply.body)["competitions"];
    if (list.empty()) return {"", -1};
    return {list[0]["status"].get<std::string>(), list[0]["games_played"].get<int>()};
  };
  std::pair<std::string, int> first{"", -1};
  while (std::chrono::steady_clock::now() < deadline) {
    first = games_now();
    if (first.first == "running" && first.second >= 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  REQUIRE(first.first == "running");
  std::pair<std::string, int> later = first;
  while (std::chrono::steady_clock::now() < deadline && later.second <= first.second) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    later = games_now();
  }
  CHECK(later.second > first.second);
  REQUIRE(run_ringmaster(dir.path(), {control, "stop"}, tag).exit_status == 0);
  REQUIRE(run.wait(std::chrono::seconds(120)));
  std::pair<std::string, int> stopped = later;
  while (std::chrono::steady_clock::now() < deadline + scaled(std::chrono::seconds(60)) &&
         stopped.first != "stopped") {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stopped = games_now();
  }
  CHECK(stopped.first == "stopped");
  serve.child().send(SIGINT);
  REQUIRE(serve.child().wait(std::chrono::seconds(60)));
}

TEST_CASE("serve: a competition it cannot read is listed with the reason, the rest served",
          "[serve][e2e]") {
  TempDir dir("rm-serve-error");
  const std::string tag = unique_tag("serve-error");
  const std::string control = dir.write("good.yaml", small_playoff_yaml(2));
  REQUIRE(run_ringmaster(dir.path(), {control, "run", "-q"}, tag).exit_status == 0);
  dir.write("bad.yaml", "competition_type: playoff\nplayers: [<b>unclosed\n");
  dir.write("bad.db", "");
  dir.write("damaged.yaml", small_playoff_yaml(2));
  dir.write("damaged.db", "this is not an SQLite database, <i>nor</i> a competition");
  ServeProcess serve({dir.path()}, dir.file("serve"), tag);
  const auto list = nlohmann::json::parse(http_get(serve.port(), "/api/competitions").body);
  REQUIRE(list["competitions"].size() == 3);
  for (const auto& c : list["competitions"]) {
    INFO(c.dump());
    if (c["id"] == "good") {
      CHECK(c["status"] == "finished");
    } else {
      CHECK(c["status"] == "error");
      CHECK(c["error"].is_string());
      const auto page = http_get(serve.port(), "/competition/" + c["id"].get<std::string>());
      CHECK(page.status == 200);
      CHECK(page.body.find("class=\"status-error\"") != std::string::npos);
      CHECK(page.body.find("<b>") == std::string::npos);
      CHECK(page.body.find("<i>") == std::string::npos);
      CHECK(http_get(serve.port(), "/api/competition/" + c["id"].get<std::string>() + ".json")
                .status == 500);
    }
  }
  CHECK(http_get(serve.port(), "/").body.find("status-error") != std::string::npos);
  CHECK(http_get(serve.port(), "/competition/good").status == 200);
  serve.child().send(SIGINT);
  const auto finished = serve.child().wait(std::chrono::seconds(60));
  REQUIRE(finished);
  CHECK(finished->exit_status == 0);
}

TEST_CASE("serve: many browsers polling at once are each answered, none holds a thread",
          "[serve][e2e]") {
  TwoCompetitions c;
  ServeProcess serve({c.dir.path()}, c.dir.file("serve"), c.tag);
  // More clients than the server's threads, each asking to keep its connection alive as a
  // browser does: every one is answered, and told the connection closes (a kept connection
  // would hold a thread between polls and the others would wait).
  constexpr int kClients = 20;
  std::vector<HttpReply> replies(kClients);
  std::vector<std::thread> clients;
  for (int i = 0; i < kClients; ++i)
    clients.emplace_back([&, i] {
      replies[static_cast<std::size_t>(i)] =
          http_raw(serve.port(), std::string(i % 2 == 0 ? "GET /fragment/index.html"
                                                        : "GET /competition/duel/fragment.html") +
                                     " HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
    });
  for (auto& t : clients) t.join();
  for (const auto& reply : replies) {
    INFO("reply: " << reply.raw.substr(0, 200)
                   << "\nserve's stderr: " << serve.child().stderr_so_far());
    CHECK(reply.status == 200);
    CHECK(header(reply, "connection") == "close");
  }
  serve.child().send(SIGINT);
  REQUIRE(serve.child().wait(std::chrono::seconds(60)));
}

TEST_CASE("serve: a tuner's games are counted of its number_of_games, validation games apart",
          "[serve][e2e]") {
  TempDir dir("rm-serve-validation");
  const std::string tag = unique_tag("serve-validation");
  // 12 tuning games; validation rounds of 2 after 4 and 8 and 2 at the end: 6 games.
  const std::string control = dir.write(
      "tune.yaml", small_tuner_yaml(12) + "validation: {every: 4, games: 2, at_end: 2}\n");
  // 4 tuning games, then the first round's 2.
  REQUIRE(
      run_ringmaster(dir.path(), {control, "run", "-q", "-j", "1", "-g", "6"}, tag).exit_status ==
      0);
  const auto snapshot = std::make_shared<const rm::serve::Snapshot>(
      rm::serve::take_snapshot({"tune", "tune", control}));
  REQUIRE(snapshot->status == "stopped");
  // The report's header and the live status line say the same.
  CHECK(snapshot->report_html.find("<p>4 games played of 12,") != std::string::npos);
  const std::string fragment = rm::serve::competition_fragment(*snapshot);
  CHECK(fragment.find("<span class=\"games-played\">4</span> games played of 12, validation 2 of "
                      "6 (read at ") != std::string::npos);
  const std::string index = rm::serve::index_fragment({snapshot}, {dir.path()});
  CHECK(index.find("<td class=\"games\">4 of 12, validation 2 of 6</td>") != std::string::npos);
  const auto listed = rm::serve::competitions_json({snapshot}).at("competitions").at(0);
  CHECK(listed["games_played"] == 4);
  CHECK(listed["games_total"] == 12);
  CHECK(listed["validation_games_played"] == 2);
  CHECK(listed["validation_games_total"] == 6);
}
