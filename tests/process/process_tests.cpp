// rm::process against real child processes (the scripted engine and a few system tools).
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "engine/process/process.hpp"
#include "tests/process/process_checks.hpp"

using namespace rm::process;
using namespace std::chrono_literals;

namespace {

std::unique_ptr<Process> spawn_ok(const ProcessSpec& spec) {
  auto r = Process::spawn(spec);
  if (auto* e = std::get_if<SpawnError>(&r)) FAIL("spawn failed: " << e->message);
  return std::move(std::get<std::unique_ptr<Process>>(r));
}

std::unique_ptr<Process> engine(std::vector<std::string> flags, ProcessSpec spec = {}) {
  spec.argv = {rm::test::engine_path()};
  spec.argv.insert(spec.argv.end(), flags.begin(), flags.end());
  return spawn_ok(spec);
}

Process::Clock::time_point in(std::chrono::milliseconds ms) {
  return Process::Clock::now() + ms;
}

void check_nothing_left(int pgid) {
  CHECK(rm::test::group_gone(pgid));
  CHECK(rm::test::zombie_children().empty());
}

std::string read_all(Process& p) {
  std::string out;
  while (true) {
    auto r = p.read_line(in(5000ms), 1 << 20);
    if (r.status != IoStatus::Ok) {
      out += r.line;
      return out;
    }
    out += r.line + "\n";
  }
}

}  // namespace

TEST_CASE("a command/response exchange, then a clean close", "[process]") {
  auto p = engine({"--exit-code", "4"});
  const int pgid = p->pid();
  REQUIRE(p->write_line("name").status == IoStatus::Ok);
  auto r = p->read_line(in(5000ms), 1024);
  REQUIRE(r.status == IoStatus::Ok);
  CHECK(r.line == "= scripted");
  CHECK(p->read_line(in(5000ms), 1024).line.empty());
  REQUIRE(p->write_line("quit").status == IoStatus::Ok);
  auto closed = p->close({5.0, 1.0});
  CHECK(closed.exit.exited_normally);
  CHECK(closed.exit.exit_code == 4);
  CHECK_FALSE(closed.was_terminated);
  CHECK_FALSE(closed.was_killed);
  REQUIRE(closed.rusage_cpu_s.has_value());
  CHECK(*closed.rusage_cpu_s >= 0.0);
  CHECK(p->is_closed());
  CHECK(p->close({}).exit.exit_code == 4);  // idempotent
  check_nothing_left(pgid);
}

TEST_CASE("read_line returns Timeout at the deadline and close terminates the group", "[process]") {
  auto p = engine({"--hang-at-start"});
  const int pgid = p->pid();
  auto r = p->read_line(in(200ms), 1024);
  CHECK(r.status == IoStatus::Timeout);
  auto closed = p->close({0.1, 1.0});
  CHECK(closed.was_terminated);
  CHECK_FALSE(closed.exit.exited_normally);
  CHECK(closed.exit.term_signal == SIGTERM);
  CHECK(closed.exit.describe().find("killed by signal 15") == 0);
  check_nothing_left(pgid);
}

TEST_CASE("a read that spins first still gets late lines, EOF and its deadline", "[process]") {
  SECTION("a quick answer, then one that comes long after the spin") {
    auto p = engine({"--burn-cpu", "0.05"});
    REQUIRE(p->write_line("name").status == IoStatus::Ok);
    CHECK(p->read_line(in(5000ms), 1024, nullptr, 1ms).line == "= scripted");
    CHECK(p->read_line(in(5000ms), 1024, nullptr, 1ms).line.empty());
    REQUIRE(p->write_line("genmove b").status == IoStatus::Ok);
    const auto r = p->read_line(in(5000ms), 1024, nullptr, 1ms);
    REQUIRE(r.status == IoStatus::Ok);
    CHECK(r.line.rfind("= ", 0) == 0);
    p->close({1, 1});
    check_nothing_left(p->pid());
  }
  SECTION("the deadline ends the spin: an hour's spin does not hang") {
    auto p = engine({"--hang-at-start"});
    CHECK(p->read_line(in(100ms), 1024, nullptr, std::chrono::hours(1)).status ==
          IoStatus::Timeout);
    p->close({0, 0});
    check_nothing_left(p->pid());
  }
  SECTION("an engine that exits gives Eof during the spin") {
    auto p = engine({"--crash-at-start"});
    CHECK(p->read_line(in(5000ms), 1024, nullptr, std::chrono::seconds(10)).status ==
          IoStatus::Eof);
    p->close({1, 1});
    check_nothing_left(p->pid());
  }
}

TEST_CASE("the abort flag ends a wait", "[process]") {
  auto p = engine({"--hang-at-start"});
  std::atomic<bool> abort{false};
  std::thread setter([&] {
    std::this_thread::sleep_for(100ms);
    abort = true;
  });
  auto r = p->read_line(in(60000ms), 1024, &abort);
  setter.join();
  CHECK(r.status == IoStatus::Aborted);
  p->close({0, 0});
  check_nothing_left(p->pid());
}

TEST_CASE("an over-long line is TooLong, not unbounded memory", "[process]") {
  auto p = engine({"--flood-stdout"});
  REQUIRE(p->write_line("genmove b").status == IoStatus::Ok);
  CHECK(p->read_line(in(5000ms), 100).line == "= flood");
  CHECK(p->read_line(in(5000ms), 100).status == IoStatus::TooLong);
  p->close({0, 1});
  check_nothing_left(p->pid());
}

TEST_CASE("writing to an exited engine gives Eof (EPIPE), not SIGPIPE", "[process]") {
  auto p = engine({"--crash-at-start", "--exit-code", "7"});
  // Wait for the exit without reaping, then write.
  for (int i = 0; i < 500 && !p->exit_status_if_exited(); ++i) std::this_thread::sleep_for(10ms);
  auto status = p->exit_status_if_exited();
  REQUIRE(status.has_value());
  CHECK(status->exit_code == 7);
  CHECK(p->write_line("name").status == IoStatus::Eof);
  CHECK(p->read_line(in(1000ms), 1024).status == IoStatus::Eof);
  p->settle_stderr(1.0);
  CHECK(p->stderr_tail().find("crashing at start") != std::string::npos);
  auto closed = p->close({1, 1});
  CHECK(closed.exit.exit_code == 7);
  check_nothing_left(p->pid());
}

TEST_CASE("an engine ignoring quit and SIGTERM is SIGKILLed", "[process]") {
  auto p = engine({"--ignore-quit"});
  REQUIRE(p->write_line("quit").status == IoStatus::Ok);
  CHECK(p->read_line(in(5000ms), 1024).line == "=");
  auto closed = p->close({0.2, 0.2});
  CHECK(closed.was_terminated);
  CHECK(closed.was_killed);
  CHECK(closed.exit.term_signal == SIGKILL);
  check_nothing_left(p->pid());
}

TEST_CASE("a child the engine forked is killed with it", "[process]") {
  auto p = engine({"--fork-hanging-child"});
  const int pgid = p->pid();
  // Wait until the forked child exists.
  for (int i = 0; i < 500 && rm::test::live_group_members(pgid).size() < 2; ++i)
    std::this_thread::sleep_for(10ms);
  REQUIRE(rm::test::live_group_members(pgid).size() == 2);
  REQUIRE(p->write_line("quit").status == IoStatus::Ok);
  auto closed = p->close({5, 1});
  CHECK(closed.exit.exited_normally);  // the leader quit by itself
  check_nothing_left(pgid);
}

TEST_CASE("stderr is appended to a file and its tail kept in memory", "[process]") {
  const auto path = std::filesystem::temp_directory_path() /
                    ("rm-process-stderr-" + std::to_string(::getpid()) + ".log");
  std::filesystem::remove(path);
  ProcessSpec spec;
  spec.stderr_mode = StderrMode::AppendToFile;
  spec.stderr_path = path.string();
  for (const char* message : {"first words", "second words"}) {
    auto p = engine({"--stderr-message", message}, spec);
    REQUIRE(p->write_line("quit").status == IoStatus::Ok);
    p->close({5, 1});
    CHECK(p->stderr_tail() == std::string(message) + "\n");
  }
  std::ifstream f(path);
  std::stringstream contents;
  contents << f.rdbuf();
  CHECK(contents.str() == "first words\nsecond words\n");
  std::filesystem::remove(path);
}

TEST_CASE("an engine flooding stderr does not block and its tail is bounded", "[process]") {
  auto p = engine({"--flood-stderr"});
  for (const char* command : {"boardsize 9", "genmove b", "genmove w"}) {
    REQUIRE(p->write_line(command).status == IoStatus::Ok);
    auto r = p->read_line(in(20000ms), 1024);
    REQUIRE(r.status == IoStatus::Ok);
    CHECK(r.line.rfind("=", 0) == 0);
    p->read_line(in(20000ms), 1024);
  }
  CHECK(p->stderr_tail().size() <= 2048);
  CHECK(p->stderr_tail().find("eee") != std::string::npos);
  REQUIRE(p->write_line("quit").status == IoStatus::Ok);
  p->close({5, 1});
  check_nothing_left(p->pid());
}

TEST_CASE("spawn reports missing executables and bad working directories", "[process]") {
  ProcessSpec spec;
  spec.argv = {"no-such-engine-anywhere"};
  auto r = Process::spawn(spec);
  REQUIRE(std::holds_alternative<SpawnError>(r));
  CHECK(std::get<SpawnError>(r).message.find("cannot find executable 'no-such-engine-anywhere'") ==
        0);

  spec.argv = {"/nonexistent/engine"};
  r = Process::spawn(spec);
  REQUIRE(std::holds_alternative<SpawnError>(r));
  CHECK(std::get<SpawnError>(r).message ==
        "cannot execute '/nonexistent/engine': No such file or directory");

  spec.argv = {rm::test::engine_path()};
  spec.cwd = "/nonexistent-dir";
  r = Process::spawn(spec);
  REQUIRE(std::holds_alternative<SpawnError>(r));
  CHECK(std::get<SpawnError>(r).message.find("bad working directory: /nonexistent-dir") == 0);

  spec = {};
  CHECK(std::get<SpawnError>(Process::spawn(spec)).message == "empty command");

  spec.argv = {rm::test::engine_path()};
  spec.stderr_mode = StderrMode::AppendToFile;
  spec.stderr_path = "/nonexistent-dir/x.log";
  r = Process::spawn(spec);
  REQUIRE(std::holds_alternative<SpawnError>(r));
  CHECK(std::get<SpawnError>(r).message.find("cannot open stderr log file") == 0);
}

TEST_CASE("executables are found on PATH, beside the running executable, in /usr/games",
          "[process]") {
  CHECK(resolve_executable("scripted_engine") ==
        std::filesystem::canonical(rm::test::engine_path()).string());
  CHECK(resolve_executable("env").has_value());
  CHECK(resolve_executable("./definitely-not-here") == std::nullopt);
  if (std::filesystem::exists("/usr/games/gnugo")) {
    const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    if (path.find("/usr/games") == std::string::npos)
      CHECK(resolve_executable("gnugo") == "/usr/games/gnugo");
  }
}

TEST_CASE("cwd and environ are applied without a shell", "[process]") {
  ProcessSpec spec;
  spec.argv = {"env"};
  spec.environ = {{"RM_TEST_VARIABLE", "a value with $HOME and spaces"}};
  auto p = spawn_ok(spec);
  const std::string env = read_all(*p);
  CHECK(env.find("RM_TEST_VARIABLE=a value with $HOME and spaces\n") != std::string::npos);
  CHECK(env.find("PATH=") != std::string::npos);  // inherited
  p->close({5, 1});

  spec = {};
  spec.argv = {"pwd"};
  spec.cwd = "/usr";
  p = spawn_ok(spec);
  CHECK(read_all(*p) == "/usr\n");
  p->close({5, 1});
}

TEST_CASE("the child inherits no file descriptors but 0, 1, 2", "[process]") {
  // Deliberately without O_CLOEXEC, and at a number ls would not use itself.
  const int opened = ::open("/dev/null", O_RDONLY);
  const int leaked = ::fcntl(opened, F_DUPFD, 100);
  ::close(opened);
  REQUIRE(leaked >= 100);
  ProcessSpec spec;
  spec.argv = {"ls", "/proc/self/fd"};
  auto p = spawn_ok(spec);
  std::istringstream listing(read_all(*p));
  p->close({5, 1});
  ::close(leaked);
  std::vector<int> fds;
  for (std::string line; std::getline(listing, line);) fds.push_back(std::stoi(line));
  // ls itself holds one descriptor for the directory it lists.
  CHECK(fds.size() <= 4);
  for (int fd : fds) CHECK(fd != leaked);
}

TEST_CASE("the engine dies when its parent is killed (PR_SET_PDEATHSIG)", "[process]") {
  ProcessSpec spec;
  spec.argv = {std::string(RM_BIN_DIR) + "/process_spawn_helper", rm::test::engine_path()};
  auto helper = spawn_ok(spec);
  auto r = helper->read_line(in(5000ms), 64);
  REQUIRE(r.status == IoStatus::Ok);
  const int engine_pid = std::stoi(r.line);
  REQUIRE_FALSE(rm::test::process_dead(engine_pid, 0ms));
  helper->signal_group(SIGKILL);  // the engine is in its own group: only the helper dies
  auto closed = helper->close({1, 1});
  CHECK(closed.exit.term_signal == SIGKILL);
  CHECK(rm::test::process_dead(engine_pid));
  CHECK(rm::test::group_gone(engine_pid));
}

TEST_CASE("processes can be used from several threads at once", "[process]") {
  std::vector<std::thread> threads;
  std::atomic<int> good{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&good] {
      for (int i = 0; i < 3; ++i) {
        ProcessSpec spec;
        spec.argv = {rm::test::engine_path()};
        auto r = Process::spawn(spec);
        if (!std::holds_alternative<std::unique_ptr<Process>>(r)) continue;
        auto& p = std::get<std::unique_ptr<Process>>(r);
        p->write_line("version");
        if (p->read_line(Process::Clock::now() + 10s, 1024).line == "= 1.0") ++good;
        p->write_line("quit");
        p->close({5, 1});
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(good == 12);
  CHECK(rm::test::zombie_children().empty());
}

TEST_CASE("the child gets default signal dispositions and an empty signal mask", "[process]") {
  // Whatever this thread blocks and this process ignores or catches must not reach engines.
  struct sigaction ignore {
  }, catcher{}, old_int{}, old_usr2{};
  ignore.sa_handler = SIG_IGN;
  catcher.sa_handler = [](int) {};
  ::sigaction(SIGINT, &ignore, &old_int);
  ::sigaction(SIGUSR2, &catcher, &old_usr2);
  sigset_t block, old_mask;
  ::sigemptyset(&block);
  ::sigaddset(&block, SIGUSR1);
  ::pthread_sigmask(SIG_BLOCK, &block, &old_mask);
  // cat, not the scripted engine: a sanitizer build's engine catches SIGSEGV, SIGBUS and SIGFPE
  // itself, which would hide whether the handlers came from us.
  ProcessSpec spec;
  spec.argv = {"/bin/cat"};
  auto p = spawn_ok(spec);
  ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  ::sigaction(SIGINT, &old_int, nullptr);
  ::sigaction(SIGUSR2, &old_usr2, nullptr);

  std::ifstream status("/proc/" + std::to_string(p->pid()) + "/status");
  std::map<std::string, std::string> fields;
  for (std::string line; std::getline(status, line);) {
    const auto colon = line.find(':');
    const auto value = line.find_first_not_of(" \t", colon + 1);
    if (colon != std::string::npos && value != std::string::npos)
      fields[line.substr(0, colon)] = line.substr(value);
  }
  CHECK(fields["SigBlk"] == "0000000000000000");
  CHECK(fields["SigIgn"] == "0000000000000000");
  CHECK(fields["SigCgt"] == "0000000000000000");
  CHECK(p->close({5, 1}).exit.exit_code == 0);
  check_nothing_left(p->pid());
}
