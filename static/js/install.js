/* Installable where the browser allows a service worker (https, or localhost): registers /sw.js.
 * On a plain-http LAN this does nothing and every page works as it always has. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      // refused (private mode, a policy): the app works without it
    });
  });
})();
