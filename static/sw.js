// Scorekeeper's service worker: the app shell (scripts, icons, the offline page; the style sheet is
// inside every page) is cached on install; everything is fetched from the network first and the
// cached copy is used only when the network is gone (a page as last seen, the shell); a POST is
// never kept nor answered from the cache, nor an htmx fragment or poll (but for the card decks
// drawn when a picker opens). Pages link the shell fingerprinted (?v=hash): offline, a copy of the
// same file under another fingerprint still serves.
// A page never seen before gets /offline, kept in the language of the last page seen.
// Boards have a cache of their own, written only by app.js (the board as the device last saw it,
// after every save): a page's network copy, stored here when its body has come, can finish after a
// later save and must never replace that newer board.
"use strict";
var SHELL = "scorekeeper-shell-v8";
var PAGES = "scorekeeper-pages-v5";
var BOARDS = "scorekeeper-boards-v1";
var SHELL_FILES = [
  "/static/js/app.min.js", "/static/js/htmx-2.0.11.min.js",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png", "/static/icons/icon-512.png", "/manifest.webmanifest", "/offline"
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_FILES); })
    .then(function () { return caches.open(BOARDS); })  // there before a page first keeps a board in it
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return [SHELL, PAGES, BOARDS].indexOf(name) < 0; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// A kept page served without the network says so (<html data-offline-copy="when it was kept">):
// the board as the device last saw it (app.js keeps it after every save), with the time it was kept.
function offlineCopy(hit) {
  return hit.text().then(function (html) {
    var kept = (html.match(/data-copy-at="([^"]+)"/) || [])[1] || hit.headers.get("Date") || "";
    var headers = new Headers(hit.headers);  // as the page was served (its Cache-Control too), but the body changed
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(html.replace("<html", '<html data-offline-copy="' + kept + '"'),
      { status: hit.status, statusText: hit.statusText, headers: headers });
  });
}

// The page for a place never kept (or a form sent) without the network, in the table's language.
function offlinePage() {
  return caches.match("/offline", { cacheName: SHELL }).then(function (page) {
    return page ? new Response(page.body, { status: 503, headers: page.headers })
      : new Response("Offline / オフライン", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });
}

// The offline page in the language of the pages: kept again when a page comes in another one (the
// table switched languages after the page was kept at install).
function keepOfflinePageIn(language) {
  if (!language) return Promise.resolve();
  return caches.open(SHELL).then(function (cache) {
    return cache.match("/offline").then(function (page) {
      if (!page || page.headers.get("Content-Language") !== language) return cache.add("/offline");
    });
  }).catch(function () {});  // kept next time
}

// From the network, a good answer kept in `cacheName` for when the network is gone.
function fetchAndKeep(request, cacheName) {
  return fetch(request).then(function (response) {
    var copy = response.clone();
    if (response.ok) caches.open(cacheName).then(function (cache) { cache.put(request, copy); });
    return response;
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // POSTs go to the network, untouched; a page's form sent without it (a language button, a PIN)
    // gets the offline page, not the browser's own error page
    if (request.mode === "navigate") event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
    // network first here too (a new version is never hidden behind an old copy); the cache when offline
    event.respondWith(fetchAndKeep(request, SHELL).catch(function () {
      return caches.match(request).then(function (hit) {
        return hit || caches.match(request, { ignoreSearch: true, cacheName: SHELL });
      });
    }));
    return;
  }
  if (/^\/sessions\/\d+\/cards$/.test(url.pathname)) {
    // a deck of cards drawn when its picker opens (a Weis): one opened on this device before can be
    // tapped through a Wi-Fi gap (the deal's check is the server's, when it is sent)
    event.respondWith(fetchAndKeep(request, PAGES).catch(function () {
      return caches.match(request, { cacheName: PAGES });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetchAndKeep(request, PAGES).then(function (response) {
      event.waitUntil(keepOfflinePageIn(response.headers.get("Content-Language")));
      return response;
    }).catch(function () {
      return caches.match(url.pathname, { cacheName: BOARDS }).then(function (board) {
        return board || caches.match(request, { cacheName: PAGES });
      }).then(function (hit) {
        return hit ? offlineCopy(hit) : offlinePage();
      });
    }));
  }
  // htmx fragments and polls: straight to the network (a stale board must never be shown)
});
