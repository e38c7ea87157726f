/* The service worker (served at /sw.js, scope /; registered by install.js in secure contexts
 * only: https, or localhost). It keeps the app shell so that the scorer's page and the round form
 * open without the network: static files (fingerprinted) from the cache first; the scorer's page,
 * the round form (a Spades hand's too) and the board from the network, with the last copy kept
 * for when there is none. Saving never goes through here: a round saved offline waits in
 * outbox.js (which works on plain http too), and a round form opened from the cache is fitted
 * to this phone's own rounds there (Outbox.adopt: the round it keeps, or the next one). */
"use strict";

var CACHE = "scorekeeper-shell-1";
var PAGES = /^\/(s\/[^/]+(\/(rounds|hands)\/new)?|w\/[^/]+)$/;

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) { return key !== CACHE; })
      .map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function fromCacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

function fromNetworkFirst(request, key) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(key, copy); });
    }
    return response;
  }, function () {
    return caches.open(CACHE).then(function (cache) { return cache.match(key); })
      .then(function (hit) { return hit || Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fromCacheFirst(request));
  } else if (request.mode === "navigate" && PAGES.test(url.pathname)) {
    event.respondWith(fromNetworkFirst(request, url.origin + url.pathname));
  }
});
