import type { IncomingHttpHeaders } from "node:http";

import type { Hold, Refund } from "./payment-provider.ts";
import type { Payout } from "./payout-provider.ts";

/**
 * A provider's notification after verification, in our terms. `eventId` is our event type and the
 * object's id ("hold.captured:pi_…"): each such transition happens once, so it is the same for every
 * delivery, and for two provider events that say one thing (Stripe's refund.created and
 * refund.updated). Store it to act once however often it arrives; a payer's second declined card
 * adds nothing to move.
 */
export type ProviderEvent =
  | { kind: "hold"; eventId: string; type: "hold.authorised" | "hold.captured" | "hold.canceled" | "hold.failed"; hold: Hold }
  | { kind: "payout"; eventId: string; type: "payout.succeeded" | "payout.failed"; payout: Payout }
  | { kind: "refund"; eventId: string; type: "refund.succeeded" | "refund.failed"; refund: Refund };

/**
 * Why a notification was not taken. Answer the sender 2xx for `ignored` and `not_current` (nothing
 * to do, and retries would not change that), 4xx for a refusal, 5xx for `unavailable` so it retries.
 */
export type WebhookRefusal =
  "bad_signature" | "stale" | "malformed" | "unknown_object" | "not_current" | "forbidden_sender" | "ignored" | "unavailable";

export type WebhookVerdict = { ok: true; event: ProviderEvent } | { ok: false; reason: WebhookRefusal; detail: string };

/** The notification as received: the body exactly as sent (signatures cover its bytes). */
export type WebhookInput = { rawBody: string | Buffer; headers: IncomingHttpHeaders; remoteAddress?: string | undefined };

/** One per provider: its notifications about holds, refunds and payouts arrive at one address. */
export interface WebhookVerifier {
  verifyWebhook(input: WebhookInput): Promise<WebhookVerdict>;
}
