#include "ringmaster/competitions/candidate_renderer.hpp"

namespace rm::comp {

CandidateRenderer::CandidateRenderer(rm::control::CandidateTemplate candidate,
                                     std::string directory, std::string competition_code)
    : candidate_(std::move(candidate)),
      directory_(std::move(directory)),
      code_(std::move(competition_code)) {}

std::string CandidateRenderer::files_dir(const std::string& player_code) const {
  if (!candidate_.needs_files_dir()) return "";
  return rm::control::candidate_files_dir(directory_, code_, player_code);
}

rm::game::PlayerSpec CandidateRenderer::render(const std::vector<rm::scales::Value>& values,
                                               const std::string& player_code,
                                               const std::string& files_dir) const {
  rm::game::PlayerSpec spec = candidate_.render_spec(values, player_code, files_dir);
  if (files_dir.empty() || candidate_.files.empty()) return spec;
  // Held while writing: a second caller for the same directory waits for it to be complete.
  const std::lock_guard lock(mutex_);
  const auto written = written_.find(files_dir);
  if (written != written_.end() && written->second == values) return spec;
  candidate_.write_files(values, files_dir);
  written_[files_dir] = values;
  return spec;
}

void CandidateRenderer::discard(const std::string& files_dir) const {
  const std::lock_guard lock(mutex_);
  written_.erase(files_dir);
  candidate_.remove_files(files_dir);
}

}  // namespace rm::comp
