#include "ringmaster/run/executor/slurm_jobs.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <thread>

#include "ringmaster/run/executor/child_command.hpp"

namespace rm::run {
namespace {

constexpr std::chrono::milliseconds kCommandLimit{30'000};

std::string first_line(const std::string& text) {
  auto end = text.find('\n');
  return text.substr(0, end);
}

std::string failure(const char* what, const ChildOutcome& o) {
  std::string e = std::string(what) + " failed (" + o.describe() + ")";
  if (!o.err.empty()) e += ": " + first_line(o.err);
  return e;
}

ChildOutcome run_slurm_command(const std::vector<std::string>& argv) {
  ChildStop stop;
  stop.time_limit = kCommandLimit;
  return run_child(argv, "", stop);
}

}  // namespace

std::string SlurmJobs::final_state(const std::string& name) {
  // srun can end before the controller records why its job ended: a job still RUNNING or
  // COMPLETING is asked again, for up to 2 s.
  std::string last;
  for (int attempt = 0; attempt < 20; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const ChildOutcome o = run_slurm_command(
        {"squeue", "--noheader", "--states=all", "--sort=i", "--name=" + name, "--format=%T"});
    if (!o.succeeded()) return "";
    last.clear();
    std::istringstream lines(o.out);
    for (std::string line; std::getline(lines, line);) {
      const auto begin = line.find_first_not_of(" \t\r");
      if (begin == std::string::npos) continue;
      last = line.substr(begin, line.find_last_not_of(" \t\r") + 1 - begin);
    }
    if (last != "RUNNING" && last != "COMPLETING" && last != "CONFIGURING" && last != "PENDING")
      break;
  }
  return last;
}

SlurmJobs::SlurmJobs(const std::string& control_file_path, const std::string& code) {
  std::uint32_t hash = 2166136261u;  // FNV-1a: stable across runs and machines
  std::error_code ec;
  const std::string path = std::filesystem::weakly_canonical(control_file_path, ec).string();
  for (char c : (ec ? control_file_path : path))
    hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(hash));
  prefix_ = "rm." + code + "." + hex + ".";
}

std::string SlurmJobs::cancel_named(const std::vector<std::string>& names) {
  // One scancel per name: scancel --name takes a single name (a comma list matches nothing).
  std::string error;
  for (const auto& name : names) {
    ChildOutcome o = run_slurm_command({"scancel", "--me", "--name=" + name});
    if (!o.succeeded() && error.empty()) error = failure("scancel", o);
  }
  return error;
}

std::vector<std::string> SlurmJobs::leftover_job_ids(std::string* error) const {
  ChildOutcome o = run_slurm_command({"squeue", "--me", "--noheader", "--format=%i %j"});
  std::vector<std::string> ids;
  if (!o.succeeded()) {
    if (error) *error = failure("squeue", o);
    return ids;
  }
  const std::string own_checks = name_for_own_check("");
  std::istringstream in(o.out);
  for (std::string id, name; in >> id >> name;)
    if (name.compare(0, prefix_.size(), prefix_) == 0 &&
        name.compare(0, own_checks.size(), own_checks) != 0)
      ids.push_back(id);
  return ids;
}

std::string SlurmJobs::name_for_own_check(const std::string& player_code) const {
  return prefix_ + "check." + std::to_string(::getpid()) + "." + player_code;
}

int SlurmJobs::cancel_leftovers(std::string* error) const {
  std::string e;
  auto ids = leftover_job_ids(&e);
  if (!e.empty()) {
    if (error) *error = e;
    return -1;
  }
  if (ids.empty()) return 0;
  std::vector<std::string> argv{"scancel"};
  argv.insert(argv.end(), ids.begin(), ids.end());
  ChildOutcome o = run_slurm_command(argv);
  if (!o.succeeded()) {
    if (error) *error = failure("scancel", o);
    return -1;
  }
  return static_cast<int>(ids.size());
}

}  // namespace rm::run
