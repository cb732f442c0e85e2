#include "ringmaster/run/interrupt_signals.hpp"

#include <atomic>
#include <csignal>

namespace rm::run {
namespace {

// Lock-free, so safe to store from a signal handler on any thread. 0: no signal yet.
std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_interrupt_signal(int signal) {
  g_signal.store(signal);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_interrupt_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  // A dropped ssh session: the run would otherwise die without a word in its log. Unless it
  // was started ignoring SIGHUP (nohup), as a program is expected to leave it then.
  struct sigaction hangup {};
  if (sigaction(SIGHUP, nullptr, &hangup) == 0 && hangup.sa_handler != SIG_IGN)
    sigaction(SIGHUP, &action, nullptr);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
}

bool interrupted() {
  return g_signal.load() != 0;
}

std::string interrupt_signal_name() {
  switch (g_signal.load()) {
    case 0:
      return "";
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "signal " + std::to_string(g_signal.load());
  }
}

void clear_interrupted() {
  g_signal.store(0);
}

}  // namespace rm::run
