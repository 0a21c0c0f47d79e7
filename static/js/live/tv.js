// CardNight's live pages, part 8 of 8: the TV (body.tv). Each column
// (data-autoscroll) scrolls by itself, and so does the page on a narrow
// screen, or pages with reduced motion; Space, a click or the Pause button
// pauses them. The element is looked up on every frame, because a poll
// swaps the columns for new ones; each position is kept here.
(function () {
  "use strict";
  var live = window.CardNightLive;

  function tv() {
    var button = document.getElementById("tv-pause");
    var paused = false;
    var pause = 4000; // milliseconds at the top and at the bottom
    var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var boxes = [function () { return document.scrollingElement; }];
    document.querySelectorAll("[data-autoscroll]").forEach(function (column) {
      var id = column.id;
      boxes.push(function () { return document.getElementById(id); });
    });

    function toggle() {
      paused = !paused;
      if (button) {
        button.setAttribute("aria-pressed", paused ? "true" : "false");
        button.textContent = button.getAttribute(paused ? "data-resume" : "data-pause");
      }
      live.say(live.words(paused ? "paused" : "resumed"));
    }
    document.addEventListener("click", toggle);
    document.addEventListener("keydown", function (event) {
      if ((event.key === " " || event.key === "Spacebar") && event.target !== button) {
        event.preventDefault();
        toggle();
      }
    });

    function bottom(element) { return element.scrollHeight - element.clientHeight; }
    if (reduce) { // a page at a time, no movement in between
      setInterval(function () {
        if (paused) return;
        boxes.forEach(function (box) {
          var element = box();
          if (!element) return;
          element.scrollTop = element.scrollTop >= bottom(element) - 2 ? 0 : element.scrollTop + element.clientHeight * 0.9;
        });
      }, 8000);
      return;
    }
    boxes.forEach(function (box) {
      var holdUntil = performance.now() + pause;
      var last = null;
      var position = 0;
      function step(now) {
        var element = box();
        var elapsed = last === null ? 0 : Math.min(now - last, 100);
        last = now;
        if (element) {
          var end = bottom(element);
          if (paused) {
            holdUntil = now + pause / 2;
            position = element.scrollTop;
          } else if (end <= 2) {
            position = 0;
          } else if (now >= holdUntil) {
            position = position >= end - 1 ? 0 : Math.min(end, position + (40 * elapsed) / 1000);
            if (position === 0 || position >= end - 1) holdUntil = now + pause;
          }
          if (!paused) element.scrollTop = position;
        }
        window.requestAnimationFrame(step);
      }
      window.requestAnimationFrame(step);
    });
  }

  live.onStart(function () {
    if (document.body.classList.contains("tv")) tv();
  });
})();
