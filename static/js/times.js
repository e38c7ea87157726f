// Every time a page shows, in the viewer's own time zone and locale, in one format.
// The server writes <time datetime="…Z" data-local="datetime|date"> with its UTC text (it cannot
// know the viewer's zone: scorekeeper/web/times.py); this rewrites each such element when the
// page loads and after every htmx swap. board.js writes its "scores from" time with
// LocalTime.format(moment, "time"), the clock part of the same format.
(function () {
  "use strict";

  // One set of options everywhere: the date part and the clock part of "Sun, Mar 1, 2026,
  // 8:28 AM" (or "Sun 1 Mar 2026, 13:28": the locale decides its order and its 12- or 24-hour
  // clock, the same for every time on every page).
  const DATE = { weekday: "short", day: "numeric", month: "short", year: "numeric" };
  const CLOCK = { hour: "numeric", minute: "2-digit" };
  const FORMATS = {
    datetime: new Intl.DateTimeFormat(undefined, { ...DATE, ...CLOCK }),
    date: new Intl.DateTimeFormat(undefined, DATE),
    time: new Intl.DateTimeFormat(undefined, CLOCK),
  };

  function format(moment, shown) {
    return (FORMATS[shown] || FORMATS.datetime).format(moment);
  }

  function localize() {
    for (const element of document.querySelectorAll("time[data-local]")) {
      const moment = new Date(element.dateTime);
      if (Number.isNaN(moment.getTime())) continue; // keep the server's text
      const text = format(moment, element.dataset.local);
      if (element.textContent !== text) element.textContent = text;
    }
  }

  window.LocalTime = { format };
  localize();
  // A swapped-in part (a poll's new board, an out-of-band part) may bring times of its own.
  document.addEventListener("htmx:after:swap", localize);
})();
