#include "ringmaster/run/worker_pool.hpp"

#include <catch2/catch.hpp>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include "engine/process/cpu_affinity.hpp"
#include "engine/process/process.hpp"
#include "ringmaster/run/executor/local_executor.hpp"

using rm::game::GameJob;
using rm::game::GameResult;
using rm::run::WorkerPool;
using namespace std::chrono_literals;

namespace {

GameJob job(const std::string& id) {
  GameJob j;
  j.game_id = id;
  j.black.code = "b";
  j.white.code = "w";
  return j;
}

GameResult wait_result(WorkerPool& pool) {
  for (int i = 0; i < 500; ++i)
    if (auto r = pool.next_result(20ms)) return *r;
  FAIL("no result within 10 s");
  return {};
}

}  // namespace

TEST_CASE("every job comes back once played on a valid slot", "[pool]") {
  std::mutex m;
  std::set<int> slots;
  WorkerPool pool(3, [&](const GameJob& j, int slot, const std::atomic<bool>*) {
    {
      std::lock_guard lock(m);
      slots.insert(slot);
    }
    GameResult r;
    r.game_id = j.game_id;
    return r;
  });
  CHECK(pool.size() == 3);
  std::multiset<std::string> returned;
  int next = 0;
  while (returned.size() < 20) {
    while (pool.has_free_worker() && next < 20) pool.submit(job(std::to_string(next++)));
    CHECK(pool.outstanding() <= 3);
    returned.insert(wait_result(pool).game_id);
  }
  CHECK(pool.outstanding() == 0);
  for (int i = 0; i < 20; ++i) CHECK(returned.count(std::to_string(i)) == 1);
  for (int s : slots) CHECK((s >= 0 && s < 3));
}

TEST_CASE("abort reaches the games in progress", "[pool]") {
  WorkerPool pool(2, [](const GameJob& j, int, const std::atomic<bool>* abort) {
    while (!abort->load()) std::this_thread::sleep_for(1ms);
    GameResult r;
    r.game_id = j.game_id;
    r.is_void = true;
    r.void_reason = "aborted";
    return r;
  });
  pool.submit(job("1"));
  pool.submit(job("2"));
  CHECK_FALSE(pool.next_result(50ms).has_value());
  pool.abort_games();
  auto a = wait_result(pool), b = wait_result(pool);
  CHECK(a.void_reason == "aborted");
  CHECK(b.void_reason == "aborted");
}

TEST_CASE("an exception in a game becomes a void result not a dead worker", "[pool]") {
  WorkerPool pool(1, [](const GameJob& j, int, const std::atomic<bool>*) -> GameResult {
    if (j.game_id == "bad") throw std::runtime_error("boom");
    GameResult r;
    r.game_id = j.game_id;
    return r;
  });
  pool.submit(job("bad"));
  auto r = wait_result(pool);
  CHECK(r.is_void);
  CHECK(r.game_id == "bad");
  CHECK(r.void_reason == "internal error playing the game: boom");
  pool.submit(job("good"));
  CHECK_FALSE(wait_result(pool).is_void);
}

TEST_CASE("a pool needs a worker", "[pool]") {
  CHECK_THROWS_AS(WorkerPool(0, {}), std::invalid_argument);
}

namespace {

// The CPU list of a process started from the calling thread, as the kernel reports it.
std::string child_cpu_list() {
  rm::process::ProcessSpec spec;
  spec.argv = {"cat", "/proc/self/status"};
  auto spawned = rm::process::Process::spawn(spec);
  auto* process = std::get_if<std::unique_ptr<rm::process::Process>>(&spawned);
  if (process == nullptr) return "spawn failed";
  const auto deadline = rm::process::Process::Clock::now() + 10s;
  for (;;) {
    auto line = (*process)->read_line(deadline, 4096);
    if (line.status != rm::process::IoStatus::Ok) return "no Cpus_allowed_list";
    const std::string key = "Cpus_allowed_list:";
    if (line.line.rfind(key, 0) == 0) {
      auto text = line.line.substr(key.size());
      text.erase(0, text.find_first_not_of(" \t"));
      (*process)->close({});
      return text;
    }
  }
}

}  // namespace

TEST_CASE("with a CPU list each worker and the engines it starts run on its CPU", "[pool]") {
  const std::vector<int> cpus = rm::process::allowed_cpus();
  REQUIRE(!cpus.empty());
  const std::string unpinned_child = child_cpu_list();
  CHECK(unpinned_child == rm::process::cpu_list_text(cpus));

  // Three workers over the CPUs, round robin: worker s is on cpus[s % size].
  std::mutex m;
  std::vector<std::pair<int, std::string>> seen;  // (slot, "thread CPUs / child CPUs")
  WorkerPool pool(
      3,
      [&](const GameJob& j, int slot, const std::atomic<bool>*) {
        const std::string text =
            rm::process::cpu_list_text(rm::process::allowed_cpus()) + " / " + child_cpu_list();
        {
          std::lock_guard lock(m);
          seen.emplace_back(slot, text);
        }
        std::this_thread::sleep_for(20ms);  // so that every worker gets a job
        GameResult r;
        r.game_id = j.game_id;
        return r;
      },
      cpus);
  for (int i = 0; i < 3; ++i) pool.submit(job(std::to_string(i)));
  for (int i = 0; i < 3; ++i) wait_result(pool);
  REQUIRE(seen.size() == 3);
  for (const auto& [slot, text] : seen) {
    const std::string cpu = std::to_string(cpus[static_cast<std::size_t>(slot) % cpus.size()]);
    CHECK(text == cpu + " / " + cpu);
  }
}

TEST_CASE("a CPU the process may not use is refused with a clear error", "[pool]") {
  auto play = [](const GameJob& j, int, const std::atomic<bool>*) {
    GameResult r;
    r.game_id = j.game_id;
    return r;
  };
  CHECK_THROWS_WITH(WorkerPool(2, play, {100000}),
                    Catch::StartsWith("can't pin worker 0 to CPU 100000: Invalid argument"));
  CHECK(rm::process::cpu_list_text({0, 1, 2, 5, 7, 8}) == "0-2,5,7-8");
  CHECK(rm::process::cpu_list_text({}).empty());
}

TEST_CASE("local workers let reads spin only while every game has two CPUs", "[pool]") {
  const auto cpus = rm::process::allowed_cpus().size();
  auto no_game = [](const GameJob& j, int, const std::atomic<bool>*) {
    GameResult r;
    r.game_id = j.game_id;
    return r;
  };
  {
    rm::run::LocalExecutor many(static_cast<int>(cpus), no_game, std::vector<int>{});
    CHECK(rm::process::read_spin_allowed() == (cpus == 0));
  }
  {
    rm::run::LocalExecutor one(1, no_game, std::vector<int>{});
    CHECK(rm::process::read_spin_allowed() == (cpus >= 2));
  }
  rm::process::set_read_spin_allowed(true);
}
