import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { notifications, profiles, user } from "../../db/schema/index.ts";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../domain/languages.ts";
import { notificationPayloadSchema, type NotificationView } from "../../domain/notifications.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { hitRateLimit } from "../limits/rate-limit.ts";

export type Recipient = { userId: string; email: string; name: string; language: LanguageCode };

export type Channels = {
  /** One notice as its own mail, several as one digest. */
  email(recipient: Recipient, notifications: NotificationView[]): Promise<void>;
  /** The newest of what is sent at once, on the person's devices. */
  push(recipient: Recipient, notification: NotificationView): Promise<unknown>;
};

export type DeliveryDeps = {
  channels: Channels;
  queue: BackgroundQueue;
  /** How often one person is sent anything (RATE_LIMITS.noticeDelivery): what comes between waits for the next. */
  pace: { limit: number; windowSeconds: number };
};

type Channel = "email" | "push";
const DONE_COLUMN = { email: notifications.emailedAt, push: notifications.pushedAt } as const;
const DONE_FIELD = { email: "emailedAt", push: "pushedAt" } as const;

/** Older notices are no longer sent (a mail server away for longer than the retries, a toggle turned on later). */
const UNSENT_HORIZON = sql`now() - interval '1 day'`;

/** The person's unread notices of the last day that `channel` has not sent. */
function unsent(userId: string, channel: Channel): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    isNull(notifications.readAt),
    isNull(DONE_COLUMN[channel]),
    sql`${notifications.createdAt} > ${UNSENT_HORIZON}`,
  );
}

/**
 * Sends a person their unsent notices (one mail or digest, the newest push) at most `pace` times a window, so a
 * flood becomes one mail a window (docs/decisions/055). A channel is marked sent only once it took the notice:
 * a crash resends, never loses (docs/decisions/061).
 */
export async function deliverNotifications(
  db: Database,
  deps: DeliveryDeps,
  userId: string,
  now: Date,
): Promise<"sent" | "nothing" | "later"> {
  const [person] = await db
    .select({
      name: profiles.fullName,
      language: profiles.language,
      wantsEmail: profiles.notificationEmail,
      wantsPush: profiles.notificationPush,
      email: user.email,
      emailVerified: user.emailVerified,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!person) return "nothing";
  const channels: Channel[] = [];
  if (person.wantsEmail && person.emailVerified) channels.push("email");
  if (person.wantsPush) channels.push("push");
  if (channels.length === 0) return "nothing";
  const [waiting] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(or(...channels.map((channel) => unsent(userId, channel))))
    .limit(1);
  if (!waiting) return "nothing";

  const pace = await hitRateLimit(db, userId, { action: "notice-delivery", ...deps.pace });
  if (!pace.allowed) {
    await deps.queue.send(db, "deliver-notifications", { userId }, { singletonKey: userId, startAfter: pace.retryAfterSeconds });
    return "later";
  }

  const recipient: Recipient = {
    userId,
    email: person.email,
    name: person.name,
    language: isLanguageCode(person.language) ? person.language : DEFAULT_LANGUAGE,
  };
  let failure: unknown = null;
  for (const channel of channels) {
    const waitingNotices = await unsentNotices(db, userId, channel);
    const newest = waitingNotices.at(0);
    if (!newest) continue;
    try {
      if (channel === "email") await deps.channels.email(recipient, waitingNotices);
      else await deps.channels.push(recipient, newest);
    } catch (error) {
      failure ??= error;
      continue;
    }
    await markSent(db, channel, waitingNotices, now);
  }
  if (failure) throw failure;
  return "sent";
}

/** The person's unsent notices on `channel`, newest first (those it could read). */
async function unsentNotices(db: Database, userId: string, channel: Channel): Promise<NotificationView[]> {
  const rows = await db
    .select({ id: notifications.id, payload: notifications.payload, createdAt: notifications.createdAt })
    .from(notifications)
    .where(unsent(userId, channel));
  const views: NotificationView[] = [];
  for (const row of rows) {
    const payload = notificationPayloadSchema.safeParse(row.payload);
    if (payload.success) views.push({ id: row.id, payload: payload.data, read: false, createdAt: row.createdAt });
  }
  return views.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
}

/** Marks what `channel` sent as sent (where a concurrent delivery has not already). */
async function markSent(db: Database, channel: Channel, sent: readonly NotificationView[], now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ [DONE_FIELD[channel]]: now })
    .where(
      and(
        isNull(DONE_COLUMN[channel]),
        sql`${notifications.id} in (${sql.join(
          sent.map((notice) => sql`${notice.id}`),
          sql`, `,
        )})`,
      ),
    );
}

/** The person a notice is for (the per-notice jobs queued before decision 055), or null when it is gone. */
export async function recipientOf(db: Database, notificationId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.id, notificationId))
    .limit(1);
  return row?.userId ?? null;
}
