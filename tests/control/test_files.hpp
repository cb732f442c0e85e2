#pragma once
// A fresh temporary directory per test with helpers to write control files into it.
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace rm::control::testing {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "rm-control-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string write(const std::string& name, const std::string& text) const {
    std::string p = path_ + "/" + name;
    std::ofstream(p) << text;
    return p;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A minimal valid mc_tuner file; tests replace or append lines to break it.
inline std::string valid_control(const std::string& extra = "") {
  return "competition_type: mc_tuner\n"
         "players:\n"
         "  opp:\n"
         "    command: \"ringbot --playouts 300\"\n"
         "board_size: 9\n"
         "komi: 7.5\n"
         "opponent: opp\n"
         "candidate_colour: w\n"
         "exploration_coefficient: 0.45\n"
         "initial_visits: 10\n"
         "initial_wins: 5\n"
         "parameters:\n"
         "  - code: pl\n"
         "    scale: \"LOG(30, 3000, integer)\"\n"
         "    split: 6\n"
         "candidate:\n"
         "  command: [\"ringbot\", \"--playouts\", \"{pl}\"]\n" +
         extra;
}

}  // namespace rm::control::testing
