#include "engine/refbot/gtp_server.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include "engine/go/coordinates.hpp"
#include "engine/go/handicap.hpp"

namespace rm::refbot {

using go::Colour;

namespace {

constexpr const char* kVersion = "0.1.0";

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::optional<Colour> parse_colour(const std::string& text) {
  const std::string t = lower(text);
  if (t == "b" || t == "black") return Colour::Black;
  if (t == "w" || t == "white") return Colour::White;
  return std::nullopt;
}

std::optional<int> parse_int(const std::string& text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<double> parse_real(const std::string& text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::string vertex_list(const std::vector<go::Vertex>& points) {
  std::string s;
  for (const go::Vertex& v : points) s += (s.empty() ? "" : " ") + go::to_gtp(go::Move::at(v));
  return s;
}

std::string format_score(double score) {
  if (score == 0) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s+%g", score > 0 ? "B" : "W", std::fabs(score));
  return buf;
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto secs = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return secs(usage.ru_utime) + secs(usage.ru_stime);
}

}  // namespace

std::string preprocess_gtp_line(std::string_view raw) {
  std::string line;
  for (char ch : raw) {
    if (ch == '#') break;
    if (ch == '\t')
      line += ' ';
    else if (static_cast<unsigned char>(ch) < 32 || ch == 127)
      continue;
    else
      line += ch;
  }
  if (line.find_first_not_of(' ') == std::string::npos) return "";
  return line;
}

GtpServer::GtpServer(Engine& engine) : engine_(engine) {}

const std::vector<std::string>& GtpServer::commands() {
  static const std::vector<std::string> all{"protocol_version",
                                            "name",
                                            "version",
                                            "known_command",
                                            "list_commands",
                                            "quit",
                                            "boardsize",
                                            "clear_board",
                                            "komi",
                                            "play",
                                            "genmove",
                                            "undo",
                                            "final_score",
                                            "final_status_list",
                                            "showboard",
                                            "fixed_handicap",
                                            "place_free_handicap",
                                            "set_free_handicap",
                                            "time_settings",
                                            "time_left",
                                            "kgs-genmove_cleanup",
                                            "gomill-describe_engine",
                                            "gomill-cpu_time",
                                            "ringbot-set_param",
                                            "ringbot-get_param",
                                            "ringbot-list_params",
                                            "ringmaster-game_id"};
  return all;
}

std::string GtpServer::handle_line(std::string_view raw) {
  const std::string line = preprocess_gtp_line(raw);
  if (line.empty()) return "";
  std::vector<std::string> words = split_words(line);
  std::string id;
  if (!words.empty() && std::all_of(words[0].begin(), words[0].end(),
                                    [](char ch) { return ch >= '0' && ch <= '9'; })) {
    id = words[0];
    words.erase(words.begin());
  }
  Reply reply{false, "missing command"};
  if (!words.empty()) {
    const std::string name = words[0];
    words.erase(words.begin());
    try {
      reply = dispatch(name, words);
    } catch (const std::exception& e) {
      // Never die on input: any unexpected failure becomes a GTP failure.
      reply = Reply{false, std::string("internal error: ") + e.what()};
    }
  }
  return (reply.ok ? "=" : "?") + id + (reply.text.empty() ? "" : " " + reply.text) + "\n\n";
}

void GtpServer::run(std::istream& in, std::ostream& out) {
  for (std::string raw; !quit_ && std::getline(in, raw);) {
    const std::string response = handle_line(raw);
    if (response.empty()) continue;
    out << response << std::flush;
  }
}

GtpServer::Reply GtpServer::play(const std::vector<std::string>& args) {
  if (args.size() != 2) return {false, "syntax error"};
  const auto colour = parse_colour(args[0]);
  if (!colour) return {false, "invalid color"};
  const auto move = go::parse_gtp_move(args[1], engine_.board().size());
  if (!move) return {false, "invalid coordinate"};
  if (engine_.play(*colour, *move) != go::MoveError::None) return {false, "illegal move"};
  return {true, ""};
}

GtpServer::Reply GtpServer::genmove(const std::vector<std::string>& args) {
  if (args.size() != 1) return {false, "syntax error"};
  const auto colour = parse_colour(args[0]);
  if (!colour) return {false, "invalid color"};
  const Genmove g = engine_.genmove(*colour);
  if (g.resign) return {true, "resign"};
  return {true, go::to_gtp(g.move)};
}

GtpServer::Reply GtpServer::showboard() const {
  const go::Board& b = engine_.board();
  const int size = b.size();
  std::string letters = "  ";
  for (int col = 0; col < size; ++col) letters += std::string(" ") + go::gtp_column_letter(col);
  std::string text = "\n" + letters + "\n";
  char label[16];
  for (int row = size - 1; row >= 0; --row) {
    std::snprintf(label, sizeof label, "%2d", row + 1);
    text += label;
    for (int col = 0; col < size; ++col) {
      const Colour c = b.at(go::Vertex{col, row});
      text += c == Colour::Black ? " X" : c == Colour::White ? " O" : " .";
    }
    text += std::string(" ") + label + "\n";
  }
  text += letters;
  return {true, text};
}

GtpServer::Reply GtpServer::dispatch(const std::string& name,
                                     const std::vector<std::string>& args) {
  const auto& known = commands();
  if (std::find(known.begin(), known.end(), name) == known.end()) return {false, "unknown command"};
  auto expect = [&](std::size_t n) { return args.size() == n; };
  if (name == "protocol_version") return {true, "2"};
  if (name == "name") return {true, "ringbot"};
  if (name == "version") return {true, kVersion};
  if (name == "known_command") {
    if (!expect(1)) return {false, "syntax error"};
    return {true, std::find(known.begin(), known.end(), args[0]) != known.end() ? "true" : "false"};
  }
  if (name == "list_commands") {
    std::string text;
    for (const auto& c : known) text += (text.empty() ? "" : "\n") + c;
    return {true, text};
  }
  if (name == "quit") {
    quit_ = true;
    return {true, ""};
  }
  if (name == "boardsize") {
    if (!expect(1)) return {false, "syntax error"};
    const auto size = parse_int(args[0]);
    if (!size) return {false, "syntax error"};
    if (!engine_.set_board_size(*size)) return {false, "unacceptable size"};
    return {true, ""};
  }
  if (name == "clear_board") {
    engine_.clear_board();
    return {true, ""};
  }
  if (name == "ringmaster-game_id") {
    if (!expect(1)) return {false, "syntax error"};
    engine_.set_game_id(args[0]);
    return {true, ""};
  }
  if (name == "komi") {
    if (!expect(1)) return {false, "syntax error"};
    const auto k = parse_real(args[0]);
    if (!k) return {false, "syntax error"};
    engine_.set_komi(*k);
    return {true, ""};
  }
  if (name == "play") return play(args);
  if (name == "genmove" || name == "kgs-genmove_cleanup") return genmove(args);
  if (name == "undo") {
    if (!engine_.undo()) return {false, "cannot undo"};
    return {true, ""};
  }
  if (name == "final_score") return {true, format_score(engine_.score())};
  if (name == "final_status_list") {
    if (!expect(1)) return {false, "syntax error"};
    const std::string status = lower(args[0]);
    if (status == "dead" || status == "seki") return {true, ""};
    if (status != "alive") return {false, "syntax error"};
    // Every stone is counted alive (area scoring without dead-stone removal).
    std::vector<go::Vertex> stones;
    const go::Board& b = engine_.board();
    for (int row = b.size() - 1; row >= 0; --row)
      for (int col = 0; col < b.size(); ++col)
        if (b.at(go::Vertex{col, row}) != Colour::Empty) stones.push_back(go::Vertex{col, row});
    return {true, vertex_list(stones)};
  }
  if (name == "showboard") return showboard();
  if (name == "fixed_handicap" || name == "place_free_handicap") {
    if (!expect(1)) return {false, "syntax error"};
    const auto n = parse_int(args[0]);
    if (!n) return {false, "syntax error"};
    const int size = engine_.board().size();
    std::vector<go::Vertex> points;
    if (name == "fixed_handicap") {
      points = go::fixed_handicap_points(size, *n);
    } else if (*n >= 2 && *n < size * size) {
      points = engine_.choose_free_handicap(*n);
    }
    if (points.empty()) return {false, "invalid number of stones"};
    if (auto error = engine_.set_handicap(points)) return {false, *error};
    return {true, vertex_list(points)};
  }
  if (name == "set_free_handicap") {
    std::vector<go::Vertex> points;
    for (const auto& a : args) {
      const auto m = go::parse_gtp_move(a, engine_.board().size());
      if (!m || m->is_pass()) return {false, "invalid coordinate"};
      points.push_back(m->vertex());
    }
    if (auto error = engine_.set_handicap(points)) return {false, *error};
    return {true, ""};
  }
  if (name == "time_settings") {
    // Accepted and ignored: the search is bounded by playouts or time_per_move.
    if (!expect(3)) return {false, "syntax error"};
    for (const auto& a : args)
      if (!parse_int(a) || *parse_int(a) < 0) return {false, "syntax error"};
    return {true, ""};
  }
  if (name == "time_left") {
    if (!expect(3) || !parse_colour(args[0]) || !parse_int(args[1]) || !parse_int(args[2]))
      return {false, "syntax error"};
    return {true, ""};
  }
  if (name == "gomill-describe_engine") {
    std::string text = std::string("ringbot ") + kVersion;
    for (const auto& p : Params::names()) text += "\n" + p + " " + *engine_.params().get(p);
    return {true, text};
  }
  if (name == "gomill-cpu_time") {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", cpu_seconds());
    return {true, buf};
  }
  if (name == "ringbot-set_param") {
    if (!expect(2)) return {false, "syntax error: expected NAME VALUE"};
    if (auto error = engine_.params().set(args[0], args[1])) return {false, *error};
    return {true, ""};
  }
  if (name == "ringbot-get_param") {
    if (!expect(1)) return {false, "syntax error: expected NAME"};
    const auto value = engine_.params().get(args[0]);
    if (!value) return {false, "unknown parameter: " + args[0]};
    return {true, *value};
  }
  // ringbot-list_params
  std::string text;
  for (const auto& p : Params::names())
    text += (text.empty() ? "" : "\n") + p + " " + *engine_.params().get(p);
  return {true, text};
}

}  // namespace rm::refbot
