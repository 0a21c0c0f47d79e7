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

// A name field at its length limit says so (the browser cuts a pasted name
// silently); the message comes from the page, in the page's language.
document.addEventListener("input", function (event) {
  var field = event.target;
  if (!field.matches || !field.matches("input[data-too-long]")) return;
  var note = document.getElementById(field.id + "_toolong");
  var full = field.maxLength > 0 && field.value.length >= field.maxLength;
  if (full && !note) {
    note = document.createElement("p");
    note.id = field.id + "_toolong";
    note.className = "error";
    note.setAttribute("role", "alert");
    note.textContent = field.getAttribute("data-too-long");
    field.insertAdjacentElement("afterend", note);
  } else if (!full && note) {
    note.remove();
  }
});
