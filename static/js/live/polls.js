// CardNight's live pages, part 4 of 8: polls. An element with
// data-poll="URL" (and data-every="seconds") is asked for again with
// If-None-Match: 304 when nothing changed. A changed answer is swapped in by
// id, touching only the nodes that differ, so focus and scroll stay; the
// status line says in words what changed (every new [data-announce]). No
// answer: retries back off (2, 4 ... 30 s); waking the phone asks at once,
// and so does any answer from the server while they back off (kick).
(function () {
  "use strict";
  var live = window.CardNightLive;
  var slice = live.slice;
  var delay = 0;
  var timer = null;
  var etags = {};
  var applying = false;
  var ticking = 0; // ticks on their way

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

  // Every top-level element of `html` with an id replaces the one on the page.
  live.apply = function (html) {
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
      var was = live.focusOf(document.activeElement);
      var fresh = [];
      var notices = live.keepNotices(old);
      morph(old, neu, fresh);
      notices();
      if (window.htmx) fresh.forEach(function (el) { window.htmx.process(el); });
      live.refocus(was);
      swapped = true;
      after.forEach(function (text) { if (before.indexOf(text) < 0 && said.indexOf(text) < 0) said.push(text); });
    });
    applying = false;
    if (said.length) live.say(said.join(" "));
    live.markQueued();
    return swapped;
  };

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
    return live.request(url, { headers: headers, cache: "no-store" }).then(function (response) {
      if (response.status >= 500) throw live.serverTrouble(response);
      if (response.status === 304) return null;
      var tag = response.headers.get("ETag");
      return response.text().then(function (html) {
        if (tag) etags[url] = tag;
        if (response.ok) live.apply(html);
      });
    });
  }

  // Send what waits in the outbox first, then ask every region.
  live.tick = function () {
    clearTimeout(timer);
    timer = null;
    if (document.hidden) return; // visibilitychange asks again
    ticking += 1;
    live.flush().then(function (sent) {
      // Just sent: the answers are on the page; the next poll comes as usual.
      return sent ? null : Promise.all(regions().map(pollOne));
    }).then(function () {
      live.online();
      ticking -= 1;
      delay = 0;
      live.next(every());
    }, function (error) {
      ticking -= 1;
      live.offline(error);
      delay = Math.min(30000, delay ? delay * 2 : 2000);
      live.next(delay);
    });
  };

  live.next = function (ms) {
    clearTimeout(timer);
    if (regions().length || live.load().length) timer = setTimeout(live.tick, ms);
  };
  live.every = every;

  // The server answered again (any request: the banner's check, a form, a
  // poll): send what waits and ask the regions now, not at the next try.
  live.kick = function () { if (!ticking) live.next(0); };

  // An element htmx put in (a form's answer) says what is new in it; a whole
  // page (a boosted form's answer) is not news: its messages are said.
  document.addEventListener("htmx:load", function (event) {
    var elt = event.detail.elt;
    if (!applying && elt !== document.body && elt.parentElement !== document.body && elt.isConnected) {
      live.say(announced(elt).join(" "));
    }
  });

  live.onStart(function () {
    document.addEventListener("visibilitychange", function () { if (!document.hidden) live.tick(); });
    window.addEventListener("online", live.tick);
    window.addEventListener("pageshow", function (event) { if (event.persisted) live.tick(); });
    if (live.load().length) live.tick(); else live.next(every());
  });
})();
