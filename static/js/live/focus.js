// CardNight's live pages, part 3 of 8: focus. A poll's swap puts the cursor
// back where it was, or next to it; after an htmx swap the cursor is at once
// where the new content puts it ([autofocus]), not a moment later.
(function () {
  "use strict";
  var live = window.CardNightLive;
  var slice = live.slice;

  // Where focus was, so that it can come back if its element was replaced.
  live.focusOf = function (el) {
    if (!el || el === document.body) return null;
    var ids = [];
    for (var up = el; up && up !== document.body; up = up.parentElement) if (up.id) ids.push(up.id);
    return { el: el, ids: ids, name: el.getAttribute("name"), value: el.getAttribute("value"),
             action: el.form ? el.form.getAttribute("action") : null, href: el.getAttribute("href") };
  };

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
  live.refocus = function (was) {
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
  };

  // htmx moves the cursor to [autofocus], and binds the new forms, only when
  // the swap settles: on a slow phone a volunteer typing in between (the
  // door) lost the cursor, and their Enter sent a plain form. Both now, once.
  document.addEventListener("htmx:afterSwap", function (event) {
    var root = event.detail.elt;
    if (!root || !root.isConnected || !root.querySelector) return;
    if (window.htmx) window.htmx.process(root);
    var field = root.matches("[autofocus]") ? root : root.querySelector("[autofocus]");
    if (!field) return;
    field.removeAttribute("autofocus"); // htmx's own focus at settle would come too late
    field.focus({ preventScroll: true });
  });
})();
