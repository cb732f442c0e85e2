#pragma once
// Everything engine/go offers, in one include.
#include "engine/go/board.hpp"
#include "engine/go/colour.hpp"
#include "engine/go/coordinates.hpp"
#include "engine/go/handicap.hpp"
#include "engine/go/move.hpp"
#include "engine/go/move_error.hpp"
#include "engine/go/scoring.hpp"
#include "engine/go/vertex.hpp"
