// Waiting for the rest of an engine's process group to die after SIGKILL, so that no engine
// code is still running when close() returns.
#pragma once

#include <sys/types.h>

namespace rm::process {

// Call after the group leader has been reaped and the group sent SIGKILL. Returns true once
// no member of process group `pgid` is still running (zombies awaiting their new parent's
// wait() run nothing and do not count), false if some still ran after `max_s` seconds.
// Cheap when the leader was alone: one kill(-pgid, 0). Otherwise it scans /proc.
bool wait_until_group_stopped(pid_t pgid, double max_s);

}  // namespace rm::process
