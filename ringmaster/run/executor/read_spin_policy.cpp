#include "ringmaster/run/executor/read_spin_policy.hpp"

#include <cstddef>

#include "engine/process/cpu_affinity.hpp"
#include "engine/process/process.hpp"

namespace rm::run {

void set_read_spin_for(int games_at_once) {
  rm::process::set_read_spin_allowed(2 * static_cast<std::size_t>(games_at_once) <=
                                     rm::process::allowed_cpus().size());
}

}  // namespace rm::run
