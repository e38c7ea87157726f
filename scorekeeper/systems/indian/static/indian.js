/* The Indian Rummy deal form on the scorer's phone: the card picker, "Showed" in one tap, the
 * save.
 *
 * The form's fields hold the whole deal: a tap on a card puts its code in the chosen player's
 * "cards-<seat>" field (with two packs a second tap puts the second copy in, a third takes both
 * out; one pack: a second tap takes it out; ⌫ takes the last card back), or on the cut joker
 * makes it the "cut"; then it sends a change event, which htmx turns into a POST of the form to
 * the preview. A card is there as often as the packs of the players dealt in hold it: the
 * copies other players hold are counted on it, and it is struck through once they hold them
 * all. "Showed" marks the declarer (role-<seat>) and goes to their cards; a player's part
 * (what they did, their points in the totals mode) is shown for the chosen player only. Once
 * a player has 13 cards, or drops, the picker moves on to the next still to fill: the cut
 * joker, the declarer, then each loser after them. The melds, the verdict and the scores are
 * the server's.
 *
 * The offline note and the save are entry.js's (loaded before this): a save made while the
 * server cannot be reached is kept on this phone (outbox.js); a double tap sends one request.
 * Without the scripts the typed fields and the Save button are the form. CSP: no inline code. */
(function () {
  "use strict";

  var form = document.querySelector("form.ind-form");
  if (!form) return;

  var HAND = parseInt(form.dataset.hand, 10) || 13;
  var CAP = parseInt(form.dataset.cap, 10) || 80;
  var PACKS = {};
  try { PACKS = JSON.parse(form.dataset.packs || "{}"); } catch (e) { PACKS = {}; }
  var SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  var SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  function all(selector) { return Array.prototype.slice.call(form.querySelectorAll(selector)); }
  var dests = all(".ind-dest");
  var shows = all(".ind-show");
  var panels = all(".ind-player");
  var buttons = all(".ind-card");
  var back = form.querySelector(".ind-back");
  var grid = form.querySelector(".ind-grid");
  var cutHint = form.querySelector(".ind-cut-hint");
  var current = null; // the chosen destination: a .ind-dest button

  function field(name) { return form.elements.namedItem(name); }
  function words(text) { return (text || "").split(/[\s,;]+/).filter(Boolean); }
  function times(list, code) { return list.filter(function (c) { return c === code; }).length; }

  /* A typed code as the picker's buttons name it (8s, T♥, joker -> 8S, 10H, JK). */
  function normal(word) {
    var code = word.toUpperCase();
    if (code === "JOKER") return "JK";
    var last = code.slice(-1);
    if (SUIT_LETTERS[last]) code = code.slice(0, -1) + SUIT_LETTERS[last];
    return code.length === 2 && code[0] === "T" ? "10" + code[1] : code;
  }

  // --- the form's state, read from its fields ---------------------------------------------
  var seats = panels.map(function (panel) { return panel.dataset.seat; });
  function cardsOf(seat) { return words(field("cards-" + seat).value).map(normal); }
  function roleOf(seat) {
    var checked = form.querySelector('input[name="role-' + seat + '"]:checked');
    return checked ? checked.value : "lost";
  }
  function setRole(seat, role) {
    var radio = form.querySelector('input[name="role-' + seat + '"][value="' + role + '"]');
    if (radio) radio.checked = true;
    return radio;
  }
  function mode() {
    var checked = form.querySelector('input[name="mode"]:checked');
    return checked ? checked.value : "cards";
  }
  function panelOf(seat) { return panels[seats.indexOf(String(seat))]; }
  function destOf(seat) {
    return dests.filter(function (d) { return d.dataset.seat === String(seat); })[0] || null;
  }
  function dealt(seat) {
    var rejoin = field("rejoin-" + seat);
    return !panelOf(seat).hasAttribute("data-out") || Boolean(rejoin && rejoin.checked);
  }
  function isDrop(role) { return role === "first" || role === "middle"; }
  /* Whether the picker gives cards to ``seat``: dealt in and not a drop; in the totals mode
     only the declarer (and a wrong show) give cards. */
  function takesCards(seat) {
    var role = roleOf(seat);
    return dealt(seat) && !isDrop(role) && (mode() === "cards" || role !== "lost");
  }
  function isCut(dest) { return Boolean(dest) && dest.dataset.dest === "cut"; }
  function cutCode() { var cut = field("cut"); return cut ? normal(cut.value.trim()) : ""; }
  function wildRank() {
    var cut = cutCode();
    if (cut === "JK") return "A";
    var found = /^(10|[2-9AJQK])[SHDC]?$/.exec(cut);
    return found ? found[1] : "";
  }
  /* [decks, jokers] for the players dealt in now (a rejoin may bring the second pack). */
  function packs() {
    var dealtIn = seats.filter(dealt).length;
    return PACKS[String(dealtIn)] || [2, 2];
  }
  function limitOf(code) { return packs()[code === "JK" ? 1 : 0]; }
  /* How many copies of ``code`` the players other than ``seat`` hold. */
  function heldByOthers(seat, code) {
    return seats.reduce(function (sum, other) {
      return other === seat || !takesCards(other) ? sum : sum + times(cardsOf(other), code);
    }, 0);
  }
  function changed(input) { input.dispatchEvent(new Event("change", { bubbles: true })); }

  function face(code) {
    var card = /^(10|[2-9AJQK])([SHDC])$/.exec(code);
    var span = document.createElement("span");
    span.textContent = card ? card[1] + SUIT_SYMBOLS[card[2]] : code === "JK" ? "Jkr" : code;
    span.className = card ? "card-code suit-" + card[2] : "card-code";
    return span;
  }

  // --- where the next tap goes --------------------------------------------------------------
  /* A seat still to fill: the declarer short of 13, or from the cards a loser short of 13. */
  function unfilled(dest) {
    if (isCut(dest)) return !cutCode();
    var seat = dest.dataset.seat;
    return takesCards(seat) && roleOf(seat) !== "wrong_show" && cardsOf(seat).length < HAND;
  }
  /* The next destination still to fill: the cut joker, the declarer, then the players after
     ``from`` (coming round again); ``fallback`` if none is. */
  function nextToFill(from, fallback) {
    var cut = dests.filter(isCut)[0];
    if (cut && unfilled(cut)) return cut;
    var declarer = seats.filter(function (s) { return dealt(s) && roleOf(s) === "showed"; })[0];
    if (declarer !== undefined && unfilled(destOf(declarer))) return destOf(declarer);
    var players = dests.filter(function (d) { return !isCut(d); });
    var start = from && !isCut(from) ? players.indexOf(from) : -1;
    for (var step = 1; step <= players.length; step += 1) {
      var dest = players[(start + step + players.length) % players.length];
      if (unfilled(dest)) return dest;
    }
    return fallback;
  }

  // --- drawing ------------------------------------------------------------------------------
  function countText(seat) {
    var role = roleOf(seat);
    if (!dealt(seat)) return "out";
    if (isDrop(role)) return role === "first" ? "drop" : "mid drop";
    if (mode() === "counted" && role === "lost") {
      var points = field("counted-" + seat).value;
      return points ? points + " pts" : "pts?";
    }
    return cardsOf(seat).length + "/" + HAND;
  }

  function refresh() {
    if (current && !isCut(current) && !dealt(current.dataset.seat)) current = nextToFill(null, null);
    var seat = current && !isCut(current) ? current.dataset.seat : null;
    shows.forEach(function (button) {
      var s = button.dataset.seat;
      button.hidden = !dealt(s);
      button.setAttribute("aria-pressed", String(dealt(s) && roleOf(s) === "showed"));
    });
    dests.forEach(function (dest) {
      dest.setAttribute("aria-pressed", String(dest === current));
      var count = dest.querySelector(".dest-count");
      count.textContent = "";
      if (isCut(dest)) {
        var cut = cutCode();
        count.appendChild(cut ? face(cut) : document.createTextNode("?"));
        return;
      }
      var s = dest.dataset.seat;
      dest.hidden = !dealt(s);
      count.textContent = countText(s);
      dest.classList.toggle("is-full", takesCards(s) && cardsOf(s).length >= HAND);
      dest.classList.toggle("is-showed", roleOf(s) === "showed");
    });
    panels.forEach(function (panel) { panel.hidden = panel.dataset.seat !== seat; });
    if (cutHint) cutHint.hidden = !isCut(current);
    var onCut = isCut(current);
    grid.hidden = !(onCut || (seat !== null && takesCards(seat)));
    var mine = seat === null ? [] : cardsOf(seat);
    var cut = cutCode();
    var wild = wildRank();
    buttons.forEach(function (button) {
      var code = button.dataset.card;
      var held = times(mine, code);
      var others = seat === null ? 0 : heldByOthers(seat, code);
      var limit = limitOf(code);
      button.setAttribute("aria-pressed", String(onCut ? code === cut : held > 0));
      button.disabled = !onCut && held === 0 && (others >= limit || mine.length >= HAND);
      button.classList.toggle("is-taken", !onCut && held === 0 && others >= limit);
      button.dataset.held = !onCut && held > 1 ? "×" + held : "";
      button.dataset.used = !onCut && limit > 1 && others && others < limit ? String(others) : "";
      button.classList.toggle("is-wild", code === "JK" || (wild !== "" && button.dataset.rank === wild));
      button.classList.toggle("is-cut", code === cut);
    });
    if (back) back.disabled = onCut ? !cut : !mine.length;
  }

  function choose(dest) {
    current = dest;
    refresh();
  }

  // --- taps ---------------------------------------------------------------------------------
  function tapCut(code) {
    var cut = field("cut");
    cut.value = cutCode() === code ? "" : code;
    if (cut.value) current = nextToFill(current, current);
    refresh();
    changed(cut);
  }

  function tap(code) {
    if (!current) return;
    if (isCut(current)) return tapCut(code);
    var seat = current.dataset.seat;
    if (!takesCards(seat)) return;
    var input = field("cards-" + seat);
    var list = cardsOf(seat);
    var held = times(list, code);
    var added = false;
    if (held + heldByOthers(seat, code) < limitOf(code) && list.length < HAND) {
      list.push(code);
      added = true;
    } else if (held) {
      list = list.filter(function (c) { return c !== code; }); // all of this player's copies
    } else {
      return;
    }
    input.value = list.join(" ");
    if (added && list.length === HAND) current = nextToFill(current, current);
    refresh();
    changed(input);
  }

  function takeBack() {
    if (!current) return;
    if (isCut(current)) {
      field("cut").value = "";
      refresh();
      return changed(field("cut"));
    }
    var input = field("cards-" + current.dataset.seat);
    var list = cardsOf(current.dataset.seat);
    list.pop();
    input.value = list.join(" ");
    refresh();
    changed(input);
  }

  /* "Showed": the declarer (whoever showed before is a loser again), and their cards next. */
  function showed(seat) {
    seats.forEach(function (s) { if (s !== seat && roleOf(s) === "showed") setRole(s, "lost"); });
    var radio = setRole(seat, "showed");
    current = destOf(seat);
    refresh();
    if (radio) changed(radio);
  }

  form.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || !form.contains(target)) return;
    if (target.classList.contains("ind-card")) tap(target.dataset.card);
    else if (target.classList.contains("ind-dest")) choose(target);
    else if (target.classList.contains("ind-show")) showed(target.dataset.seat);
    else if (target.classList.contains("ind-back")) takeBack();
  });

  form.addEventListener("change", function (event) {
    var input = event.target;
    var name = input.name || "";
    if (name.indexOf("role-") === 0) {
      var seat = name.slice(5);
      if (input.value === "showed") {
        seats.forEach(function (s) { if (s !== seat && roleOf(s) === "showed") setRole(s, "lost"); });
      }
      // a drop is one tap: the picker moves on to the next player still to fill
      if (isDrop(input.value) && current === destOf(seat)) current = nextToFill(current, current);
    } else if (name.indexOf("rejoin-") === 0 && !input.checked && current === destOf(name.slice(7))) {
      current = nextToFill(null, null); // out again: not dealt in
    } else if (name === "mode" && current && !isCut(current) && !takesCards(current.dataset.seat)) {
      current = nextToFill(current, current);
    }
    refresh();
  });

  form.addEventListener("input", function (event) {
    var input = event.target;
    var name = input.name || "";
    if (name.indexOf("counted-") === 0 && input.value !== "" && Number(input.value) > CAP) {
      input.value = String(CAP); // capped as it is typed: a loser pays at most the cap
    }
    if (name.indexOf("cards-") === 0 || name.indexOf("counted-") === 0 || name === "cut") refresh();
  });

  // --- the offline note, the save, the start (entry.js) -----------------------------------
  window.Entry.wire(form, {
    preview: document.getElementById("ind-preview"),
    status: "ind-status",
    offline: "Offline: this deal will be scored when the server answers.",
  });
  // the first still to fill (the cut joker, the declarer, the losers); else the declarer or
  // the first player dealt in
  var declared = seats.filter(function (s) { return dealt(s) && roleOf(s) === "showed"; })[0];
  var first = dests.filter(function (d) { return !isCut(d) && dealt(d.dataset.seat); })[0];
  choose(nextToFill(null, (declared !== undefined && destOf(declared)) || first || null));
})();
