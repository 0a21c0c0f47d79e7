// CardNight's live pages, part 6 of 8: "Not saved". An htmx form with no
// answer it can use (no connection, a 5xx from the app or the proxy in front
// of it, no answer in TIMEOUT) keeps what was typed, says so in the form and
// hides the green line of the save before, which is no longer news. The
// plain forms that change data are boosted (hx-boost) to get the same.
(function () {
  "use strict";
  var live = window.CardNightLive;
  var slice = live.slice;

  // htmx swaps nothing then, so the fields keep what was typed. A door
  // registration sent again carries the same id (tables/services/receipts.py).
  // What it says follows what the person did, and a form whose answer may
  // have been lost is asked again (answers.js).
  function notSaved(event, text, error) {
    var elt = event.detail.elt;
    var form = elt && elt.closest ? live.current(elt.closest("form")) : null;
    live.offline(error);
    [event.detail.target, form].forEach(function (root) {
      if (!root || !root.querySelectorAll) return;
      slice(root.querySelectorAll(".message.success, .card-message")).forEach(function (el) {
        el.hidden = true;
      });
    });
    if (form && !live.resend(form)) live.notice(form, text || live.again(form));
  }
  document.addEventListener("htmx:sendError", function (event) {
    notSaved(event, "");
  });
  document.addEventListener("htmx:timeout", function (event) {
    notSaved(event, live.words("not-saved-retry"));
  });
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status >= 500) notSaved(event, live.words("not-saved-retry"), live.serverTrouble(xhr));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !xhr.status || xhr.status >= 500) return;
    live.online(); // the server answered
    var elt = event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    var old = form && form.querySelector(".live-notice");
    if (old) old.remove();
  });

  // A plain form, boosted: any answer the page can use (a redirect, the form
  // again with its errors) becomes the page, as a plain form's would. The
  // server sees what a plain form sends (no HX-Request: no part of a page
  // comes back), and the new page's body attributes (its CSRF token) and
  // stylesheets come with it.
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.boosted) delete event.detail.headers["HX-Request"];
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.boosted || !event.detail.shouldSwap) return;
    var page = new DOMParser().parseFromString(event.detail.serverResponse, "text/html");
    slice(page.querySelectorAll('head link[rel="stylesheet"]')).forEach(function (link) {
      var href = link.getAttribute("href");
      var have = slice(document.querySelectorAll('link[rel="stylesheet"]')).some(function (l) {
        return l.getAttribute("href") === href;
      });
      if (!have) document.head.appendChild(link);
    });
    ["class", "hx-headers"].forEach(function (name) {
      var value = page.body.getAttribute(name);
      if (value === null) document.body.removeAttribute(name);
      else document.body.setAttribute(name, value);
    });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.boosted) return;
    live.find();
    live.next(live.every()); // the new page's polls
  });
  // The page shows its messages: the status line says them out of sight (a
  // screen reader misses a list the swap brings), not a second time. Once
  // settled: htmx's settle gives the status line the attributes the server
  // sent, which would show it again.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.boosted || event.target !== document.body) return;
    var messages = document.querySelector("main .messages");
    if (messages) live.say(messages.textContent.replace(/\s+/g, " ").trim(), true);
  });

  live.onStart(function () {
    // An htmx request with no answer at all ends too: not a form left waiting.
    if (window.htmx && !window.htmx.config.timeout) window.htmx.config.timeout = live.TIMEOUT;
  });
})();
