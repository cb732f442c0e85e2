#include "ringmaster/run/executor/slurm_allocation.hpp"

#include <cstdlib>
#include <string_view>

namespace rm::run {
namespace {

// "2(x3)" -> 6, "4" -> 4; nullopt for anything else.
std::optional<long> cpus_of_group(std::string_view group) {
  char* end = nullptr;
  const std::string text(group);
  const long cpus = std::strtol(text.c_str(), &end, 10);
  if (end == text.c_str() || cpus < 0) return std::nullopt;
  if (*end == '\0') return cpus;
  long nodes = 0;
  if (std::string_view(end).substr(0, 2) != "(x") return std::nullopt;
  char* close = nullptr;
  nodes = std::strtol(end + 2, &close, 10);
  if (close == end + 2 || std::string_view(close) != ")") return std::nullopt;
  return cpus * nodes;
}

}  // namespace

std::optional<int> allocation_cpus() {
  const char* job = std::getenv("SLURM_JOB_ID");
  const char* per_node = std::getenv("SLURM_JOB_CPUS_PER_NODE");
  if (job == nullptr || per_node == nullptr) return std::nullopt;
  long total = 0;
  std::string_view rest(per_node);
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const auto group = cpus_of_group(rest.substr(0, comma));
    if (!group) return std::nullopt;
    total += *group;
    if (total > 1'000'000) return std::nullopt;
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return static_cast<int>(total);
}

std::optional<std::string> allocation_warning(int games_in_flight, int cpus_per_game) {
  const auto cpus = allocation_cpus();
  const int needed = games_in_flight * cpus_per_game;
  if (!cpus || needed <= *cpus) return std::nullopt;
  return "running inside Slurm allocation " + std::string(std::getenv("SLURM_JOB_ID")) + " with " +
         std::to_string(*cpus) + " CPUs: " + std::to_string(games_in_flight) +
         " games in flight (executor.games_in_flight) need " + std::to_string(needed) +
         ", so only " + std::to_string(*cpus / cpus_per_game) +
         " run at once and the others wait for a CPU";
}

}  // namespace rm::run
