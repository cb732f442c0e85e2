#include "ringmaster/competitions/candidate_listing.hpp"

#include "ringmaster/control/shell_quote.hpp"

namespace rm::comp {

std::string candidate_player_lines(const rm::game::PlayerSpec& spec,
                                   const std::vector<rm::control::RenderedFile>& files) {
  std::string out =
      "  command: " + rm::control::shell_quote_for_display(spec.engine.process.argv) + "\n";
  for (const auto& cmd : spec.engine.startup_gtp_commands)
    out += "  startup: " + rm::control::shell_quote_for_display(cmd) + "\n";
  for (const auto& [k, v] : spec.engine.process.environ) out += "  environ: " + k + "=" + v + "\n";
  for (const auto& f : files)
    out += "  file: " + f.path + " (" + std::to_string(f.text.size()) + " bytes)\n";
  return out;
}

}  // namespace rm::comp
