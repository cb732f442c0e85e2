#include "ringmaster/game/engine_cache.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "ringmaster/game/engine_spec_json.hpp"

namespace rm::game {
namespace {

using rm::gtp::Controller;

// CPU seconds of a live process and of the children it has reaped (utime, stime, cutime,
// cstime of /proc/<pid>/stat): what rusage reports once the process itself is reaped.
std::optional<double> live_cpu_seconds(int pid) {
  if (pid <= 0) return std::nullopt;
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text;  // one line
  if (!std::getline(in, text)) return std::nullopt;
  // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 1));
  std::vector<std::string> words;
  for (std::string w; fields >> w;) words.push_back(w);
  // words[0] is field 3 (state); utime..cstime are fields 14..17.
  if (words.size() < 15) return std::nullopt;
  const long ticks = ::sysconf(_SC_CLK_TCK);
  if (ticks <= 0) return std::nullopt;
  double total = 0;
  for (std::size_t i = 11; i <= 14; ++i) total += std::strtod(words[i].c_str(), nullptr);
  return total / static_cast<double>(ticks);
}

// The engine's own CPU total: gomill-cpu_time if it claims it (junk: unknown), else /proc.
std::optional<double> cpu_total(Controller& engine) {
  if (engine.known_command("gomill-cpu_time")) {
    auto r = engine.send("gomill-cpu_time");
    const auto* text = std::get_if<std::string>(&r);
    if (text == nullptr || text->empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(text->c_str(), &end);
    if (*end != '\0' || !(v >= 0)) return std::nullopt;
    return v;
  }
  return live_cpu_seconds(engine.pid());
}

// Several engines are told to quit before any is waited for, so their exits overlap.
void close_engines(std::vector<std::unique_ptr<Controller>> engines) {
  for (auto& e : engines) e->begin_close();
  std::vector<std::thread> closers;
  for (auto& e : engines) closers.emplace_back([&e] { e->close(); });
  for (auto& t : closers) t.join();
}

}  // namespace

std::string EngineCache::key_of(const PlayerSpec& player) {
  rm::gtp::EngineSpec engine = player.engine;
  engine.process.environ.erase("GOMILL_GAME_ID");
  nlohmann::json key = {{"code", player.code},
                        {"engine", engine_spec_to_json(engine)},
                        {"restart_every", player.restart_every}};
  return key.dump();
}

EngineCache::~EngineCache() {
  close_all();
}

void EngineCache::close_all() {
  std::vector<std::unique_ptr<Controller>> engines;
  for (auto& k : kept_) engines.push_back(std::move(k.engine));
  kept_.clear();
  close_engines(std::move(engines));
}

std::array<std::unique_ptr<Controller>, 2> EngineCache::take(const PlayerSpec& black,
                                                             const PlayerSpec& white,
                                                             const rm::gtp::GtpLog& log,
                                                             const std::atomic<bool>* abort) {
  // Engines lent for the previous game that were not given back were closed by the referee:
  // forget them (a new engine could be allocated at the same address).
  lent_.clear();
  // Engines this game will not use go first (a worker holds at most its last game's two).
  std::vector<std::string> wanted;
  for (const PlayerSpec* p : {&black, &white})
    if (p->reuse) wanted.push_back(key_of(*p));
  std::vector<std::unique_ptr<Controller>> unwanted;
  for (auto it = kept_.begin(); it != kept_.end();) {
    auto found = std::find(wanted.begin(), wanted.end(), it->key);
    if (found != wanted.end()) {
      wanted.erase(found);
      ++it;
    } else {
      unwanted.push_back(std::move(it->engine));
      it = kept_.erase(it);
    }
  }
  close_engines(std::move(unwanted));
  std::array<std::unique_ptr<Controller>, 2> engines;
  engines[0] = take_one(black, log, "b", abort);
  engines[1] = take_one(white, log, "w", abort);
  return engines;
}

std::unique_ptr<Controller> EngineCache::take_one(const PlayerSpec& player,
                                                  const rm::gtp::GtpLog& log, std::string channel,
                                                  const std::atomic<bool>* abort) {
  if (!player.reuse) return nullptr;
  const std::string key = key_of(player);
  auto it = std::find_if(kept_.begin(), kept_.end(), [&](const Kept& k) { return k.key == key; });
  if (it == kept_.end()) return nullptr;
  Kept kept = std::move(*it);
  kept_.erase(it);
  kept.engine->rebind(log, std::move(channel), abort);
  // An engine that died or went astray while idle is not this game's fault: the referee
  // starts a fresh one instead. (A failure response still means "alive"; any other error
  // breaks the channel.)
  kept.engine->send("protocol_version");
  if (kept.engine->is_broken()) {
    kept.engine->rebind({}, {}, nullptr);
    kept.engine->kill();
    kept.engine->close();
    return nullptr;
  }
  lent_[kept.engine.get()] = Lent{kept.games, kept.cpu_so_far, std::move(kept.records)};
  return std::move(kept.engine);
}

std::optional<double> EngineCache::keep(const PlayerSpec& player,
                                        std::unique_ptr<Controller> engine) {
  Lent lent;
  if (auto it = lent_.find(engine.get()); it != lent_.end()) {
    lent = it->second;
    lent_.erase(it);
  }
  std::optional<double> game_cpu;
  const auto total = cpu_total(*engine);
  if (total) {
    game_cpu = std::max(0.0, *total - lent.cpu_so_far);
    lent.cpu_so_far = *total;
  }
  // While idle it belongs to no game: no transcript, and no game's abort flag (which may
  // not outlive the game).
  engine->rebind({}, {}, nullptr);
  const int games = lent.games + 1;
  if (engine->is_broken() || (player.restart_every > 0 && games >= player.restart_every)) {
    std::vector<std::unique_ptr<Controller>> done;
    done.push_back(std::move(engine));
    close_engines(std::move(done));
    return game_cpu;
  }
  kept_.push_back(
      Kept{key_of(player), std::move(engine), games, lent.cpu_so_far, std::move(lent.records)});
  return game_cpu;
}

void EngineCache::adopt(const PlayerSpec& player, std::unique_ptr<Controller> engine) {
  engine->rebind({}, {}, nullptr);
  kept_.push_back(Kept{key_of(player), std::move(engine), 0, 0, {}});
}

std::optional<std::string> EngineCache::note_record(const Controller& engine,
                                                    const std::string& game_id,
                                                    const std::string& record) {
  // A fresh engine (not taken from the cache) gets its entry here; keep() finds it.
  Records& records = lent_[&engine].records;
  const std::size_t hash = std::hash<std::string>{}(record);
  if (auto it = records.seen.find(hash); it != records.seen.end()) {
    if (records.repeated) return std::nullopt;
    records.repeated = true;
    return it->second;
  }
  constexpr std::size_t kRecordsKept = 1000;  // enough to see a replay; bounded memory
  if (records.seen.size() < kRecordsKept) records.seen.emplace(hash, game_id);
  return std::nullopt;
}

std::vector<int> EngineCache::pids() const {
  std::vector<int> pids;
  for (const auto& k : kept_) pids.push_back(k.engine->pid());
  return pids;
}

namespace {

// The caches a thread has used, closed when it ends (its thread_local destructors run
// before its children get their parent-death signal).
struct ThreadCaches {
  std::vector<std::shared_ptr<EngineCache>> caches;
  ~ThreadCaches() {
    for (auto& c : caches) c->close_all();
  }
};
thread_local ThreadCaches thread_caches;

}  // namespace

WorkerEngines::~WorkerEngines() {
  std::lock_guard lock(mutex_);
  for (auto& [slot, cache] : caches_) cache->close_all();
}

void WorkerEngines::adopt(int slot, const PlayerSpec& player, std::unique_ptr<Controller> engine) {
  std::lock_guard lock(mutex_);
  auto& entry = caches_[slot];
  if (!entry) entry = std::make_shared<EngineCache>();
  entry->adopt(player, std::move(engine));
}

EngineCache& WorkerEngines::for_slot(int slot) {
  std::shared_ptr<EngineCache> cache;
  {
    std::lock_guard lock(mutex_);
    auto& entry = caches_[slot];
    if (!entry) entry = std::make_shared<EngineCache>();
    cache = entry;
  }
  auto& mine = thread_caches.caches;
  if (std::find(mine.begin(), mine.end(), cache) == mine.end()) mine.push_back(cache);
  return *cache;
}

}  // namespace rm::game
