/* The Spades hand form: a double tap sends one request, and "Save bids" or "Save hand" made
 * while the server cannot be reached is kept on this phone and sent when it answers (outbox.js;
 * a hand kept under the same key as its bids replaces them: the hand carries its bids).
 * Without this script the buttons post the form as it is. CSP: no inline code. */
(function () {
  "use strict";

  var form = document.querySelector("form.spades-form");
  if (!form) return;
  var buttons = Array.prototype.slice.call(form.querySelectorAll('button[type="submit"]'));

  function ready() {
    delete form.dataset.saving;
    form.classList.remove("is-saving");
    buttons.forEach(function (button) { button.disabled = false; });
  }

  form.addEventListener("submit", function (event) {
    if (form.dataset.saving) return event.preventDefault(); // a double tap sends one request
    form.dataset.saving = "true";
    form.classList.add("is-saving");
    setTimeout(function () { buttons.forEach(function (button) { button.disabled = true; }); }, 0);
    if (!window.Outbox) return; // a plain post
    event.preventDefault(); // sent by outbox.js: kept on this phone when the server is away
    var submitter = event.submitter;
    window.Outbox.save(form, submitter).then(function () {
      // bids kept on the phone: the hand is still to be played, its tricks saved from here
      if (submitter && submitter.value === "bids") ready();
    }, ready);
  });

  window.addEventListener("pageshow", function (event) {
    if (event.persisted) ready(); // back to a page kept in memory: it may save again
  });

  if (window.Outbox) window.Outbox.renewKey(form); // a copy kept by the service worker
})();
