// CardNight's live pages, part 2 of 7: the connection. No answer: a banner
// says since when; an answer that is a 5xx (its database down, say): the
// banner says the server has a problem, the Wi-Fi is fine. Both clear by
// themselves on the next answer.
(function () {
  "use strict";
  var live = window.CardNightLive;
  live.failingSince = null;
  var failingKind = null; // "offline" (no answer) or "server" (an answer, but a 5xx)

  function two(n) { return (n < 10 ? "0" : "") + n; }

  live.offline = function (error) {
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
    if (live.banner) live.banner.hidden = true;
    document.documentElement.classList.remove("is-offline");
    live.say(live.words("back"));
  };

  live.onStart(function () {
    window.addEventListener("offline", live.offline);
  });
})();
