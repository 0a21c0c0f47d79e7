// The door's names as comboboxes (the WAI-ARIA combobox pattern, list
// popup): two letters typed in either name ask the server for the hall's
// regular couples and players that match (tables/suggestions.py, the options
// from templates/tables/_door_suggestions.html). A couple's option fills both
// names, a player's fills the name being typed; then Enter registers as
// always. Up and down arrows choose, Enter or a tap fills, Escape closes.
// Without this script the names are plain fields.
(function () {
  "use strict";
  var FIELDS = ["id_player1", "id_player2"];
  var WAIT_MS = 60; // a pause in typing before asking: fewer requests, still at once
  var asked = 0;
  var timer = null;

  function list() { return document.getElementById("door-suggestions"); }
  function status() { return document.getElementById("door-suggest-status"); }
  function isName(el) { return el && FIELDS.indexOf(el.id) >= 0 && el.closest("[data-suggest-url]"); }
  function options() { var l = list(); return l ? Array.prototype.slice.call(l.querySelectorAll("[role=option]")) : []; }
  function active(input) {
    var id = input.getAttribute("aria-activedescendant");
    return id ? document.getElementById(id) : null;
  }

  function enhance() {
    FIELDS.forEach(function (id) {
      var input = document.getElementById(id);
      if (!isName(input) || input.hasAttribute("role")) return;
      input.setAttribute("role", "combobox");
      input.setAttribute("aria-autocomplete", "list");
      input.setAttribute("aria-controls", "door-suggestions");
      input.setAttribute("aria-expanded", "false");
      input.setAttribute("autocomplete", "off"); // ours, not the browser's, list
    });
  }

  function close() {
    var l = list();
    if (l) { l.hidden = true; l.innerHTML = ""; }
    FIELDS.forEach(function (id) {
      var field = document.getElementById(id);
      if (field) { field.setAttribute("aria-expanded", "false"); field.removeAttribute("aria-activedescendant"); }
    });
  }

  function cancel() { // closed, and an answer on its way no longer wanted
    clearTimeout(timer);
    asked++;
    close();
  }

  function choose(input, option) {
    options().forEach(function (o) { o.setAttribute("aria-selected", o === option ? "true" : "false"); });
    if (option) {
      input.setAttribute("aria-activedescendant", option.id);
      option.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function show(input, html, query) {
    var l = list();
    if (!l || document.activeElement !== input || input.value !== query) return;
    l.innerHTML = html;
    l.setAttribute("data-query", query); // what the list answers (the browser tests wait on it)
    var field = input.closest(".field") || input.parentNode;
    if (l.previousElementSibling !== field) field.parentNode.insertBefore(l, field.nextSibling);
    var template = l.querySelector("template[data-status]");
    var found = options().length > 0;
    l.hidden = !found;
    input.setAttribute("aria-expanded", found ? "true" : "false");
    input.removeAttribute("aria-activedescendant");
    if (status() && template) status().textContent = template.getAttribute("data-status");
  }

  function ask(input) {
    var query = input.value;
    var letters = query.replace(/[\s\p{P}]/gu, "");
    var mine = ++asked;
    if (letters.length < 2) { close(); return; }
    var url = input.closest("[data-suggest-url]").getAttribute("data-suggest-url");
    fetch(url + "?q=" + encodeURIComponent(query), { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (answer) { return answer.ok ? answer.text() : Promise.reject(answer.status); })
      .then(function (html) { if (mine === asked) show(input, html, query); })
      .catch(function () { if (mine === asked) close(); }); // no list: type as without it
  }

  function fill(input, option) {
    var first = document.getElementById(FIELDS[0]);
    var second = document.getElementById(FIELDS[1]);
    var player2 = option.getAttribute("data-player2");
    if (player2 !== null) {
      first.value = option.getAttribute("data-player1");
      second.value = player2;
    } else {
      input.value = option.getAttribute("data-player1");
    }
    cancel();
    var other = input === first ? second : first;
    var next = player2 === null && !other.value ? other : input;
    next.focus();
    next.setSelectionRange(next.value.length, next.value.length);
    if (status()) status().textContent = player2 !== null ? first.value + " & " + second.value : input.value;
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!isName(input)) return;
    clearTimeout(timer);
    timer = setTimeout(function () { ask(input); }, WAIT_MS);
  });

  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!isName(input)) return;
    var open = input.getAttribute("aria-expanded") === "true";
    var all = options();
    var current = active(input);
    var at = all.indexOf(current);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!open) { if (input.value) ask(input); return; }
      event.preventDefault();
      var step = event.key === "ArrowDown" ? 1 : -1;
      var next = at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
      choose(input, all[next]);
    } else if (event.key === "Enter" && open && current) {
      event.preventDefault(); // fills the names; the next Enter registers
      fill(input, current);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      cancel();
    } else if (event.key === "Tab") {
      cancel();
    }
  });

  document.addEventListener("mousedown", function (event) {
    // A tap on the list keeps the cursor in the name being typed.
    if (event.target.closest && event.target.closest("#door-suggestions")) event.preventDefault();
  });

  document.addEventListener("click", function (event) {
    var option = event.target.closest && event.target.closest("#door-suggestions [role=option]");
    if (!option) return;
    var input = document.activeElement;
    if (!isName(input)) input = document.getElementById(FIELDS[0]);
    fill(input, option);
  });

  document.addEventListener("focusout", function (event) {
    if (!isName(event.target)) return;
    setTimeout(function () { if (!isName(document.activeElement)) cancel(); }, 0);
  });

  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:load", enhance);

  // Typing on while a couple is on its way: every key is kept. At Enter the
  // names sent leave the fields and the cursor goes to the first one, so the
  // next couple is typed at once, in its own fields; the answer's fresh form
  // gets what was typed since, where it was typed. An Enter pressed before
  // the answer counts too: that couple is sent next. A refusal (the form
  // again, with the names it refuses) or no answer puts the names sent back,
  // in front of anything typed since.
  var sending = null; // the couple on its way: {names, cleared, swapped}
  var queue = []; // couples whose Enter came while another was on its way
  var enterAfter = false; // an Enter with a name missing, while one was on its way
  var handing = false; // an answer came and a kept couple is about to go out
  var typed = null; // the fields when the answer came: {values, at, start, end}

  function names() { return FIELDS.map(function (id) { return document.getElementById(id); }); }
  function isRegistration(form) {
    return form && form.tagName === "FORM" && form.hasAttribute("hx-post") &&
      form.contains(document.getElementById(FIELDS[0]));
  }
  function join() {
    return Array.prototype.filter.call(arguments, Boolean).join(" ");
  }
  function snapshot() {
    var fields = names();
    var at = fields.indexOf(document.activeElement);
    return { values: fields.map(function (f) { return f ? f.value : ""; }), at: at,
             start: at < 0 ? 0 : fields[at].selectionStart, end: at < 0 ? 0 : fields[at].selectionEnd };
  }
  // Both names given: sent, and out of the fields.
  function takeOut(fields) {
    var values = fields.map(function (f) { return f.value; });
    if (!values[0].trim() || !values[1].trim()) return null;
    fields.forEach(function (f) { f.value = ""; });
    cancel();
    return values;
  }
  // What typing did to the fields since `names` left them, put back after them.
  function putBack(fields, was, values, at) {
    fields.forEach(function (f, i) {
      f.value = join.apply(null, [was[i]].concat(queue.map(function (q) { return q[i]; }), [values[i]]));
    });
    queue = [];
    enterAfter = false;
    if (at >= 0) fields[at].focus({ preventScroll: true });
  }
  function focusAt(fields, state) {
    if (state.at < 0) return;
    var field = fields[state.at];
    field.removeAttribute("autofocus");
    field.focus({ preventScroll: true });
    try { field.setSelectionRange(state.start, state.end); } catch (e) { /* not a text field */ }
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!isRegistration(form)) return;
    var fields = names();
    var inForm = form.contains(document.activeElement) || document.activeElement === document.body;
    var values = fields.map(function (f) { return f.value; });
    var out = takeOut(fields);
    sending = { names: values, cleared: Boolean(out), swapped: false };
    if (out && inForm && !form.hasAttribute("data-sent-for-you")) fields[0].focus({ preventScroll: true });
    form.removeAttribute("data-sent-for-you");
  });

  document.addEventListener("keydown", function (event) {
    if (!(sending || handing) || event.key !== "Enter" || event.defaultPrevented ||
        !isName(event.target)) return;
    event.preventDefault(); // the form's button waits for the answer: kept here instead
    var fields = names();
    var out = takeOut(fields);
    if (out) { queue.push(out); fields[0].focus({ preventScroll: true }); } else enterAfter = true;
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target || !target.contains(document.getElementById(FIELDS[0]))) return;
    typed = snapshot();
    if (sending) sending.swapped = true;
  });

  // The next couple as typed so far, where it was typed.
  function carry(fields, state) {
    fields.forEach(function (f, i) { f.value = state.values[i]; });
    focusAt(fields, state);
    var field = fields[state.at];
    if (field && field.value) field.dispatchEvent(new Event("input", { bubbles: true })); // its suggestions
  }

  document.addEventListener("htmx:afterSwap", function () {
    var fields = names();
    var state = typed;
    var sent = sending;
    typed = null;
    if (!state || !fields[0] || !fields[1]) return;
    var fresh = !fields[0].value && !fields[1].value; // registered: an empty form
    var since = state.values.some(Boolean);
    if (!sent) { // another form's answer replaced the section
      if (fresh && since) carry(fields, state);
      return;
    }
    sending = null;
    if (sent.cleared && !fresh) { // refused: its names again, what was typed since after them
      if (since || queue.length) putBack(fields, sent.names, state.values, state.at);
    } else if (sent.cleared) {
      if (since) carry(fields, state);
    } else if (state.values[0] !== sent.names[0] || state.values[1] !== sent.names[1]) {
      carry(fields, state); // a name was missing; typed on in the same fields
    }
    // An Enter kept while it was on its way: its couple now.
    var next = fresh || !sent.cleared ? queue.shift() : null;
    var again = !next && enterAfter && fresh;
    enterAfter = false;
    if (!next && !again) return;
    var form = fields[0].form;
    handing = true; // an Enter pressed before it goes out waits behind it
    setTimeout(function () { // once the answer's request is over
      handing = false;
      if (sending) { // another went out first (htmx drops a second): this one after its answer
        if (next) queue.unshift(next); else enterAfter = true;
        return;
      }
      var now = snapshot();
      if (next) fields.forEach(function (f, i) { f.value = next[i]; });
      form.setAttribute("data-sent-for-you", "");
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
      if (next) carry(fields, now);
    }, 0);
  });

  // No answer (or a 5xx): nothing swapped, the names sent go back in front.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!sending || sending.swapped || !isRegistration(event.detail.elt)) return;
    var sent = sending;
    sending = null;
    var state = snapshot();
    if (sent.cleared || queue.length) {
      putBack(names(), sent.cleared ? sent.names : ["", ""], state.values, state.at);
    }
  });
})();
