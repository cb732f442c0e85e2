#include "ringmaster/run/executor/slurm_failure.hpp"

#include <vector>

#include "engine/gtp/wire.hpp"

namespace rm::run {

namespace {
constexpr const char* kNoAllocation = "srun could not get an allocation";

// No cause on stderr, or only "no allocation": the job's final state may say more.
bool cause_needs_job_state(const std::string& cause) {
  return cause.empty() || cause == kNoAllocation;
}
}  // namespace

// The causes Slurm writes to the step's stderr ("*** STEP 12.0 ON vm CANCELLED AT ... DUE TO
// TIME LIMIT ***", "srun: error: Node failure on vm", "DUE TO PREEMPTION").
std::string slurm_cause(const std::string& err) {
  const struct {
    const char* text;
    const char* cause;
  } causes[] = {
      {"DUE TO TIME LIMIT", "the job hit its time limit"},
      {"DUE TO PREEMPTION", "the job was preempted"},
      {"DUE TO NODE FAILURE", "the job's node failed"},
      {"Node failure", "the job's node failed"},
      {"NODE_FAIL", "the job's node failed"},
      {"CANCELLED", "the job was cancelled"},
      {"Unable to allocate resources", kNoAllocation},
  };
  for (const auto& c : causes)
    if (err.find(c.text) != std::string::npos) return c.cause;
  return "";
}

bool slurm_cause_needs_job_state(const std::string& srun_stderr) {
  return cause_needs_job_state(slurm_cause(srun_stderr));
}

std::string slurm_state_cause(const std::string& state) {
  if (state == "CANCELLED") return "the job was cancelled";
  if (state == "TIMEOUT" || state == "DEADLINE") return "the job hit its time limit";
  if (state == "PREEMPTED") return "the job was preempted";
  if (state == "NODE_FAIL") return "the job's node failed";
  return "";
}

namespace {

std::string last_lines(const std::string& text, std::size_t n) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
    start = end + 1;
  }
  std::string out;
  for (std::size_t i = lines.size() > n ? lines.size() - n : 0; i < lines.size(); ++i)
    out += (out.empty() ? "" : "\n") + lines[i];
  return out;
}

}  // namespace

std::string slurm_failure_reason(const ChildOutcome& srun, const std::string& problem,
                                 const std::string& job_state) {
  std::string c = slurm_cause(srun.err);
  // A job ended by the cluster before srun got it ("Job/step already completing or
  // completed") is an allocation failure on stderr; its final state says why.
  if (cause_needs_job_state(c)) {
    const std::string from_state = slurm_state_cause(job_state);
    if (!from_state.empty()) c = from_state;
  }
  std::string reason = "slurm: ";
  if (!srun.spawn_error.empty())
    reason += "cannot run srun: " + srun.spawn_error;
  else if (!c.empty())
    reason += c + " (srun " + srun.describe() + ")";
  else if (srun.succeeded())
    reason += problem;
  else
    reason += "srun failed (" + srun.describe() + ")";
  // srun's stderr carries the engines' (through ringmaster-play): shown on the terminal.
  std::string tail = last_lines(rm::gtp::sanitise_engine_text(srun.err), 4);
  if (!tail.empty()) reason += ":\n" + tail;
  return reason;
}

}  // namespace rm::run
