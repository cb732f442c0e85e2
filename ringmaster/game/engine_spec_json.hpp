// JSON form of rm::gtp::EngineSpec (the engine part of a GameJob's player).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/gtp/controller.hpp"

namespace rm::game {

nlohmann::json engine_spec_to_json(const rm::gtp::EngineSpec& spec);
// `path` prefixes error messages, e.g. "black.engine".
rm::gtp::EngineSpec engine_spec_from_json(const nlohmann::json& j, const std::string& path);

}  // namespace rm::game
