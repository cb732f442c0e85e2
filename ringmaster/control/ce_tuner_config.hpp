#pragma once
// The settings of a ce_tuner competition (gomill's cross-entropy tuner).

namespace rm::control {

// Not implemented yet: loading a ce_tuner control file fails (ce_tuner_settings.cpp), so no
// value of this type is ever made. It holds the place of the type in ControlFile::competition.
struct CeTunerSettings {};

}  // namespace rm::control
