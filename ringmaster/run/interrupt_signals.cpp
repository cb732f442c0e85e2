#include "ringmaster/run/interrupt_signals.hpp"

#include <atomic>
#include <csignal>

namespace rm::run {
namespace {

// Lock-free, so safe to store from a signal handler on any thread.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt_signal(int) {
  g_interrupted.store(true);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_interrupt_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
}

bool interrupted() {
  return g_interrupted.load();
}

void clear_interrupted() {
  g_interrupted.store(false);
}

}  // namespace rm::run
