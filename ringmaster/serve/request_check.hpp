// What `ringmaster serve` refuses before routing a request: any method but GET and HEAD, an
// over-long target or header block, and any target that could name a path outside the
// competitions (`..` as written or percent-encoded, encoded slashes, backslashes, NUL).
// Pure: the server and the tests call it with what the request holds.
#pragma once

#include <cstddef>
#include <string>

namespace rm::serve {

inline constexpr std::size_t kMaxTargetBytes = 2048;
inline constexpr std::size_t kMaxHeaderBytes = 16384;

struct Refusal {
  int status = 0;  // 0: the request may go on; else the HTTP status to answer
  std::string reason;
};

// `header_bytes`: the size of the request's header fields (names and values).
Refusal check_request(const std::string& method, const std::string& target,
                      std::size_t header_bytes);

// The target with every %XX decoded once (a malformed escape is kept as written).
std::string percent_decoded(const std::string& text);

}  // namespace rm::serve
