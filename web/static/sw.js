// The companion's service worker (issue 41): each page and asset is fetched from the server
// first and kept; when the server cannot be reached, the last copy is shown (the page's own
// script then says "offline" in its banner). A write (POST) is never kept or sent later:
// it reaches the server now, or fails where the keeper sees it.
"use strict";
var KEPT = "grizzled-last-board-1";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.slice(-7) === "/events") return; // the stream: live or nothing
  event.respondWith(
    fetch(request)
      .then(function (answer) {
        if (answer.ok) {
          var copy = answer.clone();
          caches.open(KEPT).then(function (kept) {
            kept.put(request, copy);
          });
        }
        return answer;
      })
      .catch(function () {
        return caches.match(request).then(function (kept) {
          return kept || Response.error();
        });
      })
  );
});
