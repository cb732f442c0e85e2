// `ringmaster serve [DIR...] [--port N] [--bind ADDR]`: the live view of every competition
// under the directories, in a browser (docs/reports.md#the-live-view-ringmaster-serve).
// Read-only; no control file on the command line, so it is handled before the usual parse.
#include <charconv>
#include <filesystem>
#include <iostream>

#include "ringmaster/cli/commands.hpp"
#include "ringmaster/serve/live_server.hpp"

namespace rm::cli {
namespace {

constexpr const char* kUsage = "usage: ringmaster serve [DIR...] [--port N] [--bind ADDR]\n";

constexpr const char* kHelp =
    "Serves a live view of every competition under the directories (default: the current\n"
    "one) to a browser: a page listing them, one page per competition with the HTML\n"
    "report's sections and plots, refreshed in place every 2 s, and their JSON\n"
    "(/api/competitions, /api/competition/<code>.json). Read-only. Ctrl-C stops it.\n\n"
    "options:\n"
    "  --port N     the TCP port (default 8080; 0: any free port, printed)\n"
    "  --bind ADDR  the address to listen on (default 127.0.0.1: this host only; reach it\n"
    "               from a laptop with ssh -L 8080:localhost:8080 login-node)\n"
    "  --help       this text\n";

int usage_error(const std::string& message) {
  std::cerr << kUsage << "ringmaster: error: " << message << std::endl;
  return kExitUsage;
}

}  // namespace

int serve_command(const std::vector<std::string>& args) {
  rm::serve::ServeOptions options;
  options.dirs.clear();
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string value;
    bool has_value = false;
    if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_value = true;
    }
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage << "\n" << kHelp;
      return kExitOk;
    }
    if (arg == "--port" || arg == "--bind") {
      if (!has_value) {
        if (i + 1 >= args.size()) return usage_error(arg + ": needs a value");
        value = args[++i];
      }
      if (arg == "--bind") {
        if (value.empty()) return usage_error("--bind: needs an address");
        options.bind = value;
        continue;
      }
      int port = -1;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), port);
      if (ec != std::errc() || end != value.data() + value.size() || port < 0 || port > 65535)
        return usage_error("--port: must be a whole number from 0 to 65535 (got '" + value + "')");
      options.port = port;
      continue;
    }
    if (arg.rfind("-", 0) == 0 && arg != "-") return usage_error("unknown option " + arg);
    options.dirs.push_back(args[i]);
  }
  if (options.dirs.empty()) options.dirs.push_back(".");
  for (const auto& dir : options.dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
      std::cerr << "ringmaster: serve: " << dir << " is not a directory" << std::endl;
      return kExitError;
    }
  }
  return rm::serve::serve(options, std::cout, std::cerr);
}

}  // namespace rm::cli
