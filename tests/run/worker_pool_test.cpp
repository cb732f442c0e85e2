#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>
#include <thread>

#include "ringmaster/run/worker_pool.hpp"

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
