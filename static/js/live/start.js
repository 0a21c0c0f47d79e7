// CardNight's live pages: the last file. Each part has said what it does
// when the page is ready (live.onStart); here they start, in order.
(function () {
  "use strict";
  var live = window.CardNightLive;
  function start() {
    live.find();
    live.starts.forEach(function (fn) { fn(); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
