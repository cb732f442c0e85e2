// ringbot: the bundled reference engine. Speaks GTP v2 on stdin/stdout, or with --stats N
// prints playout statistics and exits.
#include <charconv>
#include <cmath>
#include <iostream>
#include <random>
#include <string>
#include <string_view>

#include "engine/refbot/engine.hpp"
#include "engine/refbot/gtp_server.hpp"
#include "engine/refbot/stats.hpp"

namespace {

void usage(std::ostream& out) {
  out << "usage: ringbot [--NAME VALUE]...           GTP engine on stdin/stdout\n"
         "       ringbot --stats N [--size S] [--komi K] [--seed S]\n"
         "parameters (also settable with the GTP command ringbot-set_param):\n";
  for (const auto& name : rm::refbot::Params::names()) out << "  --" << name << "\n";
}

template <typename T>
bool parse_number(std::string_view text, T& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

int main(int argc, char** argv) {
  rm::refbot::Engine engine;
  int stats_playouts = -1;
  int size = 9;
  double komi = 7.5;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      usage(std::cout);
      return 0;
    }
    if (arg.substr(0, 2) != "--" || i + 1 >= argc) {
      std::cerr << "ringbot: expected --NAME VALUE, got '" << arg << "'\n";
      usage(std::cerr);
      return 2;
    }
    const std::string name(arg.substr(2));
    const std::string_view value = argv[++i];
    bool ok = true;
    if (name == "stats")
      ok = parse_number(value, stats_playouts) && stats_playouts >= 0;
    else if (name == "size")
      ok = parse_number(value, size) && size >= 2 && size <= 25;
    else if (name == "komi")
      ok = parse_number(value, komi) && std::isfinite(komi);
    else if (auto error = engine.params().set(name, value)) {
      std::cerr << "ringbot: " << *error << "\n";
      return 2;
    }
    if (!ok) {
      std::cerr << "ringbot: invalid value for --" << name << ": '" << value << "'\n";
      return 2;
    }
  }
  if (stats_playouts >= 0) {
    const std::uint64_t seed =
        engine.params().seed != 0 ? engine.params().seed : std::random_device{}();
    rm::refbot::print_playout_stats(rm::refbot::run_playout_stats(stats_playouts, size, komi, seed),
                                    std::cout);
    return 0;
  }
  engine.set_board_size(size);
  engine.set_komi(komi);
  std::ios::sync_with_stdio(false);
  rm::refbot::GtpServer server(engine);
  server.run(std::cin, std::cout);
  return 0;
}
