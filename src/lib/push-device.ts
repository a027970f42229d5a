// Web Push on this browser (docs/decisions/019): the service worker, the permission and the
// subscription. The server learns of a subscription only through push.subscribe / push.unsubscribe.

import { trpcClient } from "../trpc.ts";
import { SERVICE_WORKER_URL } from "./service-worker.ts";

/** What this browser can do with push now. */
export type PushDeviceState =
  /** No service workers or Push API (or not a secure page). */
  | "unsupported"
  /** The person blocked notifications for this site in the browser's settings. */
  | "denied"
  /** Subscribed: pushes reach this browser. */
  | "on"
  /** Could be turned on (asking permission if not given yet). */
  | "off";

/** The subscription as push.subscribe takes it. */
export type DeviceSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** This browser's state, without asking anything. */
export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) ? "on" : "off";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

function asDeviceSubscription(subscription: PushSubscription): DeviceSubscription {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("the browser gave a subscription without keys");
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * This browser's subscription for the server's key, when push is on here; no question is asked. For
 * keeping the server in step with a subscription the browser already has.
 */
export async function existingDeviceSubscription(publicKey: string): Promise<DeviceSubscription | null> {
  if ((await pushDeviceState()) !== "on") return null;
  const subscription = await currentSubscription();
  if (!subscription || !sameBytes(subscription.options.applicationServerKey, keyBytes(publicKey))) return null;
  return asDeviceSubscription(subscription);
}

/**
 * Turns push on in this browser: asks for permission (call it straight from a click: browsers allow
 * the question only then), registers the service worker and subscribes with the server's key. A
 * subscription made for another key (the server's keys changed) is replaced. Answers the subscription
 * to send to the server, or the state that stopped it.
 */
export async function subscribeThisDevice(
  publicKey: () => Promise<string>,
): Promise<{ state: "on"; subscription: DeviceSubscription; undo: () => Promise<unknown> } | { state: PushDeviceState }> {
  if (!pushSupported()) return { state: "unsupported" };
  // First, before anything is awaited, so the question still counts as the click's.
  const permission = Notification.requestPermission();
  const [answer, key] = await Promise.all([permission, publicKey()]);
  if (answer === "denied") return { state: "denied" };
  if (answer !== "granted") return { state: "off" };
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" });
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(key);
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameBytes(existing.options.applicationServerKey, applicationServerKey)) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return { state: "on", subscription: asDeviceSubscription(subscription), undo: () => subscription.unsubscribe() };
}

/** Turns push off in this browser; answers the endpoint it had, for the server to forget, if any. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  if (!pushSupported()) return null;
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/**
 * Before signing out: this browser stops receiving the person's pushes (on a shared device the next
 * person must not see them), and the server forgets the endpoint while the session can still say so.
 */
export async function stopPushOnThisDevice(): Promise<void> {
  const endpoint = await unsubscribeThisDevice();
  if (endpoint) await trpcClient.push.unsubscribe.mutate({ endpoint });
}
