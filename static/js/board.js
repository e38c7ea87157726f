// The live scoreboard (and the game page's copy buttons).
// htmx polls #live; this script keeps the screen awake, asks at once when the phone wakes or the
// Wi-Fi comes back, says when the server cannot be reached and how old the scores shown are,
// refuses to swap an error page into the board, and keeps the breakdowns a viewer opened open
// across updates. A 404 is the server answering that this link opens no game any more (the
// scorer replaced it): the board says so and stops asking. On the scorer's page it also loads
// outbox.js (rounds kept on this phone).
(function () {
  "use strict";

  function isLive(event) {
    const target = event.target;
    return target instanceof Element && target.id === "live";
  }

  // When the board last heard from the server (a poll answered, changed or not): said in the
  // banner, "these scores are from 3 minutes ago", while the server cannot be reached.
  let lastHeard = Date.now();
  let ageTimer = null;

  function age() {
    const minutes = Math.floor((Date.now() - lastHeard) / 60000);
    // as every page shows a time (times.js; a page opened offline may lack it)
    const at = window.LocalTime
      ? window.LocalTime.format(new Date(lastHeard), "time")
      : new Date(lastHeard).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
    if (minutes < 1) return `less than a minute old (from ${at})`;
    return `${minutes} minute${minutes === 1 ? "" : "s"} old (from ${at})`;
  }

  function showAge() {
    const text = document.querySelector("#connection .connection-text");
    if (!text) return;
    text.textContent = `Cannot reach the scorekeeper: these scores are ${age()}. Trying again…`;
  }

  function setOnline(online) {
    const banner = document.getElementById("connection");
    if (online) lastHeard = Date.now();
    if (banner) banner.hidden = online;
    document.body.classList.toggle("is-offline", !online);
    clearInterval(ageTimer);
    if (!online) {
      showAge();
      ageTimer = setInterval(showAge, 15000);
    }
  }

  function ask() {
    document.dispatchEvent(new Event("board-wake"));
  }

  // The link was replaced: the banner says so (its words are the page's), the link's QR code and
  // the "follows by itself" note go (they would pass on a dead link), and the board stops
  // polling: a copy of it without htmx's attributes takes its place (htmx stops a poll whose
  // element left the page).
  function linkReplaced() {
    const banner = document.getElementById("connection");
    const words = document.getElementById("link-replaced");
    clearInterval(ageTimer);
    if (banner && words) {
      banner.replaceChildren(...words.content.cloneNode(true).childNodes);
      banner.hidden = false;
    }
    document.body.classList.add("is-offline");
    for (const gone of document.querySelectorAll(".board-page .share, .board-note")) {
      gone.hidden = true;
    }
    const live = document.getElementById("live");
    if (!live) return;
    const stopped = live.cloneNode(true);
    for (const name of ["hx-get", "hx-trigger", "hx-swap", "hx-sync", "hx-config"]) {
      stopped.removeAttribute(name);
    }
    live.replaceWith(stopped);
  }

  let openIds = [];
  document.addEventListener("htmx:before:swap", (event) => {
    if (!isLive(event)) return;
    const status = event.detail && event.detail.ctx && event.detail.ctx.response
      ? event.detail.ctx.response.status : 200;
    if (status >= 400) {
      event.preventDefault();  // keep the last good board on screen
      setOnline(false);
      return;
    }
    openIds = Array.from(document.querySelectorAll("#live details[open]"), (d) => d.id)
      .filter(Boolean);
  });
  document.addEventListener("htmx:after:swap", () => {
    for (const id of openIds) {
      const details = document.getElementById(id);
      if (details) details.open = true;
    }
    openIds = [];
  });
  document.addEventListener("htmx:after:request", (event) => {
    if (!isLive(event)) return;
    const response = event.detail && event.detail.ctx && event.detail.ctx.response;
    if (response && response.status === 404) {
      linkReplaced();
      return;
    }
    setOnline(Boolean(response) && response.status < 400);
  });
  document.addEventListener("htmx:error", (event) => {
    if (isLive(event)) setOnline(false);
  });

  // Keep the screen on while the board is shown (browsers allow it on https and localhost).
  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try {
      await navigator.wakeLock.request("screen");
    } catch (error) {
      // refused (battery saver, no permission): the board still works
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      ask();  // a phone that slept catches up at once
      keepAwake();
    }
  });
  window.addEventListener("online", ask);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) ask();  // back from the browser's page cache
  });
  keepAwake();

  // The scorer's page sends the rounds this phone kept while the server was away (outbox.js).
  if (document.body.classList.contains("scorer-page")) {
    const self = document.querySelector('script[src*="js/board.js"]');
    if (self && !window.Outbox) {
      const outbox = document.createElement("script");
      outbox.src = self.src.replace(/js\/board\.js(\?.*)?$/, "js/outbox.js");
      outbox.addEventListener("load", () => window.Outbox.flush());
      document.head.appendChild(outbox);
    }
  }

  // "Copy link": the clipboard where the browser allows it (https), else select the text.
  document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
    if (!button) return;
    const field = document.querySelector(button.dataset.copy);
    if (!field) return;
    const label = button.innerHTML; // (with its words for screen readers)
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = "Copied";
    } catch (error) {
      field.focus();
      field.select();
      button.textContent = document.execCommand && document.execCommand("copy")
        ? "Copied" : "Selected: copy it";
    }
    setTimeout(() => { button.innerHTML = label; }, 2000);
  });
})();
