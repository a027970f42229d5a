import { ECDH } from "node:crypto";
import { and, desc, eq, notInArray } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { pushSubscriptions } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { PUSH_SUBSCRIPTIONS_PER_PERSON } from "../../domain/limits.ts";
import { pushSubscriptionSchema, type PushSubscriptionInput } from "../../domain/push.ts";

/** True when `p256dh` is a point on P-256: a key that is not could never be encrypted to. */
function isCurvePoint(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, "base64url"), "prime256v1", undefined, undefined, "compressed");
    return true;
  } catch {
    return false;
  }
}

/**
 * `push.subscribe`'s input: the shared schema, and a client key that is a real curve point (checked
 * here, where node:crypto is), so every stored subscription can be encrypted to.
 */
export const storablePushSubscriptionSchema = pushSubscriptionSchema.refine((input) => isCurvePoint(input.keys.p256dh), {
  message: ERR.badRequest,
  path: ["keys", "p256dh"],
});

/**
 * Keeps this browser's subscription for the person. The endpoint is the key: subscribing again
 * replaces the keys, and an endpoint another account had (a shared device, the other person signed
 * out) now belongs to this one. A person keeps at most PUSH_SUBSCRIPTIONS_PER_PERSON, the newest.
 * Two subscribes of one person at the same instant may each miss the other's row and leave one more
 * for a moment; the next subscribe trims it.
 */
export async function savePushSubscription(db: Database, userId: string, input: PushSubscriptionInput, now: Date) {
  await db.transaction(async (tx) => {
    await lockPeopleFirst(tx, [userId]);
    const row = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now };
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, createdAt: row.createdAt },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_PERSON);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
  return { subscribed: true as const };
}

/** Forgets one of the person's own endpoints; someone else's, or an unknown one, is left alone the same way. */
export async function removePushSubscription(db: Queryable, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return { removed: removed.length > 0 };
}

/** The person's subscriptions, newest first (at most PUSH_SUBSCRIPTIONS_PER_PERSON). */
export function pushSubscriptionsOf(db: Queryable, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_SUBSCRIPTIONS_PER_PERSON);
}

/** Drops a subscription its push service called gone (404/410). */
export async function dropPushSubscription(db: Queryable, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
