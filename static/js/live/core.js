// CardNight's live pages, part 1 of 8: what the other parts share. No build
// step: plain scripts, loaded in order (cardnight/live_script.py lists them),
// sharing one object, window.CardNightLive. What each file does:
// docs/development.md "The live script (static/js/live/)"; what each person
// sees: docs/organizer-guide.md "When the Wi-Fi drops".
(function () {
  "use strict";
  var live = window.CardNightLive = { TIMEOUT: 10000, status: null, banner: null, starts: [] };

  live.slice = function (list) { return Array.prototype.slice.call(list || []); };
  // The page's words (templates/_live.html), in its language.
  live.words = function (name) { return (live.status && live.status.getAttribute("data-" + name)) || ""; };
  // Said on the status line (polite); echo: the banner shows it already.
  live.say = function (text, echo) {
    if (!live.status || !text) return;
    live.status.textContent = text;
    live.status.classList.toggle("echo", Boolean(echo));
  };
  // The status line and the banner of the page now shown (a boosted form's
  // answer brings new ones).
  live.find = function () {
    live.status = document.getElementById("live-status");
    live.banner = document.getElementById("live-banner");
  };

  // A fetch that ends: no answer in TIMEOUT is no answer. An answer clears
  // the banner (banner.js), unless `quiet`: the banner's own check decides.
  live.request = function (url, options, quiet) {
    var controller = window.AbortController ? new AbortController() : null;
    var timeout = setTimeout(function () { if (controller) controller.abort(); }, live.TIMEOUT);
    options.credentials = "same-origin";
    if (controller) options.signal = controller.signal;
    return fetch(url, options).then(
      function (response) {
        clearTimeout(timeout);
        if (response.status < 502 && !quiet) live.online(); // the server answered
        return response;
      },
      function (error) { clearTimeout(timeout); throw error; }
    );
  };

  // A server that answered, but with an error of its own (not the Wi-Fi).
  live.serverTrouble = function (response) {
    var error = new Error("server " + response.status);
    error.server = true;
    return error;
  };

  // A button's words, as it is named to a screen reader.
  live.label = function (button) {
    return (button.getAttribute("aria-label") || button.textContent || button.value || "").replace(/\s+/g, " ").trim();
  };

  live.csrf = function () {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { /* below */ }
    var match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? match[1] : "";
  };

  // Each part adds what it does when the page is ready; start.js runs them.
  live.onStart = function (fn) { live.starts.push(fn); };
})();

// A form's own message, read out at once ("Not saved", "Not done").
(function () {
  "use strict";
  window.CardNightLive.notice = function (form, text) {
    var el = form.querySelector(".live-notice");
    if (!el) {
      el = document.createElement("p");
      el.className = "message error live-notice";
      el.setAttribute("role", "alert");
      form.insertBefore(el, form.firstChild);
    }
    el.textContent = text;
  };
})();
