/** The one service worker of the site (public/sw.js): Web Push, and the offline page (docs/decisions/027). */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Registers the service worker once the page has loaded, so that it never competes with the first
 * screen; registering again (push-device.ts does on turning push on) is the same registration.
 * Browsers without service workers, or pages not served securely, simply go without.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const register = () =>
    void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" }).catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
