// CardNight's live pages: one small script of our own, no build step.
// docs/organizer-guide.md "When the Wi-Fi drops" says what each person sees.
//
// 1. Polls. An element with data-poll="URL" (and data-every="seconds") is
//    asked for again with If-None-Match: 304 when nothing changed. A changed
//    answer is swapped in by id, touching only the nodes that differ, so
//    focus and scroll stay where they were.
// 2. The status line (#live-status, polite) says in words what changed: the
//    text of every [data-announce] that is new or different.
// 3. No connection: the page keeps what it has, a banner says since when,
//    retries back off (2, 4 ... 30 s); waking the phone asks at once. When
//    the server answers but cannot serve (a 5xx: its database is down, say)
//    the banner says that instead: the Wi-Fi is fine, nobody need fix it.
// 4. The outbox: a form with data-outbox is not sent directly but saved in
//    localStorage with an id made here, then sent in order when the
//    connection allows, also after a reload. The server carries out each id
//    once (tables/services/receipts.py).
// 5. A form with data-online needs the connection: it is only sent when the
//    server answers. An htmx form with no answer it can use (no connection,
//    a 5xx from the app or the proxy in front of it, no answer in TIMEOUT)
//    keeps what was typed, says "Not saved" in the form and hides the green
//    line of the save before, which is no longer news.
// 5a. After an htmx swap the cursor is at once where the new content puts
//    it ([autofocus]), not a moment later, when the volunteer may be typing.
// 6. TV (body.tv): the standings scroll (or page, with reduced motion);
//    Space, a click or the Pause button pauses them.
(function () {
  "use strict";
  var STORE = "cardnight-outbox";
  var TIMEOUT = 10000;
  var status, banner;
  var failingSince = null;
  var failingKind = null; // "offline" (no answer) or "server" (an answer, but a 5xx)
  var delay = 0;
  var timer = null;
  var etags = {};
  var running = null; // the outbox being sent
  var applying = false;

  function slice(list) { return Array.prototype.slice.call(list || []); }
  function words(name) { return (status && status.getAttribute("data-" + name)) || ""; }
  function say(text, echo) { // echo: the banner shows it already, only read it out
    if (!status || !text) return;
    status.textContent = text;
    status.classList.toggle("echo", Boolean(echo));
  }
  function two(n) { return (n < 10 ? "0" : "") + n; }

  function request(url, options) {
    var controller = window.AbortController ? new AbortController() : null;
    var timeout = setTimeout(function () { if (controller) controller.abort(); }, TIMEOUT);
    options.credentials = "same-origin";
    if (controller) options.signal = controller.signal;
    return fetch(url, options).then(
      function (response) {
        clearTimeout(timeout);
        if (response.status < 502) online(); // the server answered
        return response;
      },
      function (error) { clearTimeout(timeout); throw error; }
    );
  }

  // A server that answered, but with an error of its own (not the Wi-Fi).
  function serverTrouble(response) {
    var error = new Error("server " + response.status);
    error.server = true;
    return error;
  }

  // --- Connection -----------------------------------------------------------
  function offline(error) {
    var kind = error && error.server ? "server" : "offline";
    if (failingSince !== null && kind === failingKind) return;
    failingSince = failingSince || new Date();
    failingKind = kind;
    var text = words(kind).replace("%s", two(failingSince.getHours()) + ":" + two(failingSince.getMinutes()));
    if (banner) { banner.textContent = text; banner.hidden = false; }
    document.documentElement.classList.add("is-offline");
    say(text, true);
    markQueued();
  }

  function online() {
    if (failingSince === null) return;
    failingSince = null;
    failingKind = null;
    if (banner) banner.hidden = true;
    document.documentElement.classList.remove("is-offline");
    say(words("back"));
  }

  // --- Swapping only what changed --------------------------------------------
  function announced(root) {
    var found = root.matches && root.matches("[data-announce]") ? [root] : [];
    return found.concat(slice(root.querySelectorAll("[data-announce]"))).map(function (el) {
      return (el.getAttribute("data-announce") || el.textContent).replace(/\s+/g, " ").trim();
    });
  }

  function morph(old, neu, fresh) {
    if (old.isEqualNode(neu)) return;
    if (old.nodeType === 3 && neu.nodeType === 3) { old.nodeValue = neu.nodeValue; return; }
    if (old.nodeType !== 1 || neu.nodeType !== 1 || old.tagName !== neu.tagName ||
        old.childNodes.length !== neu.childNodes.length || /^(INPUT|SELECT|TEXTAREA)$/.test(old.tagName)) {
      old.parentNode.replaceChild(neu, old);
      fresh.push(neu);
      return;
    }
    slice(old.attributes).forEach(function (a) {
      if (a.name !== "open" && !neu.hasAttribute(a.name)) old.removeAttribute(a.name);
    });
    slice(neu.attributes).forEach(function (a) {
      if (a.name !== "open" && old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    });
    var news = slice(neu.childNodes);
    slice(old.childNodes).forEach(function (child, i) { morph(child, news[i], fresh); });
  }

  // Where focus was, so that it can come back if its element was replaced.
  function focusOf(el) {
    if (!el || el === document.body) return null;
    var ids = [];
    for (var up = el; up && up !== document.body; up = up.parentElement) if (up.id) ids.push(up.id);
    return { el: el, ids: ids, name: el.getAttribute("name"), value: el.getAttribute("value"),
             action: el.form ? el.form.getAttribute("action") : null, href: el.getAttribute("href") };
  }

  // Whether `el` is drawn (a control in a closed <details>, like a recorded
  // table's "Change" panel, is not, and focus() on it silently does nothing).
  function shown(el) {
    if (!el.getClientRects().length) return false;
    for (var up = el; up; up = up.parentElement) {
      var folded = up.parentElement;
      if (folded && folded.tagName === "DETAILS" && !folded.open && up.tagName !== "SUMMARY") return false;
    }
    return true;
  }

  // Focus back where it was, on the same control if it is still shown, else
  // next to it: the heading of the nearest block with the same id (the same
  // table's card, when another volunteer has just recorded that table).
  function refocus(was) {
    if (!was || (was.el.isConnected && shown(was.el))) return;
    var found = null;
    if (was.action) {
      found = slice(document.querySelectorAll("form")).filter(function (f) {
        return f.getAttribute("action") === was.action;
      }).map(function (f) {
        return slice(f.elements).filter(function (el) {
          return el.getAttribute("name") === was.name && el.getAttribute("value") === was.value;
        })[0];
      }).filter(Boolean)[0];
    } else if (was.href) {
      found = slice(document.querySelectorAll("a[href]")).filter(function (a) {
        return a.getAttribute("href") === was.href;
      })[0];
    }
    if (found && !shown(found)) found = null;
    for (var i = 0; !found && i < was.ids.length; i++) {
      var block = document.getElementById(was.ids[i]);
      if (!block || !shown(block)) continue;
      var heading = block.matches("h1, h2, h3") ? block : block.querySelector("h2, h3");
      found = heading && shown(heading) ? heading : block;
    }
    if (!found) return;
    if (found.tabIndex < 0 && !found.hasAttribute("tabindex")) found.setAttribute("tabindex", "-1");
    found.focus({ preventScroll: true });
  }

  // Every top-level element of `html` with an id replaces the one on the page.
  function apply(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var said = [];
    var swapped = false;
    applying = true;
    slice(template.content.children).forEach(function (neu) {
      var old = neu.id && document.getElementById(neu.id);
      if (!old) return;
      var before = announced(old);
      var after = announced(neu);
      var was = focusOf(document.activeElement);
      var fresh = [];
      morph(old, neu, fresh);
      if (window.htmx) fresh.forEach(function (el) { window.htmx.process(el); });
      refocus(was);
      swapped = true;
      after.forEach(function (text) { if (before.indexOf(text) < 0 && said.indexOf(text) < 0) said.push(text); });
    });
    applying = false;
    if (said.length) say(said.join(" "));
    markQueued();
    return swapped;
  }

  // --- Polls ----------------------------------------------------------------
  function regions() { return slice(document.querySelectorAll("[data-poll]")); }

  function every() {
    return Math.min.apply(null, regions().map(function (el) {
      return parseFloat(el.getAttribute("data-every")) || 5;
    }).concat([30])) * 1000;
  }

  function pollOne(el) {
    var url = el.getAttribute("data-poll");
    var headers = { "HX-Request": "true" };
    var etag = etags[url] || el.getAttribute("data-etag");
    if (etag) headers["If-None-Match"] = etag;
    return request(url, { headers: headers, cache: "no-store" }).then(function (response) {
      if (response.status >= 500) throw serverTrouble(response);
      if (response.status === 304) return null;
      var tag = response.headers.get("ETag");
      return response.text().then(function (html) {
        if (tag) etags[url] = tag;
        if (response.ok) apply(html);
      });
    });
  }

  function tick() {
    clearTimeout(timer);
    timer = null;
    if (document.hidden) return; // visibilitychange asks again
    flush().then(function (sent) {
      // Just sent: the answers are on the page; the next poll comes as usual.
      return sent ? null : Promise.all(regions().map(pollOne));
    }).then(function () {
      online();
      delay = 0;
      next(every());
    }, function (error) {
      offline(error);
      delay = Math.min(30000, delay ? delay * 2 : 2000);
      next(delay);
    });
  }

  function next(ms) {
    clearTimeout(timer);
    if (regions().length || load().length) timer = setTimeout(tick, ms);
  }

  // --- The outbox -----------------------------------------------------------
  function load() {
    try { return JSON.parse(window.localStorage.getItem(STORE)) || []; } catch (e) { return []; }
  }
  function save(list) {
    try { window.localStorage.setItem(STORE, JSON.stringify(list)); } catch (e) { /* full: sent now or never */ }
  }

  function newId() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return slice(bytes).map(function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { /* below */ }
    var match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? match[1] : "";
  }

  function enqueue(form, submitter) {
    var body = new URLSearchParams(new FormData(form));
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    body.delete("csrfmiddlewaretoken"); // the page's own token goes with it when sent
    body.set("request_id", newId());
    var list = load();
    list.push({
      url: form.getAttribute("action"),
      body: body.toString(),
      target: form.getAttribute("data-outbox"),
      note: (form.getAttribute("data-outbox-note") || words("waiting")) +
            (submitter ? " (" + (submitter.getAttribute("aria-label") || submitter.textContent).replace(/\s+/g, " ").trim() + ")" : "")
    });
    save(list);
    if (navigator.onLine === false) offline();
    tick();
  }

  // Send the outbox in order; resolves when it is empty, fails when the
  // connection does (the rest waits for the next try).
  function flush() {
    if (running) return running;
    running = new Promise(function (resolve, reject) {
      var sent = 0;
      function sendFirst() {
        var entry = load()[0];
        if (!entry) return resolve(sent);
        request(entry.url, {
          method: "POST",
          headers: { "HX-Request": "true", "X-CSRFToken": csrf(),
                     "Content-Type": "application/x-www-form-urlencoded" },
          body: entry.body
        }).then(function (response) {
          if (response.status >= 502) throw serverTrouble(response);
          if (response.redirected) { // signed out: it waits until the person signs in again
            say(words("refused"));
            return resolve(sent);
          }
          return response.text().then(function (html) {
            save(load().filter(function (e) { return e.body !== entry.body; }));
            sent += 1;
            if (!apply(html) && !response.ok) say(refusal(html));
            sendFirst();
          });
        }).catch(reject);
      }
      sendFirst();
    });
    var done = function () { running = null; };
    running.then(done, function () { done(); markQueued(); });
    return running;
  }

  // A refusal that is not a part of this page (e.g. the table closed): its words.
  function refusal(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var message = template.content.querySelector(".message, main");
    var text = message ? message.textContent.replace(/\s+/g, " ").trim() : "";
    return text && text.length < 400 ? text : words("refused");
  }

  // Tables and reports still in the outbox say so (only while it waits).
  function markQueued() {
    slice(document.querySelectorAll(".outbox-note")).forEach(function (el) { el.remove(); });
    slice(document.querySelectorAll(".is-queued")).forEach(function (el) { el.classList.remove("is-queued"); });
    if (failingSince === null) return;
    var notes = [];
    load().forEach(function (entry) {
      var target = entry.target && document.getElementById(entry.target);
      if (!target) return;
      var note = document.createElement("p");
      note.className = "outbox-note";
      note.textContent = entry.note;
      target.classList.add("is-queued");
      target.appendChild(note);
      notes.push(entry.note);
    });
    if (notes.length) say(notes[notes.length - 1]);
  }

  function notice(form, text) {
    var el = form.querySelector(".live-notice");
    if (!el) {
      el = document.createElement("p");
      el.className = "message error live-notice";
      el.setAttribute("role", "alert");
      form.insertBefore(el, form.firstChild);
    }
    el.textContent = text;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-outbox")) {
      event.preventDefault();
      event.stopPropagation();
      enqueue(form, event.submitter);
    } else if (form.hasAttribute("data-online")) {
      // Ask the server first: a form sent into a dead Wi-Fi shows the phone's own error page.
      event.preventDefault();
      request(form.getAttribute("data-online"), { cache: "no-store" }).then(function (response) {
        if (!response.ok) throw new Error("server " + response.status);
        // A poll may have swapped the section (and this form) meanwhile, and
        // a form no longer in the page sends nothing: send the one there now.
        var current = form.isConnected ? form : document.querySelector(
          'form[data-online][action="' + form.getAttribute("action") + '"]');
        if (current) current.submit(); // no second submit event
      }).catch(function () { offline(); notice(form, words("needs")); });
    }
  }, true);

  // --- An htmx form that was not saved --------------------------------------
  // htmx swaps nothing then, so the fields keep what was typed; the form says
  // so, and a success line left from before is hidden. A door registration
  // sent again carries the same id (tables/services/receipts.py): one couple.
  function notSaved(event, text, error) {
    var elt = event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    offline(error);
    [event.detail.target, form].forEach(function (root) {
      if (!root || !root.querySelectorAll) return;
      slice(root.querySelectorAll(".message.success, .card-message")).forEach(function (el) {
        el.hidden = true;
      });
    });
    if (form) notice(form, text);
  }
  document.addEventListener("htmx:sendError", function (event) {
    notSaved(event, words("not-saved"));
  });
  document.addEventListener("htmx:timeout", function (event) {
    notSaved(event, words("not-saved-retry"));
  });
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status >= 500) notSaved(event, words("not-saved-retry"), serverTrouble(xhr));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !xhr.status || xhr.status >= 500) return;
    online(); // the server answered
    var elt = event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    var old = form && form.querySelector(".live-notice");
    if (old) old.remove();
  });

  // --- A plain form, sent by htmx (hx-boost) ---------------------------------
  // Every form that changes data and has no htmx of its own is boosted: htmx
  // sends it, and any answer the page can use (a redirect, the form again with
  // its errors) becomes the page, as a plain form's would; a 5xx or no answer
  // swaps nothing and "Not saved" above says so. The server sees what a plain
  // form sends (no HX-Request: no part of a page comes back), and the new
  // page's body attributes (its CSRF token) and stylesheets come with it.
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
    status = document.getElementById("live-status");
    banner = document.getElementById("live-banner");
    var messages = document.querySelector("main .messages");
    if (messages) say(messages.textContent.replace(/\s+/g, " ").trim());
    next(every()); // the new page's polls
  });

  // --- Focus after an htmx swap (5a) ------------------------------------------
  // htmx puts the cursor back in the field with the old one's id, and moves
  // it to [autofocus] only when the swap settles: a volunteer quick enough to
  // type or tap in between (a slow phone makes it long) had the cursor taken
  // from under their fingers. It goes there now, once.
  document.addEventListener("htmx:afterSwap", function (event) {
    var root = event.detail.elt;
    if (!root || !root.isConnected || !root.querySelector) return;
    var field = root.matches("[autofocus]") ? root : root.querySelector("[autofocus]");
    if (!field) return;
    field.removeAttribute("autofocus"); // htmx's own focus at settle would come too late
    field.focus({ preventScroll: true });
  });
  document.addEventListener("htmx:load", function (event) {
    var elt = event.detail.elt;
    // A whole page (a boosted form's answer) is not news: its messages are said.
    if (!applying && elt !== document.body && elt.parentElement !== document.body && elt.isConnected) {
      say(announced(elt).join(" "));
    }
  });

  // --- TV: scroll or page through the standings, with a pause ----------------
  // Each column (data-autoscroll) scrolls by itself, and so does the page on a
  // narrow screen. The element is looked up on every frame, because a poll
  // swaps the columns for new ones; each position is kept here.
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
      say(words(paused ? "paused" : "resumed"));
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

  // --- Start ------------------------------------------------------------------
  function start() {
    status = document.getElementById("live-status");
    banner = document.getElementById("live-banner");
    // An htmx request with no answer at all ends too: not a form left waiting.
    if (window.htmx && !window.htmx.config.timeout) window.htmx.config.timeout = TIMEOUT;
    if (document.body.classList.contains("tv")) tv();
    document.addEventListener("visibilitychange", function () { if (!document.hidden) tick(); });
    window.addEventListener("online", tick);
    window.addEventListener("offline", offline);
    window.addEventListener("pageshow", function (event) { if (event.persisted) tick(); });
    if (load().length) tick(); else next(every());
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
