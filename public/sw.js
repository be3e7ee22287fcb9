// GPU Sizer's service worker: the app works offline after the first visit.
// scripts/post-build.mjs fills in the version and the list of files of this build.
const VERSION = "__VERSION__";
const CACHE = `gpu-sizer-${VERSION}`;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  // Precache the whole build before this version may take over. It then waits until the
  // page asks it to (the page shows "a new version is ready").
  // A file missing (a deployment half done) fails the install: the current version stays, and
  // this version's partial cache is removed.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .catch((error) => caches.delete(CACHE).then(() => Promise.reject(error))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("gpu-sizer-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The page, network first: a share link's query is state, not a different file.
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match("./index.html").then((page) => page ?? cache.match("./"))),
      ),
    );
    return;
  }
  // Hashed build files never change: cache first.
  event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
});
