// The public scoreboard's only script (CSP: no inline script).
// 1. Polls send If-None-Match with the ETag of the part they show, so the
//    server answers 304 and htmx leaves the page alone when nothing changed.
// 2. TV mode (body.tv): each column (data-autoscroll) scrolls by itself,
//    pauses at the bottom, jumps back to the top and goes round again; on a
//    narrow screen the page itself does. No controls.
(function () {
  "use strict";

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var etag = elt && elt.getAttribute && elt.getAttribute("data-etag");
    if (etag && event.detail.verb === "get") {
      event.detail.headers["If-None-Match"] = etag;
    }
  });

  // One scroller: `box()` is looked up on every frame, because a poll swaps
  // the columns for new ones; the position is kept here, not in the element.
  function autoScroll(box) {
    var speed = 40; // pixels per second
    var pause = 4000; // milliseconds at the top and at the bottom
    var holdUntil = performance.now() + pause;
    var last = null;
    var position = 0;

    function step(now) {
      var element = box();
      if (last === null) { last = now; }
      var elapsed = Math.min(now - last, 100);
      last = now;
      if (element) {
        var bottom = element.scrollHeight - element.clientHeight;
        if (bottom <= 2) {
          position = 0;
        } else if (now >= holdUntil) {
          if (position >= bottom - 1) {
            position = 0;
            holdUntil = now + pause;
          } else {
            position = Math.min(bottom, position + (speed * elapsed) / 1000);
            if (position >= bottom - 1) { holdUntil = now + pause; }
          }
        }
        element.scrollTop = position;
      }
      window.requestAnimationFrame(step);
    }
    window.requestAnimationFrame(step);
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (document.body.classList.contains("tv")) {
      autoScroll(function () { return document.scrollingElement; });
      document.querySelectorAll("[data-autoscroll]").forEach(function (column) {
        var id = column.id;
        autoScroll(function () { return document.getElementById(id); });
      });
    }
  });
})();
