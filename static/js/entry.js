/* What the families' own round forms (Gin's hand, Indian Rummy's deal, Spades' hand) do alike,
 * beside their pickers: a preview that cannot reach the server says so, and the save.
 *
 * window.Entry.wire(form, options), called by the family's script once its own listeners are
 * on, before it draws its picker:
 * - options.preview: the element the preview swaps into; with options.offline (the words) a
 *   preview with no answer (htmx:error, or a proxy's 502-504) puts them there and in the
 *   status line, the element with id options.status;
 * - options.saveAgain(submitter): whether the form may save again once Outbox.save has kept
 *   or sent it (Spades' bids: the hand is still to be played); else it stays saving.
 * A double tap sends one request; a save made while the server cannot be reached is kept on
 * this phone and sent when it answers (outbox.js, loaded before this). Then the form is made
 * the script's: a key of its own if the service worker kept a copy, [data-js-only] shown, typed
 * fields (details.entry-typed) closed unless they hold an error, and the class js-ready.
 * Without the scripts the typed fields and the buttons are the form. CSP: no inline code. */
(function () {
  "use strict";

  var NO_SERVER = [502, 503, 504]; // a proxy answering for the server: no answer either

  function offlineNote(form, options) {
    function noAnswer() {
      var note = document.createElement("p");
      note.className = "notice notice-warning";
      note.textContent = options.offline;
      options.preview.replaceChildren(note);
      var status = document.getElementById(options.status);
      if (status) {
        status.className = "entry-status";
        status.textContent = options.offline;
      }
    }
    form.addEventListener("htmx:error", noAnswer);
    form.addEventListener("htmx:before:swap", function (event) {
      var ctx = event.detail && event.detail.ctx;
      var code = ctx && ctx.response ? ctx.response.status : 200;
      if (NO_SERVER.indexOf(code) >= 0) {
        event.preventDefault();
        noAnswer();
      }
    });
  }

  function saving(form, options) {
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
      // disabled after the submit has gone, so that a plain post still carries its button
      setTimeout(function () { buttons.forEach(function (b) { b.disabled = true; }); }, 0);
      if (!window.Outbox) return; // a plain post
      event.preventDefault(); // sent by outbox.js: kept on this phone when the server is away
      var submitter = event.submitter;
      window.Outbox.save(form, submitter).then(function () {
        if (options.saveAgain && options.saveAgain(submitter)) ready();
      }, ready);
    });

    window.addEventListener("pageshow", function (event) {
      if (event.persisted) ready(); // back to a page kept in memory: it may save again
    });
  }

  function wire(form, options) {
    options = options || {};
    if (options.offline && options.preview) offlineNote(form, options);
    saving(form, options);
    if (window.Outbox) window.Outbox.renewKey(form); // a copy kept by the service worker
    form.querySelectorAll("[data-js-only]").forEach(function (el) { el.hidden = false; });
    form.querySelectorAll("details.entry-typed:not([data-keep-open])").forEach(function (d) {
      d.open = false;
    });
    form.classList.add("js-ready");
  }

  window.Entry = { wire: wire };
})();
