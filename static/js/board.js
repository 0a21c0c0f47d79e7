// The public scoreboard's only script (CSP: no inline script).
// 1. Polls send If-None-Match with the ETag of the part they show, so the
//    server answers 304 and htmx leaves the page alone when nothing changed.
// 2. TV mode (body.tv): the standings scroll by themselves, pause at the
//    bottom, jump back to the top, and go round again. No controls.
(function () {
  "use strict";

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var etag = elt && elt.getAttribute && elt.getAttribute("data-etag");
    if (etag && event.detail.verb === "get") {
      event.detail.headers["If-None-Match"] = etag;
    }
  });

  function autoScroll() {
    var speed = 40; // pixels per second
    var pause = 4000; // milliseconds at the top and at the bottom
    var holdUntil = performance.now() + pause;
    var last = null;
    var position = window.scrollY;

    function step(now) {
      var bottom = document.documentElement.scrollHeight - window.innerHeight;
      if (last === null) { last = now; }
      var elapsed = Math.min(now - last, 100);
      last = now;
      if (bottom <= 2) {
        position = 0;
      } else if (now >= holdUntil) {
        if (position >= bottom - 1) {
          position = 0;
          window.scrollTo(0, 0);
          holdUntil = now + pause;
        } else {
          position = Math.min(bottom, position + (speed * elapsed) / 1000);
          window.scrollTo(0, position);
          if (position >= bottom - 1) { holdUntil = now + pause; }
        }
      }
      window.requestAnimationFrame(step);
    }
    window.requestAnimationFrame(step);
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (document.body.classList.contains("tv")) {
      autoScroll();
    }
  });
})();
