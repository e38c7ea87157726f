/* Rounds saved while the server cannot be reached: kept on this phone (localStorage) with their
 * idempotency key, sent when the server answers again. The server stores a key once, so an entry
 * sent twice (two tabs, an answer lost on the way back) still makes one round; this page sends
 * each entry one at a time. Works on plain http (no service worker needed).
 *
 * window.Outbox.save(form, submitter) posts a round form (or a Spades hand's: the button that
 * sent it, "Save bids" or "Save hand", goes with it): on an answer the page goes on as a plain
 * save would (to the standings, or the form with what stops it); on no answer the round is kept
 * here and the page says "Saved on this phone, will send", then "Sent". CSP: no inline code. */
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

  /* The keys this phone has sent or kept: a round form that carries one again (a copy the
     service worker kept) must not save its round under it. */
  var USED = "scorekeeper.used-keys";
  function used(key) {
    try { return JSON.parse(localStorage.getItem(USED) || "[]").indexOf(key) >= 0; } catch (e) { return false; }
  }
  function use(key) {
    try {
      var keys = JSON.parse(localStorage.getItem(USED) || "[]").filter(function (k) { return k !== key; });
      keys.push(key);
      localStorage.setItem(USED, JSON.stringify(keys.slice(-50)));
    } catch (e) { /* no storage: nothing to remember */ }
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
      } else {
        // the server answered but did not save it (a changed game, a rule broken): the form
        // again with the entries, posted as a plain save so that it says why
        status(label(entry) + " was not saved by the server: ", "error",
               { href: entry.done, text: "open the game" });
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
      at: Date.now(),
    };
    return post(form.action, body).then(function (saved) {
      if (saved) { use(entry.key); window.location.assign(entry.done); return; }
      resubmit(entry); // nothing was stored: the plain post (its button too) shows why
    }, function () {
      if (!keep(entry)) {
        status("Cannot reach the server, and this phone cannot keep the round: try Save again.",
               "error");
        throw new Error("not kept");
      }
      use(entry.key);
      status(label(entry) + " saved on this phone, will send when the server answers.",
             "warning");
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

  window.Outbox = {
    save: save, flush: flush, renewKey: renewKey,
    pending: function () { return load().length; },
  };
})();
