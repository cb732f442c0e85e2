// A fresh directory under $TMPDIR (or /tmp), removed with everything in it on destruction: where
// `check` and `cost` put what they must write (candidate files, games) so that nothing is left
// beside the control file.
#pragma once

#include <string>

namespace rm::cli {

class ScratchDirectory {
 public:
  // Throws rm::run::RingmasterError when no directory can be made.
  explicit ScratchDirectory(const std::string& prefix);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace rm::cli
