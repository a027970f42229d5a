// Daywork's service worker, registered on every page (src/lib/service-worker.ts):
// - Web Push: shows notifications and opens the page one names (docs/decisions/019). A push message is
//   JSON { title, body, url, tag } (domain/push.ts PushMessage), written by server/push/notification-push.ts.
// - Offline: keeps one page, /offline.html (with its script and the logo), and shows it when a page of
//   the site cannot be loaded because the network is down (docs/decisions/027). Nothing else is cached:
//   not the app's files (the browser's HTTP cache keeps those), and never an answer of the API.
/* global self, clients, location, URL, fetch, caches, Request, Response */

// A new name for each change of the offline files: the old cache is dropped when this worker activates.
const OFFLINE_CACHE = "daywork-offline-v1";
const OFFLINE_PAGE = "/offline.html";
const OFFLINE_FILES = [OFFLINE_PAGE, "/offline.js", "/favicon.svg"];

const FALLBACK = { title: "Daywork", body: "", url: "/", tag: undefined };

/** Only a path of this site may be opened, whatever a message says. */
function samePath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : "/";
}

function readMessage(data) {
  if (!data) return FALLBACK;
  try {
    const message = data.json();
    return {
      title: typeof message.title === "string" && message.title ? message.title : FALLBACK.title,
      body: typeof message.body === "string" ? message.body : "",
      url: samePath(message.url),
      tag: typeof message.tag === "string" ? message.tag : undefined,
    };
  } catch {
    return FALLBACK;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(OFFLINE_CACHE);
      // Straight from the server, not from the HTTP cache: a stale copy would outlive its update.
      await cache.addAll(OFFLINE_FILES.map((path) => new Request(path, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith("daywork-offline-") && name !== OFFLINE_CACHE).map((name) => caches.delete(name)),
      );
      // Pages load as fast as without a worker: the request starts while the worker wakes up.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** The kept offline page, answered for the address that could not be loaded (its link "Try again" reloads it). */
async function offlinePage() {
  const kept = await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE });
  return kept ?? new Response("Offline", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** A page of the site: from the network (or its preloaded request) as always; the offline page when that fails. */
async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch {
    return offlinePage();
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Other sites, the API (never cached, never answered from here) and the built files go to the network untouched.
  if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  // The offline page's own files: from the network while there is one, else the kept copy.
  if (OFFLINE_FILES.includes(url.pathname) && !url.search) {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(url.pathname, { cacheName: OFFLINE_CACHE })) ?? Response.error()),
    );
  }
});

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      // One notice shown per notification: a grouped chat notice replaces its earlier copy.
      tag: message.tag,
      renotify: Boolean(message.tag),
      icon: "/favicon.svg",
      data: { url: message.url },
    }),
  );
});

/** Focuses a tab of ours already at the page, or takes one of ours there, or opens a new one. */
async function openPage(path) {
  const target = new URL(path, location.origin).href;
  const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === location.origin);
  const there = ours.find((client) => client.url === target);
  if (there) return there.focus();
  const any = ours.find((client) => "navigate" in client);
  if (any) {
    try {
      const moved = await any.navigate(target);
      if (moved) return moved.focus();
    } catch {
      // A tab this worker does not control cannot be moved: open a new one below.
    }
  }
  return clients.openWindow(target);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(samePath(event.notification.data?.url)));
});

// The browser replaced the subscription (it expired or its keys rotated): subscribe again with the same
// key and tell the server, as the settings page would. The session cookie goes along (same origin).
self.addEventListener("pushsubscriptionchange", (event) => {
  const key = event.oldSubscription?.options?.applicationServerKey;
  if (!key) return;
  event.waitUntil(
    (async () => {
      const fresh =
        event.newSubscription ??
        (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      const { endpoint, keys } = fresh.toJSON();
      await fetch("/api/trpc/push.subscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ json: { endpoint, keys } }),
      });
      if (event.oldSubscription?.endpoint && event.oldSubscription.endpoint !== endpoint) {
        await fetch("/api/trpc/push.unsubscribe", {
          method: "POST",
          headers: { "content-type": "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ json: { endpoint: event.oldSubscription.endpoint } }),
        });
      }
    })(),
  );
});
