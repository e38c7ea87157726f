/* The round form on the scorer's phone: the card picker's taps, the player tabs, the move sheet.
 * The form's fields hold the whole state; a tap edits a player's cards and dispatches
 * "round-changed", which htmx turns into a POST of the form to the preview URL. Groupings and wild
 * cards are the server's: the move sheet's buttons are htmx requests to that URL (hx-vals), whose
 * answer writes the changed fields and the tabs' totals back (hx-swap-oob) and lists the cards
 * wild this round (data-wild). This script notes which seats the picker changed and whether the
 * wild settings did (sync), and the chip being moved (moving). While the preview cannot reach the
 * server, the preview says so and lists each player's cards as tapped, with no total: scores,
 * groupings and who went out are the server's to work out. CSP: no inline handlers. */
(function () {
  "use strict";

  var form = document.querySelector("form.round-form");
  if (!form) return;

  var SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  var TYPED = 'input[type="text"], input[type="number"]';
  var packs = parseInt(form.dataset.packs, 10) || 1;
  var jokers = parseInt(form.dataset.jokers, 10) || 0;
  var panels = Array.prototype.slice.call(form.querySelectorAll(".player-panel"));
  var seats = panels.length;
  var picker = form.querySelector(".picker");
  var preview = document.getElementById("round-preview");
  var saveButton = form.querySelector(".save-button");
  var dest = "table";
  var selected = null; // the chip being moved
  var unscored = false; // the preview shown is not the server's answer to what the form holds

  function input(name) { return form.elements.namedItem(name); }
  function words(text) { return (text || "").split(/[\s,]+/).filter(Boolean); }
  function changed() {
    if (unscored) showUnscored(); // the taps show at once; the server scores them when it answers
    form.dispatchEvent(new CustomEvent("round-changed"));
  }
  function count(list, code) { return list.filter(function (c) { return c === code; }).length; }
  function most(code) { return code === "JK" ? jokers : packs; }

  /* A typed code as the picker's buttons name it (8s, T♥ -> 8S, 10H), to count it. */
  function normal(token) {
    var code = token.toUpperCase();
    var last = code.slice(-1);
    if (SUIT_LETTERS[last]) code = code.slice(0, -1) + SUIT_LETTERS[last];
    return code.length === 2 && code[0] === "T" ? "10" + code[1] : code;
  }

  function current() { var seat = parseInt(input("current").value, 10); return seat < seats ? seat : 0; }
  function mode(seat) { return input("p" + seat + "-mode").value || "cards"; }
  function cards(seat, where) { return words(input("p" + seat + "-" + where).value).map(normal); }
  function setCards(seat, where, list) { input("p" + seat + "-" + where).value = list.join(" "); }

  /* Ask the next preview to bring groupings in step ("wild", or a seat whose cards changed). */
  function sync(word) {
    var field = input("sync");
    if (words(field.value).indexOf(word) < 0) field.value = (field.value + " " + word).trim();
  }

  // --- the card picker ------------------------------------------------------------------------
  function usedCounts() {
    var used = {};
    for (var s = 0; s < seats; s += 1) {
      if (mode(s) === "totals") continue;
      cards(s, "table").concat(cards(s, "hand")).forEach(function (c) { used[c] = (used[c] || 0) + 1; });
    }
    return used;
  }

  function refreshPicker() {
    panels.forEach(function (panel) { panel.dataset.mode = mode(Number(panel.dataset.seat)); });
    if (!picker) return;
    var seat = current();
    var totals = mode(seat) === "totals";
    var shown = (preview.querySelector(".preview[data-wild]") || {dataset: {}}).dataset;
    var wild = words(shown.wild);
    // who went out, as the server worked it out (nobody marked): its chip shows it
    form.querySelectorAll('.went-out input[name="went_out"]').forEach(function (radio) {
      radio.parentNode.classList.toggle("is-inferred", radio.value === shown.inferredOut);
    });
    picker.dataset.dest = dest;
    picker.classList.toggle("is-totals", totals); // the grid keeps its room: the tabs stay put
    picker.querySelector(".picker-note").hidden = !totals;
    picker.querySelectorAll(".dest-button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.dest === dest));
    });
    var used = usedCounts();
    var here = cards(seat, dest);
    var there = cards(seat, dest === "table" ? "hand" : "table");
    picker.querySelectorAll(".card-btn").forEach(function (button) {
      var code = button.dataset.card;
      var mine = count(here, code);
      var n = used[code] || 0;
      button.setAttribute("aria-pressed", String(mine > 0));
      button.disabled = mine === 0 && n >= most(code) && count(there, code) === 0;
      button.classList.toggle("is-used", n - mine > 0);
      button.classList.toggle("is-wild", wild.indexOf(code) >= 0);
      button.querySelector(".card-count").textContent = most(code) > 1 && n > 0 ? n + "/" + most(code) : "";
    });
  }

  /* One tap: add the card to the current destination; a card already there (with no copy
     left to add) comes back out; a card in this player's other destination moves here. */
  function tap(code) {
    var seat = current();
    if (mode(seat) === "totals") return;
    var away = dest === "table" ? "hand" : "table";
    var here = cards(seat, dest);
    var there = cards(seat, away);
    if ((usedCounts()[code] || 0) < most(code)) {
      here.push(code);
    } else if (count(here, code) > 0) {
      here = here.filter(function (c) { return c !== code; });
    } else if (count(there, code) > 0) {
      there.splice(there.lastIndexOf(code), 1);
      here.push(code);
      setCards(seat, away, there);
    } else {
      return;
    }
    setCards(seat, dest, here);
    sync(String(seat));
    refreshPicker();
    changed();
  }

  // --- tabs -----------------------------------------------------------------------------
  function show(seat) {
    input("current").value = String(seat);
    form.querySelectorAll(".player-tab").forEach(function (tab) {
      var on = Number(tab.dataset.seat) === seat;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    });
    var marked = form.querySelectorAll(".player-panel, .preview-player, .preview-totals tr[data-seat]");
    marked.forEach(function (el) { el.classList.toggle("is-current", Number(el.dataset.seat) === seat); });
    closeSheet();
    refreshPicker();
  }

  // --- the move sheet: its buttons are requests the server answers ---------------------------
  function closeSheet() {
    if (selected) selected.classList.remove("is-selected");
    selected = null;
    preview.querySelectorAll(".move-sheet").forEach(function (sheet) { sheet.hidden = true; });
    form.classList.remove("is-moving");
  }

  /* The chip's player's sheet, with the moves the server marked as applying to this chip. */
  function openSheet(chip) {
    closeSheet();
    var sheet = preview.querySelector('.move-sheet[data-seat="' + chip.dataset.seat + '"]');
    if (!sheet) return;
    selected = chip;
    chip.classList.add("is-selected");
    var where = chip.dataset;
    input("moving").value = [where.seat, where.group, where.pos, where.card].join(" ");
    var hidden = words(chip.dataset.hide);
    var on = words(chip.dataset.on);
    sheet.querySelector(".move-card").innerHTML = chip.querySelector(".card-code").outerHTML;
    sheet.querySelectorAll(".reading-choices").forEach(function (choices) {
      choices.hidden = !(choices.dataset.group === where.group && choices.dataset.pos === where.pos);
    });
    sheet.querySelectorAll("[data-move]").forEach(function (button) {
      var move = button.dataset.move;
      button.hidden = hidden.indexOf(move) >= 0;
      if (move.indexOf("flag:") === 0) button.setAttribute("aria-pressed", String(on.indexOf(move) >= 0));
    });
    sheet.hidden = false;
    form.classList.add("is-moving");
    var first = sheet.querySelector(".reading-choices:not([hidden]) [aria-pressed=\"true\"]") ||
      sheet.querySelector("[data-move]:not([hidden])");
    if (first) first.focus({ preventScroll: true });
  }

  // --- when the preview cannot reach the server ----------------------------------------------
  var UNSCORED = "Offline: this round will be scored when the server answers.";
  var RETRY_MS = 5000;
  var SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var retry = null;
  var asked = ""; // the sync words of the preview requests not answered yet (kept if they fail)
  var wildChanged = false; // since the server's last answer: its wild marks may be wrong now

  /* A card as the server's pages show it (filters.card_face); a typed word that is no card as
     typed. */
  function face(code) {
    var span = document.createElement("span");
    var card = /^(10|[2-9AJQK])([SHDC])$/.exec(code);
    span.textContent = code;
    if (code === "JK") {
      span.className = "card-code joker";
      span.textContent = "Jkr";
    } else if (card) {
      span.className = "card-code suit-" + card[2];
      span.textContent = card[1] + SUIT_SYMBOLS[card[2]];
    }
    span.title = code;
    return span;
  }

  /* "on the table 8♠ 9♠ 10♠" */
  function cardList(parent, where, list) {
    parent.appendChild(document.createTextNode(where));
    list.forEach(function (code) {
      parent.appendChild(document.createTextNode(" "));
      parent.appendChild(face(code));
    });
  }

  /* The preview while the server cannot be reached: it says so, with every player's cards as
     tapped (or totals as typed), and no score. */
  function showUnscored() {
    unscored = true;
    var last = preview.querySelector(".preview[data-wild]");
    var box = document.createElement("div");
    box.className = "preview is-unscored";
    box.dataset.wild = last && !wildChanged ? last.dataset.wild : "";
    box.dataset.inferredOut = "";
    var notice = box.appendChild(document.createElement("div"));
    notice.className = "notice notice-warning";
    notice.appendChild(document.createElement("p")).textContent = UNSCORED;
    panels.forEach(function (panel) {
      var seat = Number(panel.dataset.seat);
      var player = notice.appendChild(document.createElement("p"));
      player.className = "unscored-player";
      player.dataset.seat = String(seat);
      player.appendChild(document.createElement("strong")).textContent =
        panel.querySelector(".player-name").textContent;
      var table = cards(seat, "table");
      var hand = cards(seat, "hand");
      if (mode(seat) === "totals") {
        player.appendChild(document.createTextNode(": typed " +
          (input("p" + seat + "-melded").value || 0) + " on the table, " +
          (input("p" + seat + "-in_hand").value || 0) + " in hand"));
      } else if (!table.length && !hand.length) {
        player.appendChild(document.createTextNode(": no cards yet"));
      } else {
        if (table.length) cardList(player, ": on the table", table);
        if (hand.length) cardList(player, table.length ? "; in hand" : ": in hand", hand);
      }
    });
    preview.replaceChildren(box);
    form.querySelectorAll(".tab-total").forEach(function (total) { total.textContent = "\u2013"; });
    var out = document.getElementById("went-out-note");
    if (out) out.textContent = "";
    closeSheet();
    refreshPicker();
  }

  function noAnswer() {
    words(asked).forEach(sync); // the next request brings those seats in step
    asked = "";
    showUnscored();
    clearTimeout(retry);
    retry = setTimeout(changed, RETRY_MS);
  }

  // --- events -------------------------------------------------------------------------------
  form.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || !form.contains(target)) return;
    if (target.classList.contains("card-btn")) {
      tap(target.dataset.card);
    } else if (target.classList.contains("dest-button")) {
      dest = target.dataset.dest;
      refreshPicker();
    } else if (target.classList.contains("player-tab")) {
      dest = "table"; // a new player starts with the cards on the table
      show(Number(target.dataset.seat));
    } else if (target.classList.contains("chip")) {
      if (target === selected) closeSheet(); else openSheet(target);
    } else if (target.dataset.move === "cancel") {
      closeSheet();
    }
  });

  form.addEventListener("keydown", function (event) {
    var tab = event.target.closest(".player-tab");
    if (tab && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      var next = (Number(tab.dataset.seat) + (event.key === "ArrowRight" ? 1 : seats - 1)) % seats;
      dest = "table";
      show(next);
      form.querySelector('.player-tab[data-seat="' + next + '"]').focus();
      event.preventDefault();
    } else if (event.key === "Escape" && selected) {
      closeSheet();
    } else if (event.key === "Enter" && event.target.matches(TYPED)) {
      event.preventDefault(); // Enter in a typed field refreshes the preview; only Save saves
      changed();
      // the keyboard's "next" after a player's two totals: the hand's field, then the next player
      var seat = current();
      if (event.target.name === "p" + seat + "-melded") input("p" + seat + "-in_hand").focus();
      if (event.target.name === "p" + seat + "-in_hand") {
        event.target.blur(); // the keyboard goes: the tabs and Save show again
        if (seat + 1 < seats) { dest = "table"; show(seat + 1); }
      }
    }
  });

  var typing = null;
  form.addEventListener("input", function (event) {
    if (!event.target.matches(TYPED)) return;
    // a number typed for a player recorded by cards: that player is counted by totals now
    var points = /^p(\d+)-(melded|in_hand)$/.exec(event.target.name);
    if (points && event.target.value !== "" && mode(points[1]) !== "totals") {
      form.querySelector('input[name="p' + points[1] + '-mode"][value="totals"]').checked = true;
      refreshPicker();
    }
    clearTimeout(typing);
    typing = setTimeout(function () { refreshPicker(); changed(); }, 300);
  });

  form.addEventListener("change", function (event) {
    var field = event.target;
    if (!field.name || field.matches(TYPED)) return;
    if (field.name === "wild_rank" || field.name === "joker_effect") {
      sync("wild");
      wildChanged = true;
    }
    refreshPicker();
    if (field.name !== "accept_warnings") changed();
    // Totals tapped: its boxes show (hidden with the cards), the first ready to type into
    var totals = /^p(\d+)-mode$/.exec(field.name);
    if (totals && field.value === "totals") {
      input("p" + totals[1] + "-melded").focus({ preventScroll: true });
    }
  });

  // a request has taken what was noted (its body is built): what follows is for the next one
  form.addEventListener("htmx:config:request", function (event) {
    asked = (asked + " " + input("sync").value).trim();
    input("sync").value = "";
    if (event.target.closest(".move-sheet")) closeSheet();
  });

  // no answer (the network, a timeout): the preview says so, and asks again in a while
  form.addEventListener("htmx:error", noAnswer);
  // a proxy that cannot reach the server answers for it: no answer either, not a preview
  form.addEventListener("htmx:before:swap", function (event) {
    var ctx = event.detail && event.detail.ctx;
    var status = ctx && ctx.response ? ctx.response.status : 200;
    if (status === 502 || status === 503 || status === 504) {
      event.preventDefault();
      noAnswer();
    }
  });
  window.addEventListener("online", function () { if (unscored) changed(); });

  document.addEventListener("htmx:after:swap", function () {
    var fresh = preview.querySelector("[data-csrf-token]");
    if (fresh) input("csrf_token").value = fresh.dataset.csrfToken;
    if (!preview.querySelector(".is-unscored")) { // the server's answer: scored again
      unscored = wildChanged = false;
      asked = "";
      clearTimeout(retry);
    }
    show(current());
  });

  form.addEventListener("submit", function (event) {
    if (form.dataset.saving) return event.preventDefault(); // a double tap sends one request
    form.dataset.saving = "true";
    form.classList.add("is-saving");
    setTimeout(function () { saveButton.disabled = true; }, 0);
    if (!window.Outbox) return; // a plain post
    event.preventDefault(); // sent by outbox.js: kept on this phone when the server is away
    window.Outbox.save(form).catch(function () {
      delete form.dataset.saving;
      form.classList.remove("is-saving");
      saveButton.disabled = false;
    });
  });

  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return; // back to a page kept in memory: it may save again
    delete form.dataset.saving;
    form.classList.remove("is-saving");
    saveButton.disabled = false;
  });

  // --- start --------------------------------------------------------------------------------
  form.querySelectorAll("[data-js-only]").forEach(function (el) { el.hidden = false; });
  panels.forEach(function (panel) {
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", "tab-" + panel.dataset.seat);
    panel.removeAttribute("aria-label");
  });
  form.querySelectorAll("details.typed:not([data-keep-open])").forEach(function (d) { d.open = false; });
  // a copy kept by the service worker: the round this phone keeps, or the round after its own
  var adopted = window.Outbox ? window.Outbox.adopt(form) : "";
  form.classList.add("js-ready");
  show(current());
  if (adopted) wildChanged = true; // the kept page's wild marks are not this round's
  if (adopted === "rebased") sync("wild"); // unset until the server or the scorer says
  // the preview of the form as it is now, once htmx (deferred before this script) has started
  if (adopted) setTimeout(changed, 0);
})();
