#pragma once
// Reading the `executor:` section. Internal to rm_control.
#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control::detail {

ExecutorSettings read_executor(const Reader& r, const Field& f);

}  // namespace rm::control::detail
