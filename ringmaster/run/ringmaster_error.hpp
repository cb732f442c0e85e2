// An error the user can act on: the command line prints "ringmaster: <message>" and exits 1.
#pragma once

#include <stdexcept>

namespace rm::run {

class RingmasterError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace rm::run
