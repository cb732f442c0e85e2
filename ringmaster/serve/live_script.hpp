// The one script of `ringmaster serve`'s pages, served as /live.js (same origin, no CDN).
#pragma once

namespace rm::serve {

extern const char* const kLiveScript;

}  // namespace rm::serve
