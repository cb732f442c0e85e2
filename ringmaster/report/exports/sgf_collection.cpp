#include "ringmaster/report/exports/sgf_collection.hpp"

#include <fstream>
#include <sstream>

namespace rm::report {
namespace {

std::string trimmed(std::string text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::string read_record(const rm::game::GameResult& r) {
  if (!r.sgf_path.empty()) {
    std::ifstream in(r.sgf_path, std::ios::binary);
    if (in) {
      std::ostringstream s;
      s << in.rdbuf();
      return trimmed(s.str());
    }
  }
  return trimmed(r.unwritten_sgf);
}

}  // namespace

SgfCollection sgf_collection(const std::vector<GameRecord>& games) {
  SgfCollection out;
  for (const auto& g : games) {
    const std::string record = read_record(g.result);
    // A record is one game tree "(;...)"; anything else is not put into the collection.
    if (record.size() < 3 || record.front() != '(' || record.back() != ')') {
      out.missing.push_back(g.result.game_id);
      continue;
    }
    out.text += record + "\n";
    out.games++;
  }
  return out;
}

}  // namespace rm::report
