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
})();
