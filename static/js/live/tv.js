// CardNight's live pages, part 8 of 8: the TV (body.tv). Each column
// (data-autoscroll) scrolls by itself, as does the page on a narrow screen:
// a screen in 20 s, or all of it in 100 s if faster. With reduced motion it
// pages, from the first row or item the last page cut. Space, a click or the
// Pause button pauses. The element is looked up on every frame, because a
// poll swaps the columns; each position is kept here.
(function () {
  "use strict";
  var live = window.CardNightLive;

  function tv() {
    var button = document.getElementById("tv-pause");
    var paused = false;
    var pause = 4000; // ms held at the top and the bottom
    var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var boxes = [function () { return document.scrollingElement; }];
    document.querySelectorAll("[data-autoscroll]").forEach(function (column) {
      var id = column.id;
      boxes.push(function () { return document.getElementById(id); });
    });

    function toggle() {
      paused = !paused;
      if (button) {
        button.setAttribute("aria-pressed", String(paused));
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
    function next(el) { // the next page's top
      var top = el.scrollTop, high = el.clientHeight, at = top + high * 0.9;
      var view = el === document.scrollingElement ? 0 : el.getBoundingClientRect().top;
      el.querySelectorAll("tr, li, p, h2").forEach(function (unit) {
        var r = unit.getBoundingClientRect(), y = r.top - view + top;
        if (r.bottom > view + high + 1 && y > top + 1 && y < at) at = y;
      });
      return top >= bottom(el) - 2 ? 0 : at;
    }
    if (reduce) { // a page at a time
      setInterval(function () {
        if (paused) return;
        boxes.forEach(function (box) {
          var element = box();
          if (element) element.scrollTop = next(element);
        });
      }, 8000);
      return;
    }
    boxes.forEach(function (box) {
      var holdUntil = performance.now() + pause, last = null, position = 0;
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
            position = position >= end ? 0 : Math.min(end, position + Math.max(element.clientHeight / 20, end / 100) * elapsed / 1000);
            if (position === 0 || position >= end) holdUntil = now + pause;
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
