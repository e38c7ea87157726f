/* The Gin hand form on the scorer's phone: the card picker, the save.
 *
 * The form's fields hold the whole hand: a tap on a card puts its code in (or takes it out of)
 * the chosen player's "cards-<seat>" field, or under Oklahoma makes it the "upcard", and sends
 * a change event, which htmx turns into a POST of the form to the preview. A card the chosen
 * player's opponent holds is taken (one pack a hand); the upcard may also be in a hand. Once a
 * player has ten cards the picker moves on to the next player still short of ten (then to the
 * upcard): no tap to change players. The melds, layoffs and scores are the server's.
 *
 * The offline note and the save are entry.js's (loaded before this): a save made while the
 * server cannot be reached is kept on this phone (outbox.js); a double tap sends one request.
 * Without the scripts the typed fields and the Save button are the form. CSP: no inline code. */
(function () {
  "use strict";

  var form = document.querySelector("form.gin-form");
  if (!form) return;

  var TEN = 10;
  var SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  var SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var most = parseInt(form.dataset.most, 10) || TEN;
  var picker = form.querySelector(".gin-picker");
  var dests = Array.prototype.slice.call(form.querySelectorAll(".gin-dest"));
  var buttons = Array.prototype.slice.call(form.querySelectorAll(".gin-card"));
  var current = null; // the chosen destination: a .gin-dest button

  function field(name) { return form.elements.namedItem(name); }
  function words(text) { return (text || "").split(/[\s,;]+/).filter(Boolean); }

  /* A typed code as the picker's buttons name it (8s, T♥ -> 8S, 10H). */
  function normal(word) {
    var code = word.toUpperCase();
    var last = code.slice(-1);
    if (SUIT_LETTERS[last]) code = code.slice(0, -1) + SUIT_LETTERS[last];
    return code.length === 2 && code[0] === "T" ? "10" + code[1] : code;
  }

  function cardsOf(seat) { return words(field("cards-" + seat).value).map(normal); }
  function upcard() { var up = field("upcard"); return up ? normal(up.value.trim()) : ""; }
  function isUpcard(dest) { return dest.dataset.dest === "upcard"; }
  function changed(input) { input.dispatchEvent(new Event("change", { bubbles: true })); }

  /* The seats that play against ``seat`` (the other player of its hand). */
  function opponents(seat) {
    var hand = dests.filter(function (d) { return d.dataset.seat === String(seat); })[0].dataset.hand;
    return dests.filter(function (d) {
      return !isUpcard(d) && d.dataset.hand === hand && d.dataset.seat !== String(seat);
    }).map(function (d) { return d.dataset.seat; });
  }

  function face(code) {
    var card = /^(10|[2-9AJQK])([SHDC])$/.exec(code);
    var span = document.createElement("span");
    span.textContent = card ? card[1] + SUIT_SYMBOLS[card[2]] : code;
    if (card) span.className = "card-code suit-" + card[2];
    return span;
  }

  // --- drawing the picker -----------------------------------------------------------------
  function refresh() {
    var up = upcard();
    dests.forEach(function (dest) {
      var on = dest === current;
      dest.setAttribute("aria-pressed", String(on));
      var count = dest.querySelector(".dest-count");
      count.textContent = "";
      if (isUpcard(dest)) {
        count.appendChild(up ? face(up) : document.createTextNode("?"));
      } else {
        var n = cardsOf(dest.dataset.seat).length;
        count.textContent = n + "/" + TEN;
        dest.classList.toggle("is-full", n >= TEN);
      }
    });
    var seat = current && !isUpcard(current) ? current.dataset.seat : null;
    var mine = seat === null ? [] : cardsOf(seat);
    var theirs = [];
    if (seat !== null) opponents(seat).forEach(function (s) { theirs = theirs.concat(cardsOf(s)); });
    picker.classList.toggle("is-upcard", seat === null);
    buttons.forEach(function (button) {
      var code = button.dataset.card;
      var held = mine.indexOf(code) >= 0;
      var taken = !held && theirs.indexOf(code) >= 0;
      button.setAttribute("aria-pressed", String(seat === null ? code === up : held));
      button.disabled = taken;
      button.classList.toggle("is-taken", taken);
      button.classList.toggle("is-up", code === up);
    });
  }

  function choose(dest) {
    current = dest;
    refresh();
  }

  /* Whether a destination is still to fill: a player short of ten, the upcard not given. */
  function unfilled(dest) {
    return isUpcard(dest) ? !upcard() : cardsOf(dest.dataset.seat).length < TEN;
  }

  /* The next destination still to fill after ``from`` (in the order of the buttons, coming
     round again), or ``fallback`` if none is. */
  function nextToFill(from, fallback) {
    var start = dests.indexOf(from);
    for (var step = 1; step <= dests.length; step += 1) {
      var dest = dests[(start + step) % dests.length];
      if (unfilled(dest)) return dest;
    }
    return fallback;
  }

  // --- a tap ------------------------------------------------------------------------------
  function tap(code) {
    if (isUpcard(current)) {
      var up = field("upcard");
      up.value = upcard() === code ? "" : code;
      refresh();
      changed(up);
      return;
    }
    var seat = current.dataset.seat;
    var input = field("cards-" + seat);
    var list = cardsOf(seat);
    var at = list.indexOf(code);
    var added = false;
    if (at >= 0) {
      list.splice(at, 1);
    } else if (list.length < most) {
      list.push(code);
      added = true;
    } else {
      return; // a full hand: a card comes out before another goes in
    }
    input.value = list.join(" ");
    if (added && list.length === TEN) current = nextToFill(current, current);
    refresh();
    changed(input);
  }

  form.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || !form.contains(target)) return;
    if (target.classList.contains("gin-card")) tap(target.dataset.card);
    else if (target.classList.contains("gin-dest")) choose(target);
  });

  // typed codes: the picker follows as they are typed (the preview on the field's change)
  form.addEventListener("input", function (event) {
    var name = event.target.name || "";
    if (name.indexOf("cards-") === 0 || name === "upcard") refresh();
  });

  // --- the offline note, the save, the start (entry.js) -----------------------------------
  window.Entry.wire(form, {
    preview: document.getElementById("gin-preview"),
    status: "gin-status",
    offline: "Offline: this hand will be scored when the server answers.",
  });
  // the first player (or upcard) still to fill; the first player when all are given
  if (dests.length) choose(nextToFill(dests[dests.length - 1], dests[0]));
})();
