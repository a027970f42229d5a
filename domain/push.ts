import { z } from "zod";

import { ERR } from "./errors.ts";

/** Longest push endpoint we keep (browsers' are 150 to 600 characters). */
export const PUSH_ENDPOINT_MAX = 1000;

/**
 * True for a host a push service could have: a name, not an IP address (the URL parser writes every
 * IPv4 spelling as dotted digits and IPv6 in brackets) and not localhost. The server also connects only
 * to public addresses (server/push/public-address-agent.ts).
 */
function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "" || host.startsWith("[") || /^[\d.]+$/.test(host)) return false;
  return host !== "localhost" && !host.endsWith(".localhost");
}

/** A browser's push endpoint: an https URL of its push service, without credentials in it. */
export const pushEndpointSchema = z
  .string({ error: ERR.badRequest })
  .max(PUSH_ENDPOINT_MAX, ERR.badRequest)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === "https:" && isPushServiceHost(url.hostname) && url.username === "" && url.password === "";
  }, ERR.badRequest);

/**
 * A key as PushSubscription.toJSON() gives it: unpadded base64url of exactly `bytes` bytes (a padded
 * copy is accepted and stored unpadded). `first` is the one character the first byte allows, if any.
 */
function base64urlKey(bytes: number, first?: string) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: ERR.badRequest })
    .max(length + 3, ERR.badRequest)
    .transform((value) => value.replace(/=+$/, ""))
    .refine(
      (value) => value.length === length && /^[A-Za-z0-9_-]+$/.test(value) && (!first || value.startsWith(first)),
      ERR.badRequest,
    );
}

/**
 * A browser's push subscription as `push.subscribe` takes it: the endpoint, the client's P-256 public
 * key (`p256dh`, 65 bytes uncompressed, so its first byte 0x04 reads "B") and its 16-byte auth secret
 * (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({ p256dh: base64urlKey(65, "B"), auth: base64urlKey(16) }),
});

export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** An input that names one of the caller's push endpoints. */
export const pushEndpointRefSchema = z.object({ endpoint: pushEndpointSchema });

/** What a push message carries to the service worker (public/sw.js reads these fields). */
export type PushMessage = {
  title: string;
  body: string;
  /** The path in the app the notification opens. */
  url: string;
  /** The notification's id: a newer message with the same tag replaces the shown one. */
  tag: string;
};
