// The `ringmaster` executable: see docs/command-line.md.
#include <string>
#include <vector>

#include "ringmaster/cli/commands.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return rm::cli::ringmaster_main(args);
}
