// process_spawn_helper: starts the command given as arguments with rm::process, prints the
// child's pid on stdout and then waits forever. The PR_SET_PDEATHSIG test SIGKILLs this
// helper and checks that the child dies with it.
#include <unistd.h>

#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "engine/process/process.hpp"

int main(int argc, char** argv) {
  rm::process::ProcessSpec spec;
  spec.argv.assign(argv + 1, argv + argc);
  auto spawned = rm::process::Process::spawn(spec);
  if (auto* e = std::get_if<rm::process::SpawnError>(&spawned)) {
    std::fprintf(stderr, "%s\n", e->message.c_str());
    return 1;
  }
  std::printf("%d\n", std::get<0>(spawned)->pid());
  std::fflush(stdout);
  while (true) ::pause();
}
