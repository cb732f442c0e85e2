// CPU affinity for the threads that start engines. An engine started from a pinned thread
// runs on that thread's CPUs: clone() without CLONE_THREAD copies the caller's affinity mask,
// and exec keeps it. Pinning a game's referee thread and its two engines to one CPU makes
// every move a same-CPU pipe round trip, which on a virtual machine costs a tenth of waking
// an idle CPU (see docs/engines-and-gtp.md, "Cost per game"). Multi-threaded engines lose
// their other threads' CPUs, so pinning is opt-in (`run --affinity`).
#pragma once

#include <pthread.h>

#include <string>
#include <vector>

namespace rm::process {

// The CPUs the calling thread may run on, ascending (sched_getaffinity). Call it from a thread
// that has not been pinned to learn the process's CPUs (e.g. a taskset given by the user).
// Empty if the kernel refuses to tell.
std::vector<int> allowed_cpus();

// Restricts `thread` (and every process it starts from then on) to `cpu`. Returns 0, or the
// error number if the kernel refuses (e.g. EINVAL: the CPU is not in the cpuset).
int pin_thread(pthread_t thread, int cpu);

// "0-3,6": a CPU list in the kernel's format, for logs.
std::string cpu_list_text(const std::vector<int>& cpus);

}  // namespace rm::process
