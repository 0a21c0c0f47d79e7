// CardNight's only site-wide script: small conveniences, no framework.
// Everything works without it; htmx adds the no-reload updates.
document.addEventListener("click", function (event) {
  // Buttons marked data-confirm ask before they do something drastic.
  var button = event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.getAttribute("data-confirm"))) {
    event.preventDefault();
    event.stopPropagation();
  }
}, true);
