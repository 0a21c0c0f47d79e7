// CardNight's live pages, part 5 of 8: sending when the Wi-Fi allows.
// A form with data-outbox is not sent directly but saved in localStorage
// with an id made here, then sent in order when the connection allows, also
// after a reload; the server carries out each id once
// (tables/services/receipts.py). A form with data-online needs the
// connection: it is only sent when the server answers.
(function () {
  "use strict";
  var live = window.CardNightLive;
  var slice = live.slice;
  var STORE = "cardnight-outbox";
  var running = null; // the outbox being sent

  live.load = function () {
    try { return JSON.parse(window.localStorage.getItem(STORE)) || []; } catch (e) { return []; }
  };
  function save(list) {
    try { window.localStorage.setItem(STORE, JSON.stringify(list)); } catch (e) { /* full: sent now or never */ }
  }

  function newId() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return slice(bytes).map(function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  // The form's note, with the button's value in it or its words after it.
  function note(form, tapped) {
    var text = form.getAttribute("data-outbox-note") || live.words("waiting");
    return /%s/.test(text) ? text.replace("%s", tapped ? tapped.value : "") :
      text + (tapped ? " (" + live.label(tapped) + ")" : "");
  }

  function enqueue(form, submitter) {
    var body = new URLSearchParams(new FormData(form));
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    body.delete("csrfmiddlewaretoken"); // the page's own token goes with it when sent
    body.set("request_id", newId());
    var list = live.load();
    list.push({
      url: form.getAttribute("action"),
      body: body.toString(),
      target: form.getAttribute("data-outbox"),
      note: note(form, submitter)
    });
    save(list);
    if (navigator.onLine === false) live.offline();
    live.tick();
  }

  // Send the outbox in order; resolves when it is empty, fails when the
  // connection does (the rest waits for the next try).
  live.flush = function () {
    if (running) return running;
    running = new Promise(function (resolve, reject) {
      var sent = 0;
      function sendFirst() {
        var entry = live.load()[0];
        if (!entry) return resolve(sent);
        live.request(entry.url, {
          method: "POST",
          headers: { "HX-Request": "true", "X-CSRFToken": live.csrf(),
                     "Content-Type": "application/x-www-form-urlencoded" },
          body: entry.body
        }).then(function (response) {
          if (response.status >= 502) throw live.serverTrouble(response);
          if (response.redirected) { // signed out: it waits until the person signs in again
            live.say(live.words("refused"));
            return resolve(sent);
          }
          return response.text().then(function (html) {
            save(live.load().filter(function (e) { return e.body !== entry.body; }));
            sent += 1;
            if (!live.apply(html) && !response.ok) live.say(refusal(html));
            sendFirst();
          });
        }).catch(reject);
      }
      sendFirst();
    });
    var done = function () { running = null; };
    running.then(done, function () { done(); live.markQueued(); });
    return running;
  };

  // A refusal that is not a part of this page (e.g. the table closed): its words.
  function refusal(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var message = template.content.querySelector(".message, main");
    var text = message ? message.textContent.replace(/\s+/g, " ").trim() : "";
    return text && text.length < 400 ? text : live.words("refused");
  }

  // Tables and reports still in the outbox say so (only while it waits).
  live.markQueued = function () {
    slice(document.querySelectorAll(".outbox-note")).forEach(function (el) { el.remove(); });
    slice(document.querySelectorAll(".is-queued")).forEach(function (el) { el.classList.remove("is-queued"); });
    if (live.failingSince === null) return;
    var notes = [];
    live.load().forEach(function (entry) {
      var target = entry.target && document.getElementById(entry.target);
      if (!target) return;
      var note = document.createElement("p");
      note.className = "outbox-note";
      note.textContent = entry.note;
      target.classList.add("is-queued");
      target.appendChild(note);
      notes.push(entry.note);
    });
    if (notes.length) live.say(notes[notes.length - 1]);
  };

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-outbox")) {
      event.preventDefault();
      event.stopPropagation();
      enqueue(form, event.submitter);
    } else if (form.hasAttribute("data-online")) {
      // Checked: htmx sends it (hx-boost), so a 5xx says "Not saved" too.
      if (form.hasAttribute("data-checked")) { form.removeAttribute("data-checked"); return; }
      // Ask the server first: a form sent into a dead Wi-Fi shows the phone's own error page.
      event.preventDefault();
      event.stopPropagation(); // htmx waits for the check
      live.request(form.getAttribute("data-online"), { cache: "no-store" }).then(function (response) {
        if (!response.ok) throw new Error("server " + response.status);
        // A poll may have swapped the section (and this form) meanwhile, and
        // a form no longer in the page sends nothing: send the one there now.
        var current = form.isConnected ? form : document.querySelector(
          'form[data-online][action="' + form.getAttribute("action") + '"]');
        if (!current) return;
        current.setAttribute("data-checked", "");
        if (current.requestSubmit) current.requestSubmit(); else current.submit();
      }).catch(function () { live.offline(); live.notice(form, live.checkFailed(form)); });
    }
  }, true);
})();
