import type { Agent } from "node:https";
import webPush from "web-push";

import type { Database } from "../../db/database.ts";
import type { pushSubscriptions } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { notificationPath, type NotificationView } from "../../domain/notifications.ts";
import type { PushMessage } from "../../domain/push.ts";
import type { Config } from "../config.ts";
import { notificationText } from "../i18n/notification-text.ts";
import type { ServiceLog } from "../services.ts";
import { namesNonPublicAddress, NOT_PUBLIC_CODE, publicPushAgent } from "./public-address-agent.ts";
import type { PushReachability } from "./push-reachability.ts";
import { isKnownPushService } from "./push-services.ts";
import { dropPushSubscription, pushSubscriptionsOf } from "./subscriptions.ts";

/** How long a push service keeps a message for a device that is offline: after a day it is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may keep the connection silent before the send counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;

export type PushDeps = {
  db: Database;
  config: Config;
  log: ServiceLog;
  /** How push services are reached; the public-address agent unless a test trusts its own stand-in. */
  agent?: Agent;
  /** Told whether each push reached its service (GET /api/ready's "push", docs/decisions/064). */
  reachability?: PushReachability;
  /** How long a push service may stay silent (PUSH_TIMEOUT_MS unless a test shortens it). */
  timeoutMs?: number;
};

/** What became of one device's push. */
type Outcome =
  | { kind: "sent" }
  /** The push service says the subscription is gone (404, 410): it was removed. */
  | { kind: "gone" }
  /** Refused for good for this message (400, 401, 403, 413, an address that is not public): retrying is pointless. */
  | { kind: "refused"; status: number | string }
  /** Failed for now (429, 5xx, timeout, network): a later try may succeed. */
  | { kind: "failed"; status: number | string };

/** No device got the push and at least one may get it later: the caller's queue retries. */
export class PushNotDelivered extends Error {
  readonly failed: number;
  constructor(failed: number) {
    super(`push reached no device; ${failed} failed for now`);
    this.failed = failed;
  }
}

function statusOf(error: unknown): number | string {
  if (error instanceof webPush.WebPushError) return error.statusCode;
  if (error instanceof Error && "code" in error && typeof error.code === "string") return error.code;
  return "error";
}

/**
 * The Topic header: a message still waiting at the push service is replaced by a newer one with the
 * same topic (a grouped chat notice whose count rose). A uuid without its dashes fits its 32
 * base64url characters; anything else goes without one.
 */
function topicOf(notificationId: string): string | undefined {
  const topic = notificationId.replaceAll("-", "");
  return /^[A-Za-z0-9_-]{1,32}$/.test(topic) ? topic : undefined;
}

function outcomeOf(error: unknown): Outcome {
  const status = statusOf(error);
  if (status === 404 || status === 410) return { kind: "gone" };
  if (status === NOT_PUBLIC_CODE) return { kind: "refused", status };
  if (typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return { kind: "refused", status };
  }
  return { kind: "failed", status };
}

async function pushTo(
  deps: PushDeps,
  subscription: typeof pushSubscriptions.$inferSelect,
  message: PushMessage,
): Promise<Outcome> {
  if (namesNonPublicAddress(subscription.endpoint)) return { kind: "refused", status: NOT_PUBLIC_CODE };
  // Kept before push services were checked at subscribe time: never reached, removed as gone (docs/decisions/057).
  if (!isKnownPushService(subscription.endpoint, deps.config.push.extraServiceHosts)) {
    await dropPushSubscription(deps.db, subscription.id);
    return { kind: "gone" };
  }
  try {
    await webPush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: deps.config.push,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: "aes128gcm",
        topic: topicOf(message.tag),
        timeout: deps.timeoutMs ?? PUSH_TIMEOUT_MS,
        agent: deps.agent ?? publicPushAgent,
      },
    );
    deps.reachability?.record(true);
    return { kind: "sent" };
  } catch (error) {
    const outcome = outcomeOf(error);
    // Any answer of the service (a refusal, "gone") shows it reachable; silence, network errors, 5xx and 429 do not.
    if (statusOf(error) !== NOT_PUBLIC_CODE) deps.reachability?.record(outcome.kind !== "failed");
    if (outcome.kind === "gone") await dropPushSubscription(deps.db, subscription.id);
    return outcome;
  }
}

/**
 * Pushes one notification to each of the person's devices, encrypted to each (RFC 8291) and VAPID-signed.
 * Nothing records which device got it, so one success is success and it throws for a retry only when none
 * did and a failure may pass; a 404 or 410 removes the subscription (docs/decisions/019).
 */
export async function sendNotificationPush(
  deps: PushDeps,
  recipient: { userId: string; language: LanguageCode },
  notification: NotificationView,
): Promise<{ sent: number; removed: number }> {
  const subscriptions = await pushSubscriptionsOf(deps.db, recipient.userId);
  if (subscriptions.length === 0) return { sent: 0, removed: 0 };
  const text = notificationText(notification.payload, recipient.language);
  const message: PushMessage = {
    title: text.title,
    body: text.body,
    url: notificationPath(notification.payload),
    tag: notification.id,
  };
  const outcomes = await Promise.all(subscriptions.map((subscription) => pushTo(deps, subscription, message)));
  const count = (kind: Outcome["kind"]) => outcomes.filter((o) => o.kind === kind).length;
  const sent = count("sent");
  const removed = count("gone");
  const failed = count("failed");
  for (const outcome of outcomes) {
    // Statuses only: an endpoint is a capability to reach someone's device and never goes to the log.
    if (outcome.kind === "refused" || outcome.kind === "failed") {
      deps.log.warn({ event: "push_failed", status: outcome.status, retryable: outcome.kind === "failed" }, "push not delivered");
    }
  }
  if (removed > 0) deps.log.info({ event: "push_subscriptions_expired", count: removed }, "expired push subscriptions removed");
  if (sent === 0 && failed > 0) throw new PushNotDelivered(failed);
  return { sent, removed };
}
