// `ringmaster serve` in a real browser: headless Chromium (driven over the DevTools pipe)
// opens a running event's page and, without a reload, sees its game count grow as the games
// are played, with the report's plots and no console message, no exception, no failed load.
// Chromium is required: without it this test fails.
#include <catch2/catch.hpp>
#include <filesystem>
#include <thread>

#include "tests/serve/browser/devtools_pipe.hpp"
#include "tests/serve/serve_support.hpp"

using namespace rm::test;

namespace {

// The value of a JavaScript expression in the page.
nlohmann::json evaluate(DevToolsChromium& chromium, const std::string& session,
                        const std::string& expression) {
  const auto result = chromium.call("Runtime.evaluate",
                                    {{"expression", expression}, {"returnByValue", true}}, session);
  return result.value("result", nlohmann::json::object()).value("value", nlohmann::json());
}

// Console messages, exceptions and network failures, as text.
std::vector<std::string> page_problems(const std::vector<nlohmann::json>& events) {
  std::vector<std::string> problems;
  for (const auto& e : events) {
    const std::string method = e.value("method", "");
    if (method == "Runtime.consoleAPICalled" || method == "Runtime.exceptionThrown")
      problems.push_back(e.dump());
    if (method == "Log.entryAdded") {
      const std::string level = e["params"]["entry"].value("level", "");
      if (level == "error" || level == "warning") problems.push_back(e.dump());
    }
  }
  return problems;
}

int games_shown(DevToolsChromium& chromium, const std::string& session) {
  const auto text = evaluate(chromium, session,
                             "(function(){var e=document.querySelector('#live .games-played');"
                             "return e ? e.textContent : '';})()");
  return text.is_string() && !text.get<std::string>().empty() ? std::stoi(text.get<std::string>())
                                                              : -1;
}

}  // namespace

TEST_CASE("serve in Chromium: a running event's page counts its games without a reload",
          "[serve][browser]") {
  REQUIRE(std::filesystem::exists("/usr/bin/chromium"));
  TempDir dir("rm-serve-browser");
  const std::string tag = unique_tag("serve-browser");
  const std::string control = dir.write("live.yaml", small_tuner_yaml(100000));
  // A first game, so the competition has its database, then the event runs on.
  REQUIRE(run_ringmaster(dir.path(), {control, "run", "-q", "-g", "1"}, tag).exit_status == 0);
  ServeProcess serve({dir.path()}, dir.file("serve"), tag);
  const std::string url = "http://127.0.0.1:" + std::to_string(serve.port()) + "/competition/live";

  {
    DevToolsChromium chromium(dir.file("chromium"), tag);
    const auto target = chromium.call("Target.createTarget", {{"url", "about:blank"}});
    const auto attached = chromium.call("Target.attachToTarget",
                                        {{"targetId", target["targetId"]}, {"flatten", true}});
    const std::string session = attached["sessionId"];
    chromium.call("Runtime.enable", nlohmann::json::object(), session);
    chromium.call("Log.enable", nlohmann::json::object(), session);
    chromium.call("Page.enable", nlohmann::json::object(), session);
    chromium.call("Page.navigate", {{"url", url}}, session);

    const auto deadline = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(120));
    int first = -1;
    while (first < 0 && std::chrono::steady_clock::now() < deadline) {
      chromium.drain(std::chrono::milliseconds(100));
      first = games_shown(chromium, session);
    }
    REQUIRE(first >= 1);
    CHECK(evaluate(chromium, session, "document.querySelectorAll('#live svg').length").get<int>() >
          0);
    // A mark that a reload would wipe out.
    evaluate(chromium, session, "window.rmMark = 'no reload'; 1");

    ChildProcess run({kRingmasterBin, control, "run", "-q"}, dir.file("run"), tag);
    int now = first;
    while (now <= first && std::chrono::steady_clock::now() < deadline) {
      chromium.drain(std::chrono::milliseconds(200));
      now = games_shown(chromium, session);
    }
    CHECK(now > first);
    CHECK(evaluate(chromium, session, "window.rmMark") == "no reload");
    CHECK(
        evaluate(chromium, session, "document.getElementById('live').getAttribute('data-updates')")
            .is_string());
    CHECK(evaluate(chromium, session, "document.getElementById('live-state').textContent")
              .get<std::string>()
              .rfind("live: updated", 0) == 0);
    CHECK(evaluate(chromium, session, "document.querySelectorAll('#live svg').length").get<int>() >
          0);
    CHECK(evaluate(chromium, session, "document.querySelector('#live .status-running') !== null") ==
          true);

    REQUIRE(run_ringmaster(dir.path(), {control, "stop"}, tag).exit_status == 0);
    REQUIRE(run.wait(std::chrono::seconds(120)));
    // The page says so within a few polls.
    bool stopped = false;
    while (!stopped &&
           std::chrono::steady_clock::now() < deadline + scaled(std::chrono::seconds(60))) {
      chromium.drain(std::chrono::milliseconds(200));
      stopped = evaluate(chromium, session,
                         "document.querySelector('#live .status-stopped') !== null") == true;
    }
    CHECK(stopped);
    CHECK(evaluate(chromium, session, "window.rmMark") == "no reload");

    chromium.drain(std::chrono::milliseconds(500));
    const auto problems = page_problems(chromium.events());
    for (const auto& p : problems) UNSCOPED_INFO(p);
    CHECK(problems.empty());
    chromium.kill_all();
  }
  serve.child().send(SIGINT);
  const auto finished = serve.child().wait(std::chrono::seconds(60));
  REQUIRE(finished);
  CHECK(finished->exit_status == 0);
  CHECK(tagged_processes_after(tag, std::chrono::seconds(10)).empty());
}
