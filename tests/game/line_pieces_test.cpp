// The worker protocol's pieces (line_pieces.hpp): every line fits one Slurm I/O message, and
// the lines join back into exactly the message sent, whatever its length or first character.
#include "ringmaster/game/line_pieces.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "ringmaster/game/message_packing.hpp"

using namespace rm::game;

namespace {

std::string joined(const std::vector<std::string>& lines, std::size_t max_bytes,
                   int* pieces_answered) {
  PieceJoiner joiner(max_bytes);
  *pieces_answered = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto kind = joiner.add(lines[i]);
    if (i + 1 < lines.size()) {
      REQUIRE(kind == PieceJoiner::Kind::Piece);
      ++*pieces_answered;
    } else {
      REQUIRE(kind == PieceJoiner::Kind::Message);
    }
  }
  return joiner.take();
}

}  // namespace

TEST_CASE("line pieces: messages of every length come back whole, in lines of a Slurm message",
          "[game][pieces]") {
  for (const std::size_t length : {0u, 1u, 999u, 1000u, 1001u, 2000u, 2001u, 12345u}) {
    std::string message(length, 'x');
    for (std::size_t i = 0; i < length; ++i) message[i] = static_cast<char>('a' + i % 26);
    if (length > 0) message.front() = '{';
    const auto lines = message_to_lines(message);
    for (const auto& line : lines) {
      CHECK(line.size() + 1 <= 1024);  // with its newline, within Slurm's 1 KiB message
      CHECK(line.find('\n') == std::string::npos);
    }
    // Short messages go as they are: the old one-line protocol, readable by hand.
    if (length >= 1 && length <= kPieceBytes) CHECK(lines == std::vector<std::string>{message});
    int answered = 0;
    CHECK(joined(lines, 1 << 20, &answered) == message);
    CHECK(answered == static_cast<int>(lines.size()) - 1);
  }
}

TEST_CASE("line pieces: a message that starts with a piece's mark is not taken for a piece",
          "[game][pieces]") {
  for (const std::string& message :
       std::vector<std::string>{"+1", "=", "+" + std::string(3000, 'p')}) {
    int answered = 0;
    CHECK(joined(message_to_lines(message), 1 << 20, &answered) == message);
  }
}

// Text that deflate cannot shrink: it goes as it is, in '+' and '=' pieces.
std::string incompressible(std::size_t length) {
  std::string text(length, ' ');
  std::uint64_t x = 88172645463325252ull;
  for (auto& c : text) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    c = static_cast<char>('!' + x % 90);
  }
  return text;
}

TEST_CASE("line pieces: an empty line is an answer, and a message past the limit is refused",
          "[game][pieces]") {
  PieceJoiner joiner(1500);
  CHECK(joiner.add("") == PieceJoiner::Kind::Answer);
  const auto lines = message_to_lines(incompressible(2500));
  REQUIRE(lines.size() == 3);
  CHECK(joiner.add(lines[0]) == PieceJoiner::Kind::Piece);
  CHECK(joiner.add(lines[1]) == PieceJoiner::Kind::Piece);  // still answered: the sender waits
  CHECK(joiner.add(lines[2]) == PieceJoiner::Kind::TooLong);
  // The next message is read normally.
  CHECK(joiner.add("{}") == PieceJoiner::Kind::Message);
  CHECK(joiner.take() == "{}");
}

TEST_CASE("line pieces: a long message goes packed, in fewer pieces, and comes back whole",
          "[game][pieces]") {
  // A game's result as a worker sends it: JSON with the SGF record and each engine's
  // description three times.
  std::string description;
  for (int i = 0; i < 32; ++i) description += "setting_" + std::to_string(i) + " 1\\n";
  std::string moves;
  for (int i = 0; i < 100; ++i)
    moves += std::string(";") + (i % 2 ? "W[" : "B[") + static_cast<char>('a' + i * 7 % 9) +
             static_cast<char>('a' + i * 5 % 9) + "]";
  const std::string result = "{\"black_long_description\":\"" + description +
                             "\",\"sgf_text\":\"(;FF[4]C[" + description + description + "]" +
                             moves + ")\",\"white_long_description\":\"" + description + "\"}";
  REQUIRE(result.size() > 2 * kPieceBytes);
  const auto lines = message_to_lines(result);
  CHECK(lines.size() < (result.size() + kPieceBytes - 1) / kPieceBytes);
  CHECK(lines.back().front() == '~');
  for (const auto& line : lines) CHECK(line.size() + 1 <= 1024);
  int answered = 0;
  CHECK(joined(lines, 1 << 20, &answered) == result);
  // Incompressible text goes as it is.
  const std::string noise = incompressible(3000);
  CHECK(message_to_lines(noise).back().front() == '=');
  CHECK(joined(message_to_lines(noise), 1 << 20, &answered) == noise);
}

TEST_CASE("line pieces: a packed message that is damaged or unpacks past the limit is refused",
          "[game][pieces]") {
  const std::string message = "{" + std::string(100000, 'a') + "}";
  const auto lines = message_to_lines(message);
  REQUIRE(lines.size() == 1);  // 100 KB of one letter packs into one line
  {
    PieceJoiner joiner(50000);  // within the limit packed, past it unpacked
    CHECK(joiner.add(lines[0]) == PieceJoiner::Kind::TooLong);
    CHECK(joiner.add("{}") == PieceJoiner::Kind::Message);
    CHECK(joiner.take() == "{}");
  }
  for (const std::string& damaged : std::vector<std::string>{
           std::string("~"), std::string("~4abcde"), "~0" + std::string("\"\"\"\"\""), "~0abcd",
           lines[0].substr(0, lines[0].size() - 5), "~0" + lines[0].substr(2, 5)}) {
    PieceJoiner joiner(1 << 20);
    INFO(damaged);
    CHECK(joiner.add(damaged) == PieceJoiner::Kind::TooLong);
  }
  CHECK(unpack_message(*pack_message(message), 1 << 20) == message);
  CHECK_FALSE(pack_message("{}"));  // nothing to gain
}
