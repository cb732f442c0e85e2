// splitmix64's output function (Steele, Lea and Flood 2014): a fully specified 64-bit mix, so
// numbers drawn from it (an SPSA pair's perturbation, a simulated game's outcome) are the same on
// every platform and standard library, and any one of them can be drawn on its own from a
// counter (no generator state to store).
#pragma once

#include <cstdint>

namespace rm::comp::spsa {

inline std::uint64_t splitmix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace rm::comp::spsa
