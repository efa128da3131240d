// hp17b's service worker: the page, the wasm, wasm_exec.js, the manifest
// and the icons of one build kept in one cache named after the build
// (scripts/web.sh writes the name and the list), so that the calculator
// opens with the network off once it has loaded. A new build is a new
// sw.js: it fills its own cache whole before it takes over and then
// deletes the others, so the files of two builds are never mixed.
"use strict";
const CACHE = "@@CACHE@@";
const FILES = ["./", @@FILES@@];

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("hp17b-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// This build's files come from its cache (the page whatever its query:
// ?keys=… is the same page); anything else goes to the network.
self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  const key = req.mode === "navigate" ? "./" : req;
  ev.respondWith(caches.open(CACHE)
    .then((c) => c.match(key, { ignoreSearch: req.mode === "navigate" }))
    .then((hit) => hit || fetch(req)));
});
