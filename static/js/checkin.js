// The self check-in page (templates/tables/checkin.html): the phone keeps the
// two names it sent in its own storage, never on the server, so that next
// week the page offers "Register … again" in one tap. Without this script the
// form works as it is.
(function () {
  "use strict";
  var STORE = "cardnight-checkin-couple";

  function kept() {
    try {
      var names = JSON.parse(window.localStorage.getItem(STORE));
      return names && names.player1 && names.player2 ? names : null;
    } catch (e) { return null; }
  }

  function keep(player1, player2) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify({ player1: player1, player2: player2 }));
    } catch (e) { /* private mode or full: nothing kept */ }
  }

  function start() {
    // The newest entry this phone made tonight is the couple it remembers.
    var shown = document.querySelectorAll("[data-remember]");
    var last = shown[shown.length - 1];
    if (last) keep(last.getAttribute("data-player1"), last.getAttribute("data-player2"));

    var again = document.getElementById("checkin-again");
    var form = document.getElementById("checkin-form");
    var names = kept();
    if (!again || !form || !names || last) return;
    var button = document.getElementById("checkin-again-button");
    button.textContent = button.getAttribute("data-label")
      .replace("{names}", names.player1 + " & " + names.player2);
    again.hidden = false;
    button.addEventListener("click", function () {
      form.elements.player1.value = names.player1;
      form.elements.player2.value = names.player2;
      button.disabled = true;
      form.requestSubmit ? form.requestSubmit() : form.submit();
    });
    document.getElementById("checkin-forget").addEventListener("click", function () {
      try { window.localStorage.removeItem(STORE); } catch (e) { /* nothing kept */ }
      again.hidden = true;
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
