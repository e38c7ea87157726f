/* The Spades hand form: the save is entry.js's (loaded before this): a double tap sends one
 * request, and "Save bids" or "Save hand" made while the server cannot be reached is kept on
 * this phone and sent when it answers (outbox.js; a hand kept under the same key as its bids
 * replaces them: the hand carries its bids). Without the scripts the buttons post the form as
 * it is. CSP: no inline code. */
(function () {
  "use strict";

  var form = document.querySelector("form.spades-form");
  if (!form) return;

  window.Entry.wire(form, {
    // bids kept on the phone: the hand is still to be played, its tricks saved from here
    saveAgain: function (submitter) { return Boolean(submitter) && submitter.value === "bids"; },
  });
})();
