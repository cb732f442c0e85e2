#include "ringmaster/serve/live_script.hpp"

namespace rm::serve {

// Every 2 s: fetch the live part (the element #live's data-src) and, when it changed (and once
// at the start: the page may be older than the first fetch), swap it in place (no reload), keeping
// which <details> are open. A failed fetch is said in #live-state, never on the console; the next
// one is tried 2 s later. #live's data-updates counts the swaps (the browser test reads it).
const char* const kLiveScript = R"js('use strict';
(function () {
  var live = document.getElementById('live');
  var state = document.getElementById('live-state');
  if (!live) return;
  var source = live.getAttribute('data-src');
  var last = null;
  var etag = null;
  var updates = 0;
  function say(text, failed) {
    if (!state) return;
    state.textContent = text;
    state.className = failed ? 'live-failed' : '';
  }
  function swap(html) {
    var open = [];
    var details = live.querySelectorAll('details');
    for (var i = 0; i < details.length; i++) open.push(details[i].open);
    live.innerHTML = html;
    details = live.querySelectorAll('details');
    for (var j = 0; j < details.length && j < open.length; j++) details[j].open = open[j];
    updates += 1;
    live.setAttribute('data-updates', String(updates));
  }
  function poll() {
    var headers = etag === null ? {} : {'If-None-Match': etag};
    fetch(source, {cache: 'no-store', headers: headers})
      .then(function (response) {
        if (response.status === 304) return null;
        if (!response.ok) throw new Error('HTTP ' + response.status);
        etag = response.headers.get('ETag');
        return response.text();
      })
      .then(function (html) {
        if (html !== null && html !== last) swap(html);
        if (html !== null) last = html;
        say('live: updated ' + new Date().toLocaleTimeString(), false);
      })
      .catch(function (error) {
        say('live: cannot reach ringmaster serve (' + error.message + '), retrying', true);
      })
      .then(function () { setTimeout(poll, 2000); });
  }
  poll();
})();
)js";

}  // namespace rm::serve
