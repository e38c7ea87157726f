/* The round form on the scorer's phone: player tabs, the card picker, regrouping by hand.
 *
 * The form's fields hold the whole state (p{i}-table, p{i}-hand, p{i}-layout, …); this script
 * only edits them and then dispatches "round-changed" on the form, which htmx turns into a POST
 * of the whole form to the preview URL (hx-trigger on the form). The server renders the preview
 * and, in it, each player's current grouping as data-layout, which a regroup action starts from;
 * a wild card's reading buttons carry the whole grouping with that reading declared (the grammar,
 * JK=5C, is written in Python: this script only copies it into p{i}-layout).
 * Plain script (no inline handlers: the page's CSP allows only scripts from the app itself).
 */
(function () {
  "use strict";

  var form = document.querySelector("form.round-form");
  if (!form) return;

  var FLAGS = ["once", "doubled", "final"];
  var SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  var packs = parseInt(form.dataset.packs, 10) || 1;
  var jokers = parseInt(form.dataset.jokers, 10) || 0;
  var rulesJokersWild = form.dataset.jokersWild === "true";
  var dealerJoker = form.dataset.dealerJoker === "true";
  var wildRanks = words(form.dataset.wildRanks || "");
  var wildCards = words(form.dataset.wildCards || "");
  var panels = Array.prototype.slice.call(form.querySelectorAll(".player-panel"));
  var seats = panels.length;
  var picker = form.querySelector(".picker");
  var preview = document.getElementById("round-preview");
  var saveButton = form.querySelector(".save-button");
  var currentInput = form.elements.namedItem("current");
  var dest = "table";
  var selected = null; // the chip being moved: {seat, group ("hand" or an index), pos, code}

  // --- small helpers ------------------------------------------------------------------------

  function words(text) {
    return text.split(/[\s,]+/).filter(Boolean);
  }

  /* A card code as the server writes it: upper case, 10 for T, suit letters, JK for a joker. */
  function normal(token) {
    var code = token.trim().toUpperCase();
    if (code === "JOKER") return "JK";
    var last = code.slice(-1);
    if (SUIT_LETTERS[last]) code = code.slice(0, -1) + SUIT_LETTERS[last];
    if (code.length === 2 && code[0] === "T") code = "10" + code[1];
    return code;
  }

  /* A card token of a grouping without its marks: "JK=5C!" -> "JK". */
  function bare(code) {
    return code.replace(/!$/, "").replace(/=.*$/, "");
  }

  /* A card token without its declared reading (which belongs to the meld it was declared in):
     "JK=5C!" -> "JK!". */
  function undeclared(code) {
    return code.replace(/=[^!]*/, "");
  }

  function input(name) {
    return form.elements.namedItem(name);
  }

  function current() {
    var seat = parseInt(currentInput.value, 10);
    return seat >= 0 && seat < seats ? seat : 0;
  }

  function mode(seat) {
    var checked = form.querySelector('input[name="p' + seat + '-mode"]:checked');
    return checked ? checked.value : "cards";
  }

  function cards(seat, where) {
    var field = input("p" + seat + "-" + where);
    return field ? words(field.value).map(normal) : [];
  }

  function setCards(seat, where, list) {
    input("p" + seat + "-" + where).value = list.join(" ");
  }

  function count(list, code) {
    return list.filter(function (c) { return bare(c) === code; }).length;
  }

  function changed() {
    form.dispatchEvent(new CustomEvent("round-changed"));
  }

  // --- the grouping by hand (the grammar of round_form/layout.py) -----------------------------

  function parseLayout(text) {
    return text.split("/").map(function (chunk) { return words(chunk); })
      .filter(function (tokens) { return tokens.length; })
      .map(function (tokens) {
        var group = { onto: null, flags: [], cards: [] };
        tokens.forEach(function (token) {
          var lower = token.toLowerCase();
          if (FLAGS.indexOf(lower) >= 0) {
            if (group.flags.indexOf(lower) < 0) group.flags.push(lower);
          } else if (token[0] === "@") {
            group.onto = token.slice(1);
          } else if (token.length > 1 && token.slice(-1) === "!") {
            group.cards.push(normal(token.slice(0, -1)) + "!");
          } else {
            group.cards.push(normal(token));
          }
        });
        return group;
      });
  }

  function formatLayout(groups) {
    return groups.filter(function (g) { return g.cards.length; }).map(function (g) {
      var parts = g.onto ? ["@" + g.onto] : [];
      FLAGS.forEach(function (flag) { if (g.flags.indexOf(flag) >= 0) parts.push(flag); });
      return parts.concat(g.cards).join(" ");
    }).join(" / ");
  }

  function layoutField(seat) {
    return input("p" + seat + "-layout");
  }

  /* The grouping the preview shows for a player (the app's or the hand-made one). */
  function shownLayout(seat) {
    var section = preview.querySelector('.preview-player[data-seat="' + seat + '"]');
    if (section) return section.dataset.layout || "";
    return layoutField(seat).value;
  }

  /* Meld numbers (among the groups that are not layoffs) of the groups that are empty now. */
  function emptiedMelds(groups) {
    var gone = [];
    var number = 0;
    groups.forEach(function (g) {
      if (g.onto) return;
      if (!g.cards.length) gone.push(number);
      number += 1;
    });
    return gone;
  }

  /* Melds of `seat` are gone: renumber every hand-made layoff onto that player's melds; a
     layoff onto a meld that is gone becomes a meld of its own (the preview then says why it
     is not legal). */
  function renumber(seat, gone) {
    if (!gone.length) return;
    for (var s = 0; s < seats; s += 1) {
      var field = layoutField(s);
      if (!field.value) continue;
      var groups = parseLayout(field.value);
      groups.forEach(function (g) {
        if (!g.onto) return;
        var parts = g.onto.split(".");
        if (parseInt(parts[0], 10) !== seat) return;
        var meld = parseInt(parts[1], 10);
        if (gone.indexOf(meld) >= 0) {
          g.onto = null;
          g.flags = g.flags.filter(function (f) { return f !== "final"; });
          return;
        }
        var before = gone.filter(function (m) { return m < meld; }).length;
        g.onto = seat + "." + (meld - before);
      });
      field.value = formatLayout(groups);
    }
  }

  /* The wild rank (or the dealer's joker) changed: a card that is no longer wild cannot keep a
     declared reading. */
  function dropStaleReadings() {
    for (var s = 0; s < seats; s += 1) {
      var field = layoutField(s);
      if (field.value.indexOf("=") < 0) continue;
      var groups = parseLayout(field.value);
      groups.forEach(function (g) {
        g.cards = g.cards.map(function (c) { return isWild(bare(c)) ? c : undeclared(c); });
      });
      field.value = formatLayout(groups);
    }
  }

  function saveLayout(seat, groups) {
    var gone = emptiedMelds(groups);
    layoutField(seat).value = formatLayout(groups);
    renumber(seat, gone);
  }

  // --- the card picker ------------------------------------------------------------------------

  function isWild(code) {
    if (code === "JK") {
      var effect = input("joker_effect");
      if (dealerJoker && effect && effect.value) return effect.value === "wild";
      return rulesJokersWild;
    }
    var wild = input("wild_rank");
    var rank = code.slice(0, -1);
    return (wild && wild.value === rank) || wildRanks.indexOf(rank) >= 0 ||
      wildCards.indexOf(code) >= 0;
  }

  function usedCounts() {
    var used = {};
    for (var s = 0; s < seats; s += 1) {
      if (mode(s) === "totals") continue;
      cards(s, "table").concat(cards(s, "hand")).forEach(function (code) {
        used[code] = (used[code] || 0) + 1;
      });
    }
    return used;
  }

  function other(where) {
    return where === "table" ? "hand" : "table";
  }

  function refreshPicker() {
    if (!picker) return;
    var seat = current();
    var totals = mode(seat) === "totals";
    picker.dataset.dest = dest;
    picker.querySelector(".picker-grid").hidden = totals;
    picker.querySelector(".dest-switch").hidden = totals;
    picker.querySelector(".picker-note").hidden = !totals;
    picker.querySelectorAll(".dest-button").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.dest === dest));
    });
    var used = usedCounts();
    var here = cards(seat, dest);
    var there = cards(seat, other(dest));
    picker.querySelectorAll(".card-btn").forEach(function (button) {
      var code = button.dataset.card;
      var most = code === "JK" ? jokers : packs;
      var mine = count(here, code);
      var n = used[code] || 0;
      button.setAttribute("aria-pressed", String(mine > 0));
      button.disabled = mine === 0 && n >= most && count(there, code) === 0;
      button.classList.toggle("is-used", n - mine > 0);
      button.classList.toggle("is-wild", isWild(code));
      var badge = button.querySelector(".card-count");
      badge.textContent = most > 1 && n > 0 ? n + "/" + most : "";
    });
  }

  /* One tap: add the card to the current destination; a card already there (with no copy
     left to add) comes back out; a card in this player's other destination moves here. */
  function tap(code) {
    var seat = current();
    if (mode(seat) === "totals") return;
    var most = code === "JK" ? jokers : packs;
    var used = usedCounts()[code] || 0;
    var here = cards(seat, dest);
    var there = cards(seat, other(dest));
    var layout = layoutField(seat);
    if (used < most) {
      here.push(code);
      if (dest === "table" && layout.value) addToLastGroup(seat, code);
    } else if (count(here, code) > 0) {
      here = here.filter(function (c) { return c !== code; });
      if (dest === "table" && layout.value) removeFromLayout(seat, code, Infinity);
    } else if (count(there, code) > 0) {
      there.splice(there.lastIndexOf(code), 1);
      here.push(code);
      if (layout.value) {
        if (dest === "table") addToLastGroup(seat, code);
        else removeFromLayout(seat, code, 1);
      }
      setCards(seat, other(dest), there);
    } else {
      return;
    }
    setCards(seat, dest, here);
    refreshPicker();
    changed();
  }

  function addToLastGroup(seat, code) {
    var groups = parseLayout(layoutField(seat).value);
    if (groups.length) groups[groups.length - 1].cards.push(code);
    else groups.push({ onto: null, flags: [], cards: [code] });
    saveLayout(seat, groups);
  }

  function removeFromLayout(seat, code, times) {
    var groups = parseLayout(layoutField(seat).value);
    for (var g = groups.length - 1; g >= 0 && times > 0; g -= 1) {
      for (var c = groups[g].cards.length - 1; c >= 0 && times > 0; c -= 1) {
        if (bare(groups[g].cards[c]) === code) {
          groups[g].cards.splice(c, 1);
          times -= 1;
        }
      }
    }
    saveLayout(seat, groups);
  }

  // --- tabs and modes -----------------------------------------------------------------------

  function show(seat) {
    currentInput.value = String(seat);
    form.querySelectorAll(".player-tab").forEach(function (tab) {
      var on = parseInt(tab.dataset.seat, 10) === seat;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    });
    panels.forEach(function (panel) {
      panel.classList.toggle("is-current", parseInt(panel.dataset.seat, 10) === seat);
    });
    preview.querySelectorAll(".preview-player, .preview-totals tr[data-seat]").forEach(function (el) {
      el.classList.toggle("is-current", parseInt(el.dataset.seat, 10) === seat);
    });
    closeSheet();
    refreshPicker();
  }

  function syncModes() {
    panels.forEach(function (panel) {
      panel.dataset.mode = mode(parseInt(panel.dataset.seat, 10));
    });
  }

  // --- regrouping by hand (the move sheet in the preview) -----------------------------------

  function sheetOf(seat) {
    return preview.querySelector('.move-sheet[data-seat="' + seat + '"]');
  }

  function closeSheet() {
    selected = null;
    preview.querySelectorAll(".chip.is-selected").forEach(function (chip) {
      chip.classList.remove("is-selected");
    });
    preview.querySelectorAll(".move-sheet").forEach(function (sheet) { sheet.hidden = true; });
    form.classList.remove("is-moving");
  }

  function openSheet(chip) {
    closeSheet();
    var seat = parseInt(chip.dataset.seat, 10);
    var group = chip.dataset.group === "hand" ? "hand" : parseInt(chip.dataset.group, 10);
    selected = { seat: seat, group: group, pos: parseInt(chip.dataset.pos, 10), code: chip.dataset.card };
    chip.classList.add("is-selected");
    var sheet = sheetOf(seat);
    if (!sheet) return;
    var groups = parseLayout(shownLayout(seat));
    var own = group === "hand" ? null : groups[group];
    var kind = group === "hand" ? "hand" : own && own.onto ? "layoff" : "meld";
    sheet.querySelector(".move-card").innerHTML = chip.querySelector(".card-code").outerHTML;
    // a wild card's readings, when it has a choice (the server rendered them for this chip)
    sheet.querySelectorAll(".reading-choices").forEach(function (choices) {
      choices.hidden = !(parseInt(choices.dataset.group, 10) === group &&
        parseInt(choices.dataset.pos, 10) === selected.pos);
    });
    sheet.querySelectorAll("[data-move]").forEach(function (button) {
      var move = button.dataset.move;
      var needs = button.dataset.for;
      var hide = false;
      if (move.indexOf("meld:") === 0) hide = parseInt(button.dataset.group, 10) === group;
      if (needs === "table") hide = kind === "hand";
      if (needs === "meld" || needs === "layoff") hide = kind !== needs;
      if (move.indexOf("onto:") === 0 && own && own.onto === move.slice(5)) hide = true;
      button.hidden = hide;
      if (move.indexOf("flag:") === 0 && own) {
        var flag = move.slice(5);
        var on = flag === "called" ? /!$/.test(own.cards[selected.pos] || "") : own.flags.indexOf(flag) >= 0;
        button.setAttribute("aria-pressed", String(on));
      }
    });
    sheet.hidden = false;
    form.classList.add("is-moving");
    var first = sheet.querySelector(".reading-choices:not([hidden]) [aria-pressed=\"true\"]") ||
      sheet.querySelector("[data-move]:not([hidden])");
    if (first) first.focus({ preventScroll: true });
  }

  function moveSelected(to) {
    var from = selected;
    closeSheet();
    if (!from || to === "cancel") return;
    var seat = from.seat;
    var groups = parseLayout(shownLayout(seat));
    var table = cards(seat, "table");
    var hand = cards(seat, "hand");
    var code;
    if (to.indexOf("flag:") === 0) {
      var target = groups[from.group];
      if (!target) return;
      var flag = to.slice(5);
      if (flag === "called") {
        var card = target.cards[from.pos];
        target.cards[from.pos] = /!$/.test(card) ? bare(card) : card + "!";
      } else if (target.flags.indexOf(flag) >= 0) {
        target.flags = target.flags.filter(function (f) { return f !== flag; });
      } else {
        target.flags.push(flag);
      }
      saveLayout(seat, groups);
      changed();
      return;
    }
    if (from.group === "hand") {
      code = bare(from.code);
      var at = hand.lastIndexOf(code);
      if (at < 0 || to === "hand") return;
      hand.splice(at, 1);
      table.push(code);
    } else {
      var source = groups[from.group];
      if (!source || source.cards[from.pos] === undefined) return;
      code = source.cards[from.pos];
      source.cards[from.pos] = null;
      code = undeclared(code); // a declared reading stays with the meld it was declared in
    }
    if (to === "hand") {
      var onTable = table.lastIndexOf(bare(code));
      if (onTable >= 0) table.splice(onTable, 1);
      hand.push(bare(code));
    } else if (to === "new") {
      groups.push({ onto: null, flags: [], cards: [code] });
    } else if (to.indexOf("meld:") === 0) {
      var meld = groups[parseInt(to.slice(5), 10)];
      if (meld) meld.cards.push(code);
      else groups.push({ onto: null, flags: [], cards: [code] });
    } else if (to.indexOf("onto:") === 0) {
      var onto = to.slice(5);
      var layoff = groups.filter(function (g) {
        return g.onto === onto && g.flags.indexOf("final") < 0;
      })[0];
      if (layoff) layoff.cards.push(code);
      else groups.push({ onto: onto, flags: [], cards: [code] });
    }
    // the moved card's old place is emptied last, so the indices above stayed valid
    var gone = [];
    var number = 0;
    groups.forEach(function (g) {
      var left = g.cards.filter(function (c) { return c !== null; });
      if (!g.onto) {
        if (!left.length) gone.push(number);
        number += 1;
      }
      g.cards = left;
    });
    layoutField(seat).value = formatLayout(groups);
    renumber(seat, gone);
    setCards(seat, "table", table);
    setCards(seat, "hand", hand);
    refreshPicker();
    changed();
  }

  // --- events -------------------------------------------------------------------------------

  form.addEventListener("click", function (event) {
    var target = event.target.closest("button, [data-move]");
    if (!target || !form.contains(target)) return;
    if (target.classList.contains("card-btn")) {
      tap(target.dataset.card);
    } else if (target.classList.contains("dest-button")) {
      dest = target.dataset.dest;
      refreshPicker();
    } else if (target.classList.contains("player-tab")) {
      dest = "table"; // a new player starts with the cards on the table
      show(parseInt(target.dataset.seat, 10));
    } else if (target.classList.contains("chip")) {
      if (target.classList.contains("is-selected")) closeSheet();
      else openSheet(target);
    } else if (target.dataset.declare !== undefined) {
      // the server wrote the player's whole grouping with this reading declared
      var sheet = target.closest(".move-sheet");
      closeSheet();
      if (!sheet) return;
      layoutField(parseInt(sheet.dataset.seat, 10)).value = target.dataset.declare;
      changed();
    } else if (target.dataset.move) {
      moveSelected(target.dataset.move);
    } else if (target.dataset.action === "auto-group") {
      layoutField(parseInt(target.dataset.seat, 10)).value = "";
      closeSheet();
      changed();
    }
  });

  form.addEventListener("keydown", function (event) {
    var tab = event.target.closest(".player-tab");
    if (tab && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      var step = event.key === "ArrowRight" ? 1 : seats - 1;
      var next = (parseInt(tab.dataset.seat, 10) + step) % seats;
      dest = "table";
      show(next);
      form.querySelector('.player-tab[data-seat="' + next + '"]').focus();
      event.preventDefault();
    } else if (event.key === "Escape" && selected) {
      closeSheet();
    } else if (event.key === "Enter" && event.target.matches('input[type="text"], input[type="number"]')) {
      // Enter in a typed field refreshes the preview; only the Save button saves
      event.preventDefault();
      changed();
    }
  });

  var typing = null;
  form.addEventListener("input", function (event) {
    if (!event.target.matches('input[type="text"], input[type="number"]')) return;
    clearTimeout(typing);
    typing = setTimeout(function () { refreshPicker(); changed(); }, 300);
  });

  form.addEventListener("change", function (event) {
    var field = event.target;
    if (!field.name || field.matches('input[type="text"], input[type="number"]')) return;
    if (/^p\d+-mode$/.test(field.name)) syncModes();
    if (field.name === "wild_rank" || field.name === "joker_effect") dropStaleReadings();
    refreshPicker();
    if (field.name !== "accept_warnings") changed();
  });

  document.addEventListener("htmx:after:swap", function () {
    selected = null;
    form.classList.remove("is-moving");
    var fresh = preview.querySelector("[data-csrf-token]");
    if (fresh) input("csrf_token").value = fresh.dataset.csrfToken;
    preview.querySelectorAll(".preview-player").forEach(function (section) {
      var total = form.querySelector('.tab-total[data-total-for="' + section.dataset.seat + '"]');
      if (total) total.textContent = section.dataset.total;
    });
    show(current());
  });

  form.addEventListener("submit", function (event) {
    if (form.dataset.saving) {
      event.preventDefault(); // a double tap sends one request
      return;
    }
    form.dataset.saving = "true";
    form.classList.add("is-saving");
    setTimeout(function () { saveButton.disabled = true; }, 0);
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
  form.querySelectorAll("details.typed:not([data-keep-open])").forEach(function (details) {
    details.open = false;
  });
  form.classList.add("js-ready");
  syncModes();
  show(current());
})();
