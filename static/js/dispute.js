// The dispute page (/rules/): tapping a card writes it into the form at once.
//
// Without this script every card is a submit button (?tap=5H) and the server
// adds it to the first card field with room (or takes it out if it is already
// there); scoring/dispute.py apply_action. With it, the same happens here,
// without a page load, and htmx fetches the new ruling (the form has hx-get).
(function () {
  "use strict";

  var SUITS = { "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S" };

  // "ah" -> "AH", "th" -> "10H", "10♥" -> "10H", "joker" -> "JK"; anything else unchanged.
  function normalize(token) {
    var text = token.replace(/\uFE0F/g, "").trim();
    var upper = text.toUpperCase();
    if (upper === "JK" || upper === "JOKER") return "JK";
    var suit = SUITS[text.slice(-1)] || text.slice(-1).toUpperCase();
    var rank = text.slice(0, -1).toUpperCase();
    if (rank === "T") rank = "10";
    return rank + suit;
  }

  function cardFields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("[data-card-capacity]"));
  }

  function codes(input) {
    return input.value.split(/[\s,;]+/).filter(Boolean).map(normalize);
  }

  function capacity(input) {
    return parseInt(input.getAttribute("data-card-capacity"), 10) || 1;
  }

  function tap(form, code) {
    var fields = cardFields(form);
    var i, cards;
    for (i = 0; i < fields.length; i++) {
      cards = codes(fields[i]);
      if (cards.indexOf(code) >= 0) {
        cards.splice(cards.indexOf(code), 1);
        fields[i].value = cards.join(" ");
        return;
      }
    }
    for (i = 0; i < fields.length; i++) {
      cards = codes(fields[i]);
      if (cards.length < capacity(fields[i]) || i === fields.length - 1) {
        cards.push(code);
        fields[i].value = cards.join(" ");
        return;
      }
    }
  }

  function undo(form) {
    var fields = cardFields(form).reverse();
    for (var i = 0; i < fields.length; i++) {
      var cards = codes(fields[i]);
      if (cards.length) {
        cards.pop();
        fields[i].value = cards.join(" ");
        return;
      }
    }
  }

  function clear(form) {
    cardFields(form).forEach(function (input) { input.value = ""; });
  }

  // Show which cards are in the form (and in what order, for a single trick),
  // which field the next tap fills, and which cards are trump.
  function refresh(form) {
    var fields = cardFields(form);
    var order = {};
    var filling = null;
    fields.forEach(function (input) {
      var cards = codes(input);
      cards.forEach(function (code, index) { order[code] = index + 1; });
      if (!filling && cards.length < capacity(input)) filling = input;
    });
    filling = filling || fields[fields.length - 1];
    fields.forEach(function (input) {
      var field = input.closest(".card-field");
      if (field) field.classList.toggle("is-filling", input === filling);
    });
    var checked = form.querySelector("input[name=trump]:checked");
    var trump = checked ? checked.value : "";
    form.querySelectorAll("[data-tap]").forEach(function (button) {
      var code = button.getAttribute("data-tap");
      button.setAttribute("aria-pressed", order[code] ? "true" : "false");
      if (order[code] && fields.length === 1) {
        button.setAttribute("data-order", order[code]);
      } else {
        button.removeAttribute("data-order");
      }
      var isTrump = trump && (code.slice(-1) === trump || code === "AH" || code === "JK");
      button.classList.toggle("is-trump", Boolean(isTrump));
    });
  }

  // The card buttons stop being submit buttons: a tap is handled here, and
  // htmx must not send it along (it remembers the last button pressed).
  function enhance(form) {
    form.querySelectorAll("button[name=tap], button[name=action]").forEach(function (button) {
      button.setAttribute("data-" + button.name, button.value);
      button.removeAttribute("name");
      button.type = "button";
    });
    refresh(form);
  }

  function enhanceAll(root) {
    var forms = root.querySelectorAll ? root.querySelectorAll("form[data-cards]") : [];
    Array.prototype.forEach.call(forms, enhance);
    var owner = root.closest && root.closest("form[data-cards]");
    if (owner) enhance(owner);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-tap], [data-action]");
    if (!button || !button.form || !button.form.hasAttribute("data-cards")) return;
    var form = button.form;
    event.preventDefault();
    if (button.hasAttribute("data-tap")) {
      tap(form, button.getAttribute("data-tap"));
    } else if (button.getAttribute("data-action") === "undo") {
      undo(form);
    } else {
      clear(form);
    }
    refresh(form);
    if (form.requestSubmit) {
      form.requestSubmit();
    } else {
      form.submit();
    }
  });

  document.addEventListener("input", function (event) {
    if (event.target.matches("[data-card-capacity]")) refresh(event.target.form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (event.target.name === "trump" && form && form.hasAttribute("data-cards")) {
      refresh(form);
    }
  });
  // New content from htmx (the joker button follows the house rules).
  document.addEventListener("htmx:load", function (event) { enhanceAll(event.detail.elt); });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { enhanceAll(document); });
  } else {
    enhanceAll(document);
  }
})();
