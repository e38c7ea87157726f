/* Rounds saved while the server cannot be reached: kept on this phone (localStorage) with their
 * idempotency key, sent when the server answers again. The server stores a key once, so an entry
 * sent twice (two tabs, an answer lost on the way back) still makes one round; this page sends
 * each entry one at a time, oldest first, and a round saved while others of its game wait goes
 * behind them.
 *
 * window.Outbox.save(form, submitter) posts a round form (or a Spades hand's: the button that
 * sent it, "Save bids" or "Save hand", goes with it): on an answer the page goes on as a plain
 * save would (to the standings, or the form with what stops it); on no answer the round is kept
 * here and the page says "Saved on this phone, will send", then "Sent".
 *
 * The outbox knows this phone's own rounds (each kept or sent round's key, round number and the
 * game version its form was at), so that a round form the service worker kept is never taken for
 * another phone's (Outbox.adopt): reloaded, it is the round it kept (the same key, so saving it
 * again is the same round); opened again, it is the next round, at the version this phone's
 * rounds will leave the game at, and once they are sent it takes the server's dealer and wild
 * rank. Works on plain http (no service worker needed). CSP: no inline code. */
(function () {
  "use strict";

  var STORE = "scorekeeper.outbox";
  var RETRY_MS = 4000;
  var WAIT_MS = 20000; // an answer slower than this counts as none (the key makes a retry safe)
  var busy = false;
  var timer = null;

  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function store(list) {
    try { localStorage.setItem(STORE, JSON.stringify(list)); return true; } catch (e) { return false; }
  }
  function keep(entry) {
    var list = load().filter(function (e) { return e.key !== entry.key; });
    list.push(entry);
    return store(list);
  }
  function drop(key) { store(load().filter(function (e) { return e.key !== key; })); }

  /* The rounds this phone has sent or kept, newest last: {key, action, number, version} (an
     older phone kept the keys alone). A round form that carries one of these keys again (a
     copy the service worker kept) must not save its round under it. */
  var USED = "scorekeeper.used-keys";
  function sentOrKept() {
    try {
      return JSON.parse(localStorage.getItem(USED) || "[]").map(function (mine) {
        return typeof mine === "string" ? { key: mine } : mine;
      });
    } catch (e) { return []; }
  }
  function used(key) { return sentOrKept().some(function (mine) { return mine.key === key; }); }
  function use(entry) {
    try {
      var list = sentOrKept().filter(function (mine) { return mine.key !== entry.key; });
      list.push({
        key: entry.key, action: entry.action, number: entry.number, version: entry.version,
      });
      localStorage.setItem(USED, JSON.stringify(list.slice(-50)));
    } catch (e) { /* no storage: nothing to remember */ }
  }
  /* A kept round the server did not store: the form it comes back in is that round, not a
     copy of one this phone saved. */
  function forget(key) {
    try {
      var list = sentOrKept().filter(function (mine) { return mine.key !== key; });
      localStorage.setItem(USED, JSON.stringify(list));
    } catch (e) { /* no storage: nothing remembered */ }
  }

  /* The status line: in the round form's save bar, else at the top of the page. */
  function status(text, kind, link) {
    var line = document.getElementById("outbox-status");
    if (!line) {
      line = document.createElement("p");
      line.id = "outbox-status";
      line.setAttribute("role", "status");
      var bar = document.querySelector(".save-bar");
      var main = document.querySelector("main");
      if (bar) bar.insertBefore(line, bar.firstChild);
      else if (main) main.insertBefore(line, main.firstChild);
      else return;
    }
    line.className = "outbox-status flash flash-" + (kind || "warning");
    line.textContent = text + (link ? " " : "");
    if (link) {
      var a = document.createElement("a");
      a.href = link.href;
      a.textContent = link.text;
      line.appendChild(a);
    }
  }

  function post(action, body) {
    var controller = "AbortController" in window ? new AbortController() : null;
    var stop = controller ? setTimeout(function () { controller.abort(); }, WAIT_MS) : null;
    return fetch(action, {
      method: "POST",
      body: new URLSearchParams(body),
      credentials: "same-origin",
      redirect: "manual", // a save answers 303: not followed, so the "saved" message waits
      signal: controller ? controller.signal : undefined,
    }).then(function (response) {
      clearTimeout(stop);
      // too many requests, or a server (or its proxy) in trouble: not an answer, try again later
      if (response.status === 429 || response.status >= 500) throw new Error("no answer yet");
      return response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400);
    }, function (error) {
      clearTimeout(stop);
      throw error;
    });
  }

  function label(entry) { return entry.label || "Round " + entry.number; }

  /* Send what is kept, oldest first, one at a time. */
  function flush() {
    clearTimeout(timer);
    var list = load();
    if (busy || !list.length) return;
    busy = true;
    var entry = list[0];
    post(entry.action, entry.body).then(function (saved) {
      busy = false;
      drop(entry.key);
      if (saved) {
        status(label(entry) + ": sent. The server has it.", "success",
               { href: entry.done, text: "See the standings" });
        var shown = document.querySelector("form.round-form");
        var key = shown && shown.querySelector('input[name="key"]');
        if (key && key.value === entry.key) note(shown, ""); // it waits no more
        if (!waiting(entry.action).length) follow(entry.action);
      } else {
        // the server answered but did not save it (a changed game, a rule broken): the form
        // again with the entries, posted as a plain save so that it says why
        status(label(entry) + " was not saved by the server: ", "error",
               { href: entry.done, text: "open the game" });
        forget(entry.key);
        resubmit(entry);
        return;
      }
      flush();
    }, function () {
      busy = false;
      var left = load().length;
      status((left > 1 ? left + " rounds" : label(entry)) +
             " saved on this phone, will send when the server answers.", "warning");
      timer = setTimeout(flush, RETRY_MS);
    });
  }

  /* A kept round the server refused: posted as a plain form, so the page shows why. */
  function resubmit(entry) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = entry.action;
    form.hidden = true;
    new URLSearchParams(entry.body).forEach(function (value, name) {
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = name;
      field.value = value;
      form.appendChild(field);
    });
    document.body.appendChild(form);
    form.submit();
  }

  /* Save a round form: sent now, or kept here until the server answers. Resolves true when it
     went on to a page of the server's (the caller has nothing more to do). */
  function save(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var body = new URLSearchParams(data).toString();
    var fields = new URLSearchParams(body);
    var entry = {
      key: fields.get("key") || "edit " + form.action + " " + fields.get("version"),
      action: form.action,
      body: body,
      number: form.dataset.round,
      label: (submitter && submitter.dataset.label) || form.dataset.label || "",
      done: form.dataset.done,
      version: fields.get("version"),
      at: Date.now(),
    };
    function kept() {
      if (!keep(entry)) {
        status("Cannot reach the server, and this phone cannot keep the round: try Save again.",
               "error");
        throw new Error("not kept");
      }
      use(entry);
      status(label(entry) + " saved on this phone, will send when the server answers.",
             "warning");
    }
    if (waiting(form.action).some(function (e) { return e.key !== entry.key; })) {
      // rounds of this game wait to be sent: this one goes after them (it follows them)
      return Promise.resolve().then(function () { kept(); flush(); });
    }
    return post(form.action, body).then(function (saved) {
      if (saved) { use(entry); window.location.assign(entry.done); return; }
      resubmit(entry); // nothing was stored: the plain post (its button too) shows why
    }, function () {
      kept();
      timer = setTimeout(flush, RETRY_MS);
    });
  }

  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });
  window.addEventListener("pageshow", flush);
  /* A form whose key this phone has used already (a copy the service worker kept): a key of
     its own, so that its save is not taken for the earlier one. */
  function renewKey(form) {
    var key = form.querySelector('input[name="key"]');
    if (!key || !used(key.value)) return;
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    key.value = Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  // --- a new round's form and this phone's own rounds -----------------------------------------

  function waiting(action) { return load().filter(function (e) { return e.action === action; }); }

  /* The round form opened again (a reload, back or forward): its key is remembered per tab. */
  var SHOWN = "scorekeeper.form-key ";
  function openedAgain() {
    var entries = performance.getEntriesByType ? performance.getEntriesByType("navigation") : [];
    var type = entries.length ? entries[0].type : "navigate";
    return type === "reload" || type === "back_forward";
  }
  function remember(form) {
    var key = form.querySelector('input[name="key"]');
    try { sessionStorage.setItem(SHOWN + form.action, key.value); } catch (e) { /* none kept */ }
  }
  function shownBefore(form) {
    try { return sessionStorage.getItem(SHOWN + form.action); } catch (e) { return null; }
  }

  /* A line at the top of the round form: what this form is, beside this phone's rounds. */
  function note(form, text) {
    var line = form.querySelector(".round-note");
    if (!line && text) {
      line = document.createElement("p");
      line.className = "notice notice-warning round-note";
      line.setAttribute("role", "status");
      form.querySelector(".round-head").insertAdjacentElement("afterend", line);
    }
    if (line && text) line.textContent = text;
    else if (line) line.remove();
  }

  function setNumber(form, number) {
    form.dataset.round = String(number);
    var heading = form.querySelector(".round-head h1");
    if (heading) heading.textContent = "Round " + number;
    document.title = document.title.replace(/^Round \d+/, "Round " + number);
  }

  function setField(form, name, value) {
    var field = form.elements.namedItem(name);
    if (!field) return;
    if (field.type === "checkbox") field.checked = value !== "";
    else field.value = value; // an input, a select, or a group of radios (RadioNodeList)
  }

  /* The form filled with a round this phone keeps: the same round, under the same key. */
  function restore(form, entry) {
    Array.prototype.forEach.call(form.querySelectorAll('input[type="radio"]'), function (radio) {
      radio.checked = false; // a radio the kept round left unset stays unset
    });
    new URLSearchParams(entry.body).forEach(function (value, name) {
      setField(form, name, value);
    });
    setNumber(form, entry.number);
    note(form, "This is " + label(entry).toLowerCase() + " as this phone keeps it: saving it " +
         "again replaces what waits to be sent.");
  }

  /* The next round after ``mine`` (a round this phone saved that the form did not know of): its
     number, and the version the game will have once it is stored. Who deals and what is wild
     are the server's to say (the rules live there): unset until it answers. */
  function rebase(form, mine) {
    var number = Number(mine.number) + 1;
    setNumber(form, number);
    setField(form, "version", String(Number(mine.version) + 1));
    ["dealer", "wild_rank", "joker_effect"].forEach(function (name) { setField(form, name, ""); });
    form.dataset.follows = "true";
    var before = "Round " + mine.number + (waiting(form.action).some(function (e) {
      return e.key === mine.key;
    }) ? " is kept on this phone until the server answers" : " was saved from this phone");
    note(form, before + ": this form is round " + number + ". Choose who deals and what is " +
         "wild: this phone cannot ask the server now.");
  }

  /* Called as a new round's form starts: "restored" (the round this phone keeps, opened
     again), "rebased" (the next round after this phone's own), or "" (the form as served). */
  function adopt(form) {
    var key = form.querySelector('input[name="key"]');
    if (!key) return ""; // a correction: the round it corrects is its own
    var version = Number(form.elements.namedItem("version").value);
    var kept = waiting(form.action);
    var again = openedAgain() && shownBefore(form);
    var same = again && kept.filter(function (e) { return e.key === again; })[0];
    if (same) {
      restore(form, same);
      remember(form);
      return "restored";
    }
    renewKey(form);
    remember(form);
    // this phone's newest round of this game saved from a form at this version or later: the
    // form was kept from before it (the service worker's copy)
    var mine = sentOrKept().concat(kept).filter(function (m) {
      return m.action === form.action && m.version !== undefined && Number(m.version) >= version;
    }).sort(function (a, b) { return Number(a.version) - Number(b.version); }).pop();
    if (!mine) return "";
    rebase(form, mine);
    return "rebased";
  }

  /* This phone's rounds are sent: an open form that follows them takes the server's dealer and
     wild rank where the scorer chose none, when the server's next round is the form's. */
  function follow(action) {
    var form = document.querySelector("form.round-form[data-follows]");
    if (!form || form.action !== action || form.dataset.saving) return;
    fetch(action, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error("no form");
      return response.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html")
        .querySelector("form.round-form");
      if (!fresh || fresh.dataset.round !== form.dataset.round) return; // its save will say
      delete form.dataset.follows;
      note(form, "");
      ["dealer", "wild_rank", "joker_effect"].forEach(function (name) {
        var mine = form.elements.namedItem(name);
        var theirs = fresh.elements.namedItem(name);
        if (!mine || !theirs || mine.value || !theirs.value) return;
        mine.value = theirs.value;
        mine.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }).catch(function () { /* not now: the scorer chooses, the save checks */ });
  }

  window.Outbox = {
    save: save, flush: flush, renewKey: renewKey, adopt: adopt,
    pending: function () { return load().length; },
  };
})();
