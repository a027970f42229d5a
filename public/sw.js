// Daywork's service worker: shows Web Push notifications and opens the page one names
// (docs/decisions/019). It caches nothing and handles no fetches. A push message is JSON
// { title, body, url, tag } (domain/push.ts PushMessage), written by server/push/notification-push.ts.
/* global self, clients, location, URL, fetch */

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

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
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
