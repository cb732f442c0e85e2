#include "ringmaster/game/message_packing.hpp"

#include <zlib.h>

#include <array>
#include <cstdint>
#include <vector>

namespace rm::game {
namespace {

constexpr std::string_view kZ85 =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

std::array<int, 256> z85_digits() {
  std::array<int, 256> digits{};
  digits.fill(-1);
  for (std::size_t i = 0; i < kZ85.size(); ++i)
    digits[static_cast<unsigned char>(kZ85[i])] = static_cast<int>(i);
  return digits;
}

// Raw deflate (no zlib header: the line needs no checksum, inflate's own checks suffice).
std::optional<std::string> deflate_raw(std::string_view data) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return std::nullopt;
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) return std::nullopt;
  return out;
}

std::optional<std::string> inflate_raw(const std::string& data, std::size_t max_bytes) {
  z_stream z{};
  if (inflateInit2(&z, -15) != Z_OK) return std::nullopt;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::string out;
  std::array<char, 16384> buffer{};
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer.data());
    z.avail_out = static_cast<uInt>(buffer.size());
    status = inflate(&z, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) break;
    out.append(buffer.data(), buffer.size() - z.avail_out);
    if (out.size() > max_bytes) break;
    // No progress with input left: a truncated stream.
    if (status == Z_OK && z.avail_in == 0 && z.avail_out != 0) break;
  }
  const bool whole = status == Z_STREAM_END && z.avail_in == 0 && out.size() <= max_bytes;
  inflateEnd(&z);
  if (!whole) return std::nullopt;
  return out;
}

}  // namespace

std::optional<std::string> pack_message(std::string_view message) {
  const auto deflated = deflate_raw(message);
  if (!deflated) return std::nullopt;
  const std::size_t padding = (4 - deflated->size() % 4) % 4;
  const std::size_t words = (deflated->size() + padding) / 4;
  if (1 + words * 5 >= message.size()) return std::nullopt;
  std::string packed;
  packed.reserve(1 + words * 5);
  packed += static_cast<char>('0' + padding);
  for (std::size_t w = 0; w < words; ++w) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      const std::size_t at = w * 4 + i;
      value =
          value * 256 + (at < deflated->size() ? static_cast<unsigned char>((*deflated)[at]) : 0);
    }
    std::array<char, 5> digits{};
    for (int i = 4; i >= 0; --i) {
      digits[static_cast<std::size_t>(i)] = kZ85[value % 85];
      value /= 85;
    }
    packed.append(digits.data(), digits.size());
  }
  return packed;
}

std::optional<std::string> unpack_message(std::string_view packed, std::size_t max_bytes) {
  static const std::array<int, 256> digits = z85_digits();
  if (packed.empty() || packed[0] < '0' || packed[0] > '3') return std::nullopt;
  const std::size_t padding = static_cast<std::size_t>(packed[0] - '0');
  const std::string_view text = packed.substr(1);
  if (text.empty() || text.size() % 5 != 0) return std::nullopt;
  std::string deflated;
  deflated.reserve(text.size() / 5 * 4);
  for (std::size_t at = 0; at < text.size(); at += 5) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < 5; ++i) {
      const int digit = digits[static_cast<unsigned char>(text[at + i])];
      if (digit < 0) return std::nullopt;
      value = value * 85 + static_cast<std::uint64_t>(digit);
    }
    if (value > 0xffffffffu) return std::nullopt;
    for (int shift = 24; shift >= 0; shift -= 8)
      deflated += static_cast<char>((value >> shift) & 0xff);
  }
  if (padding >= deflated.size()) return std::nullopt;
  deflated.resize(deflated.size() - padding);
  return inflate_raw(deflated, max_bytes);
}

}  // namespace rm::game
