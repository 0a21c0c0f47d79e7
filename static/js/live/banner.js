// CardNight's live pages, part 2 of 8: the connection. No answer: a banner
// says since when; an answer that is a 5xx (its database down, say): the
// banner says the server has a problem, the Wi-Fi is fine. Both clear by
// themselves on the next answer. While the banner is up the page asks the
// server lightly (/readyz: the server and its database, no page) every few
// seconds, whatever the polls' back-off, so that a page with no poll (the
// door) clears it too, and what waits in the outbox goes out at once.
(function () {
  "use strict";
  var live = window.CardNightLive;
  live.failingSince = null;
  var failingKind = null; // "offline" (no answer) or "server" (an answer, but a 5xx)
  var CHECK_MAX = 5000; // the light check's longest wait, in ms
  var checkDelay = 0;
  var checkTimer = null;
  var checking = false;

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkDelay = Math.min(CHECK_MAX, checkDelay ? checkDelay * 2 : 1000);
    checkTimer = setTimeout(check, checkDelay);
  }

  // The server answers (and its database): with taps waiting, the outbox is
  // sent at once and its own answer clears the banner; else the banner goes.
  function check() {
    checkTimer = null;
    var url = live.words("check");
    if (live.failingSince === null || !url || document.hidden) return; // visibilitychange checks again
    checking = true;
    live.request(url, { cache: "no-store" }, true).then(function (response) {
      checking = false;
      if (live.failingSince === null) return;
      if (response.status < 502 && !(live.load && live.load().length)) return live.online();
      if (response.status < 502 && live.kick) live.kick();
      scheduleCheck();
    }, function () {
      checking = false;
      scheduleCheck();
    });
  }

  live.offline = function (error) {
    if (!checkTimer && !checking) scheduleCheck();
    var kind = error && error.server ? "server" : "offline";
    if (live.failingSince !== null && kind === failingKind) return;
    live.failingSince = live.failingSince || new Date();
    failingKind = kind;
    var since = live.failingSince;
    var text = live.words(kind).replace("%s", two(since.getHours()) + ":" + two(since.getMinutes()));
    if (live.banner) { live.banner.textContent = text; live.banner.hidden = false; }
    document.documentElement.classList.add("is-offline");
    live.say(text, true);
    if (live.markQueued) live.markQueued();
  };

  live.online = function () {
    if (live.failingSince === null) return;
    live.failingSince = null;
    failingKind = null;
    clearTimeout(checkTimer);
    checkTimer = null;
    checkDelay = 0;
    if (live.banner) live.banner.hidden = true;
    document.documentElement.classList.remove("is-offline");
    live.say(live.words("back"));
    if (live.kick) live.kick(); // polls.js: what waits is sent now, not at the back-off's next try
  };

  live.onStart(function () {
    window.addEventListener("offline", live.offline);
    document.addEventListener("visibilitychange", function () {
      if (document.hidden || live.failingSince === null || checking) return;
      clearTimeout(checkTimer);
      check();
    });
  });
})();
