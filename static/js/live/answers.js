// CardNight's live pages, part 7 of 8: what a form's answer says. "Not
// saved" in the words of what the person did (Enter, or a tap on a button);
// a form that is done once however often it is sent (data-resend: Start
// game) sent again at once when its answer was lost, so that the page says
// what happened, not "Not saved"; a refusal's page keeps the page's address.
(function () {
  "use strict";
  var live = window.CardNightLive;
  var slice = live.slice;
  var enterIn = null; // the form whose field Enter was pressed in, this moment
  var resent = {}; // the addresses of data-resend forms sent again

  // The same form as now on the page (a poll may have put in a new copy).
  live.current = function (form) {
    return !form || form.isConnected ? form :
      document.querySelector('form[action="' + form.getAttribute("action") + '"]') || form;
  };
  function button(form) { return form.liveTapped || form.querySelector("[type=submit]"); }

  live.again = function (form) {
    return form.liveTapped ? live.words("not-saved-tap").replace("%s", live.label(form.liveTapped))
                           : live.words("not-saved");
  };
  function unsure(form) { return live.words("unsure").replace("%s", live.label(button(form))); }

  // Sent again once, at once: the server does it once and says what happened.
  live.resend = function (form) {
    var action = form.getAttribute("action");
    if (!form.hasAttribute("data-resend")) return false;
    if (resent[action]) {
      delete resent[action];
      live.notice(form, unsure(form));
      return true;
    }
    resent[action] = true;
    live.notice(form, live.words("checking"));
    setTimeout(function () {
      var now = live.current(form);
      var tapped = now.liveTapped;
      if (now.isConnected) now.requestSubmit(tapped && tapped.form === now ? tapped : undefined);
    }, 500);
    return true;
  };
  // The data-online check failed (outbox.js): said as it is if sent again.
  live.checkFailed = function (form) {
    var action = form.getAttribute("action");
    var was = resent[action];
    delete resent[action];
    return was ? unsure(form) : live.words("needs");
  };

  // A poll's swap keeps a form's notice while the form is the same one.
  function fields(form) {
    return slice(form.querySelectorAll("input[type=hidden]")).map(function (i) {
      return i.name === "csrfmiddlewaretoken" ? "" : i.name + "=" + i.value;
    }).join("&");
  }
  live.keepNotices = function (root) {
    var kept = slice(root.querySelectorAll(".live-notice")).map(function (el) {
      var form = el.closest("form");
      el.remove();
      return form && [form.getAttribute("action"), fields(form), el.textContent];
    }).filter(Boolean);
    return function () {
      kept.forEach(function (k) {
        var form = document.querySelector('form[action="' + k[0] + '"]');
        if (form && fields(form) === k[1]) live.notice(form, k[2]);
      });
    };
  };

  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (event.key !== "Enter" || !el.form || /^(submit|button)$/.test(el.type)) return;
    enterIn = el.form;
    setTimeout(function () { enterIn = null; }, 0);
  }, true);
  // Enter in a field clicks the form's button too, at that moment.
  document.addEventListener("click", function (event) {
    var tapped = event.target.closest && event.target.closest("button, input[type=submit]");
    if (tapped && tapped.form && tapped.type === "submit") {
      tapped.form.liveTapped = enterIn === tapped.form ? null : tapped;
    }
  }, true);
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (form && xhr && xhr.status && xhr.status < 500) delete resent[form.getAttribute("action")];
  });
  // A refusal (4xx) is the page the form was on, again: its address stays
  // (the form's POST address in the bar made a reload a blank 405).
  document.addEventListener("htmx:beforeHistoryUpdate", function (event) {
    var d = event.detail;
    if (d.boosted && d.xhr && d.xhr.status >= 400 && d.requestConfig.verb !== "get") {
      d.history.type = "replace";
      d.history.path = location.pathname + location.search;
    }
  });
})();
