// Headless Chromium for the report tests: renders a local HTML file to a PNG or dumps its
// DOM, in a fresh profile, with everything that could reach the network turned off. Each run
// is its own process group (a new session), killed as a whole when it ends.
#pragma once

#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace rm::test {

inline const std::string kChromium = "/usr/bin/chromium";

struct ChromiumRun {
  Finished finished;
  bool timed_out = false;
  std::vector<int> left_behind;  // tagged processes still alive after the group was killed
};

// `mode_args`: e.g. {"--dump-dom"} or {"--screenshot=/tmp/x.png", "--window-size=1280,1600"}.
inline ChromiumRun run_chromium(const std::string& html_file,
                                const std::vector<std::string>& mode_args,
                                const std::string& work_dir, const std::string& tag) {
  TempDir profile("rm-chromium-profile");
  std::vector<std::string> argv{kChromium,
                                "--headless",
                                "--no-sandbox",  // the tests may run as root
                                "--disable-gpu",
                                "--disable-quic",
                                "--no-first-run",
                                "--disable-background-networking",
                                "--disable-component-update",
                                "--disable-sync",
                                "--disable-extensions",
                                "--enable-logging=stderr",
                                "--v=0",
                                "--user-data-dir=" + profile.path()};
  argv.insert(argv.end(), mode_args.begin(), mode_args.end());
  argv.push_back("file://" + html_file);
  static int runs = 0;
  ChromiumRun run;
  ChildProcess chromium(argv, work_dir + "/chromium" + std::to_string(runs++), tag);
  auto finished = chromium.wait(std::chrono::seconds(150));
  // Chromium leaves helper processes (zygote, GPU, utility) in its group: kill the group.
  ::kill(-chromium.pid(), SIGKILL);
  if (!finished) {
    run.timed_out = true;
    finished = chromium.wait(std::chrono::seconds(10));
  }
  if (finished) run.finished = *finished;
  run.left_behind = tagged_processes_after(tag, std::chrono::seconds(10));
  for (int pid : run.left_behind) ::kill(pid, SIGKILL);
  return run;
}

// Lines of Chromium's log that report a problem with the page itself: console messages
// (a script error would show there) and failed loads (the report must fetch nothing).
inline std::vector<std::string> page_errors(const std::string& log) {
  std::vector<std::string> errors;
  std::size_t start = 0;
  while (start < log.size()) {
    std::size_t end = log.find('\n', start);
    if (end == std::string::npos) end = log.size();
    const std::string line = log.substr(start, end - start);
    if (line.find("CONSOLE") != std::string::npos || line.find("net::ERR_") != std::string::npos ||
        line.find("Failed to load") != std::string::npos)
      errors.push_back(line);
    start = end + 1;
  }
  return errors;
}

}  // namespace rm::test
