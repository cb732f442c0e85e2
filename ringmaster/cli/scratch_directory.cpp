#include "ringmaster/cli/scratch_directory.hpp"

#include <stdlib.h>

#include <filesystem>

#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::cli {

ScratchDirectory::ScratchDirectory(const std::string& prefix) {
  std::error_code ec;
  std::filesystem::path base = std::filesystem::temp_directory_path(ec);
  if (ec) base = "/tmp";
  std::string pattern = (base / (prefix + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw rm::run::RingmasterError("cannot create a temporary directory in " + base.string());
  path_ = pattern;
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace rm::cli
