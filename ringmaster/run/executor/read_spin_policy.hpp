// Whether GTP reads may spin (engine/process/process.hpp, set_read_spin_allowed) for a run
// that plays up to `games_at_once` games in this process at a time.
#pragma once

namespace rm::run {

// A game keeps two threads busy at a time (the referee and the engine to move): reads spin
// only if every game can have a CPU for each. Measured: with -j 2 on 2 CPUs a spin costs 5-15%
// of the wall; with -j 1 it saves a quarter.
void set_read_spin_for(int games_at_once);

}  // namespace rm::run
