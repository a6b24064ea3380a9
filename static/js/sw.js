/* The service worker: the page shell and static files work offline; the API never comes from here.
 *
 * Everything is network first, so a deploy is never hidden by an old copy:
 * the copies (static files, and each page as last opened) serve only when
 * the phone is offline. Pages: network first, and
 * the last copy of the page when the phone is offline, so a reload at a
 * table with no signal still shows the board as it last was (sync.js then
 * says "Offline" with the time of that copy and sends waiting changes once
 * the phone is back). The API, websockets and anything but GET pass through
 * untouched: commands and numbers are only ever the server's.
 */
"use strict";
var VERSION = "grim-v1";
var SHELL = [
  "/static/css/app.css",
  "/static/js/sync.js",
  "/static/js/spot.js",
  "/static/js/board.js",
  "/static/js/host.js",
  "/static/js/pwa.js",
  "/static/favicon.svg",
  "/static/icons/icon-192.png",
  "/static/manifest.webmanifest"
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(VERSION).then(function (cache) { return cache.addAll(SHELL); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== VERSION; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

/* A copy of a good answer, for when the phone is offline. */
function keep(request, response) {
  var copy = response.clone();
  caches.open(VERSION).then(function (c) { c.put(request, copy); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/api/") === 0 || url.pathname.indexOf("/ws/") === 0 || url.pathname === "/healthz") return;
  if (/\/board\/$/.test(url.pathname)) return;  // a board fragment is only ever fresh
  if (url.pathname.indexOf("/static/") === 0) {
    // Network first, so a deploy is never hidden by an old copy; the copy serves offline.
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) keep(request, response);
      return response;
    }).catch(function () {
      return caches.match(request).then(function (hit) { return hit || Response.error(); });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && !response.redirected) keep(request, response);
      return response;
    }).catch(function () {
      return caches.match(request).then(function (hit) {
        return hit || new Response(
          "<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title>" +
          "<body style='font-family:sans-serif;background:#14110f;color:#f1e9e2;padding:16px'>" +
          "<h1>Offline</h1><p>This page has not been opened on this phone yet. Try again when the phone is online.</p>",
          { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
      });
    }));
  }
});
