#pragma once
// The one reader of every tuner's common settings (TunerSettings, tuner_config.hpp):
// candidate_colour, opponent, the candidate template, seed and validation, one function each,
// so that each tuner's settings reader (competitions/<tuner>/) reads them in gomill's order
// among its own.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/control/candidate_colour.hpp"
#include "ringmaster/control/candidate_template.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/parameters.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control::detail {

// b, black, w, white, r, random (gomill's values).
CandidateColour read_candidate_colour(const Reader& r, const Field& f);

// A player code that must name one of control.players ("unknown player x (did you mean ..?)").
std::string read_opponent(const Reader& r, const Field& f, const ControlFile& control);

// The candidate template: player keys plus `files`; every placeholder must name a parameter
// and every parameter must be used somewhere, else the candidates would differ only in name.
CandidateTemplate read_candidate(const Reader& r, const Field& f,
                                 const std::vector<ReadParameter>& read_params,
                                 const ControlFile& control);

// `validation: {every: K, games: G, at_end: E}` (every tuner): each a non-negative integer;
// `every` and `games` go together.
// `tuning_games`: the tuning's games when it has a last game (number_of_games, or the
// ce_tuner's generations); without one a final round never comes, and at_end is refused. With
// one, tuning and validation together are refused beyond 2147483647 games.
ValidationSettings read_validation(const Reader& r, const Field& f,
                                   std::optional<long long> tuning_games);

// An unquoted integer 0..2^64-1.
std::uint64_t read_seed(const Reader& r, const Field& f);

}  // namespace rm::control::detail
