// SKELETON: being written.
#include "ringmaster/competitions/ce_tuner.hpp"
