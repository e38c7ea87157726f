/* The deal helper's card picker on the scorer's page. A tap on a rank is written at once into
 * the waiting player's upcard (the list and its select), then the form is posted as it stands
 * (tap=show): taps made faster than the server answers are never lost, and with
 * hx-sync="this:replace" the last post, holding every upcard, is the one whose answer is shown.
 * Without this script each rank button posts tap=<rank> and the server fills the next upcard. */
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest(".deal-rank") : null;
    if (!button) return;
    var helper = button.closest("#deal-helper");
    var form = helper && helper.querySelector("form");
    var show = form && form.querySelector("button[value='show']");
    var next = helper && helper.querySelector(".deal-upcards li.is-next");
    var select = next && form.elements.namedItem(next.dataset.field);
    if (!show || !select) return;  // nobody waits: the server's answer is on its way
    event.preventDefault();
    select.value = button.value;
    next.querySelector(".deal-upcard").textContent = button.textContent;
    next.classList.remove("is-next");
    next.removeAttribute("aria-current");
    var after = next.nextElementSibling;
    while (after && form.elements.namedItem(after.dataset.field).value) {
      after = after.nextElementSibling;
    }
    var ranks = helper.querySelector(".deal-ranks");
    if (after) {
      after.classList.add("is-next");
      after.setAttribute("aria-current", "step");
      ranks.setAttribute("aria-label", after.dataset.name + "'s upcard");
    } else {
      ranks.hidden = true;  // everyone has one: the plan comes with the answer
    }
    form.requestSubmit(show);
  });
})();
