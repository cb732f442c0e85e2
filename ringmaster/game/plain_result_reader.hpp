// A stored game result read straight from its JSON text, without building the JSON document
// first: reading the last 20,000 results for the HTML report (and `ringmaster serve`'s every
// read) spent most of its time building documents (bench/serve/run.sh, docs/performance.md).
#pragma once

#include <optional>
#include <string_view>

#include "ringmaster/game/game_result.hpp"

namespace rm::game {

// The result when `text` is a JSON object in the plain form (only GameResult's own fields,
// each of its type and valid; a candidate record's values plain numbers, strings, booleans or
// nulls): the same as result_from_json(nlohmann::json::parse(text)). nullopt for anything
// else (an unknown field, a wrong type, nested values, invalid JSON): the caller then takes
// that path, which reads every form and names what is wrong.
std::optional<GameResult> plain_result_from_json_text(std::string_view text);

// The same into `out`, a default GameResult (no copy of the result made): false when it is not
// plain, `out` then holding part of it.
bool read_plain_result(std::string_view text, GameResult& out);

}  // namespace rm::game
