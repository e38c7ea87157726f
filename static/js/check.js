/* The referee's page: the card picker writes each tap into the cards played (or the meld they
 * go onto) and dispatches "check-changed", which htmx turns into a GET of the form: the verdict
 * comes back from the server and the address becomes the verdict's link. No rule is decided
 * here: which cards are wild comes with the verdict (data-wild). CSP: no inline handlers. */
(function () {
  "use strict";

  var form = document.querySelector("form.check-form");
  if (!form) return;

  var SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
  var picker = form.querySelector(".picker");
  var dest = "cards";

  function field(name) { return form.elements.namedItem(name); }
  function words(text) { return (text || "").split(/[\s,]+/).filter(Boolean); }
  /* The card a typed word names, for counting (8s, T♥, JK=5C -> 8S, 10H, JK). */
  function card(word) {
    var code = word.split("=")[0].toUpperCase();
    var last = code.slice(-1);
    if (SUIT_LETTERS[last]) code = code.slice(0, -1) + SUIT_LETTERS[last];
    return code.length === 2 && code[0] === "T" ? "10" + code[1] : code;
  }
  function cardsIn(name) { return words(field(name).value); }
  function changed() { form.dispatchEvent(new CustomEvent("check-changed")); }

  function refresh() {
    if (!picker) return;
    picker.dataset.dest = dest;
    picker.querySelectorAll(".dest-button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.dest === dest));
    });
    var verdict = document.getElementById("verdict");
    var wild = words(verdict ? verdict.dataset.wild : "");
    var here = cardsIn(dest).map(card);
    var there = cardsIn(dest === "cards" ? "onto" : "cards").map(card);
    picker.querySelectorAll(".card-btn").forEach(function (button) {
      var code = button.dataset.card;
      var mine = here.filter(function (c) { return c === code; }).length;
      var other = there.filter(function (c) { return c === code; }).length;
      button.setAttribute("aria-pressed", String(mine > 0));
      button.classList.toggle("is-used", other > 0);
      button.classList.toggle("is-wild", wild.indexOf(code) >= 0);
      button.querySelector(".card-count").textContent = mine > 1 ? "×" + mine : "";
    });
  }

  /* A tap adds the card where taps go; a second tap on a card already there takes it out
     (a long press is not needed: with several packs, type the code twice). */
  function tap(code) {
    var list = cardsIn(dest);
    var at = -1;
    list.forEach(function (word, i) { if (card(word) === code) at = i; });
    if (at >= 0) list.splice(at, 1); else list.push(code);
    field(dest).value = list.join(" ");
    refresh();
    changed();
  }

  form.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || !form.contains(target)) return;
    /* Clear first: it sits among the destination buttons (and shares their look) */
    if (target.hasAttribute("data-clear")) {
      field("cards").value = "";
      field("onto").value = "";
      dest = "cards";
      refresh();
      changed();
    } else if (target.classList.contains("card-btn")) {
      tap(target.dataset.card);
    } else if (target.classList.contains("dest-button")) {
      dest = target.dataset.dest;
      refresh();
    }
  });

  form.addEventListener("input", function (event) {
    if (event.target.name === "cards" || event.target.name === "onto") refresh();
  });

  /* Another preset brings its own house rules: the whole page is asked again. */
  var preset = form.querySelector("[data-reload]");
  if (preset) {
    preset.addEventListener("change", function (event) {
      event.stopPropagation();
      var query = new URLSearchParams();
      ["rules", "cards", "onto", "wild_rank"].forEach(function (name) {
        if (field(name) && field(name).value) query.set(name, field(name).value);
      });
      window.location.assign(form.getAttribute("action") + "?" + query.toString());
    });
  }

  document.addEventListener("htmx:after:swap", refresh);

  form.querySelectorAll("[data-js-only]").forEach(function (el) { el.hidden = false; });
  form.classList.add("js-ready");
  refresh();
})();
