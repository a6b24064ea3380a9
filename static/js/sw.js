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
 *
 * Pages are kept in one language, the one the player reads now (issue #34):
 * each page says its language (Content-Language), and a page in another one
 * (the player switched, by the switch's POST or the phone's language) drops
 * every page kept before, so an offline reload never shows the old language.
 * The scripts' words (/jsi18n/?l=<language>) are kept like the static files;
 * the offline notice is the server's /offline/?l=<language>, kept in the language noted.
 */
"use strict";
var VERSION = "grim-v3";
var SHELL = [
  "/static/css/app.css",
  "/static/js/page.js",
  "/static/js/sync.js",
  "/static/js/spot.js",
  "/static/js/board/forms.js",
  "/static/js/board/refusals.js",
  "/static/js/board/swap.js",
  "/static/js/board/log.js",
  "/static/js/board/commands.js",
  "/static/js/board.js",
  "/static/js/host.js",
  "/static/js/pwa.js",
  "/static/favicon.svg",
  "/static/icons/icon-192.png",
  "/static/manifest.webmanifest"
];
var LANGUAGE = "/sw/language";  // where the language of the kept pages is noted
var OFFLINE = "/offline/";      // the server's offline notice, kept in that language

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(VERSION).then(function (cache) { return cache.addAll(SHELL); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== VERSION; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

/* A copy of a good answer, for when the phone is offline (``copy``: a clone taken at once). */
function keep(request, copy) {
  return caches.open(VERSION).then(function (c) { return c.put(request, copy); });
}

/* The language the kept pages are in ("" before any page was kept). */
function language() {
  return caches.open(VERSION).then(function (c) { return c.match(LANGUAGE); })
    .then(function (hit) { return hit ? hit.text() : ""; });
}

/* The player reads ``lang`` now: when the kept pages are in another language they are dropped
 * (only the static files stay), the language is noted and the offline notice fetched in it. */
function noteLanguage(lang) {
  if (!lang) return Promise.resolve();
  return language().then(function (was) {
    if (was === lang) return;
    return caches.open(VERSION).then(function (c) {
      return c.keys().then(function (requests) {
        return Promise.all(requests.filter(function (r) {
          var u = new URL(r.url);  // the new language's words may be kept already: they stay
          return u.pathname.indexOf("/static/") !== 0 && !(u.pathname === "/jsi18n/" && u.searchParams.get("l") === lang);
        }).map(function (r) { return c.delete(r); }));
      }).then(function () {
        return c.put(LANGUAGE, new Response(lang));
      }).then(function () {
        return fetch(OFFLINE + "?l=" + encodeURIComponent(lang)).then(function (r) {
          if (r.ok && r.headers.get("Content-Language") === lang) return c.put(OFFLINE, r);
        }).catch(function () { /* kept at the next change */ });
      });
    });
  });
}

/* A kept copy only when it is in the language read now. */
function inLanguage(hit, lang) {
  return hit && (!lang || hit.headers.get("Content-Language") === lang) ? hit : null;
}

function offline(request) {
  return language().then(function (lang) {
    return Promise.all([caches.match(request), caches.match(OFFLINE)]).then(function (found) {
      var page = inLanguage(found[0], lang);
      if (page) return page;
      var notice = inLanguage(found[1], lang);
      if (notice) return new Response(notice.body, { status: 503, headers: notice.headers });
      return new Response(
        "<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title>" +
        "<body style='font-family:sans-serif;background:#14110f;color:#f1e9e2;padding:16px'>" +
        "<h1>Offline</h1><p>This page has not been opened on this phone yet. Try again when the phone is online.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/language/") {
    // The switch: its answer is the next page, in the language chosen; the kept pages go now.
    event.waitUntil(request.clone().formData().then(function (form) {
      return noteLanguage(String(form.get("language") || ""));
    }).catch(function () { /* the next page says its language */ }));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.indexOf("/api/") === 0 || url.pathname.indexOf("/ws/") === 0 || url.pathname === "/healthz") return;
  if (/\/board\/$/.test(url.pathname)) return;  // a board fragment is only ever fresh
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/jsi18n/") {
    // Network first, so a deploy is never hidden by an old copy; the copy serves offline.
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) keep(request, response.clone());
      return response;
    }).catch(function () {
      return caches.match(request).then(function (hit) { return hit || Response.error(); });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      var copy = response.ok && !response.redirected ? response.clone() : null;
      event.waitUntil(noteLanguage(response.headers.get("Content-Language")).then(function () {
        if (copy) return keep(request, copy);
      }));
      return response;
    }).catch(function () { return offline(request); }));
  }
});
