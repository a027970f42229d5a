import { and, eq, isNull } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { notifications, profiles, user } from "../../db/schema/index.ts";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../domain/languages.ts";
import { notificationPayloadSchema, type NotificationView } from "../../domain/notifications.ts";

export type Recipient = { userId: string; email: string; name: string; language: LanguageCode };

export type Channels = {
  email(recipient: Recipient, notification: NotificationView): Promise<void>;
  push(recipient: Recipient, notification: NotificationView): Promise<unknown>;
};

type Channel = "email" | "push";
const DONE_COLUMN = { email: notifications.emailedAt, push: notifications.pushedAt } as const;
const DONE_FIELD = { email: "emailedAt", push: "pushedAt" } as const;

/**
 * Sends one notification by e-mail and push, each only when the person's toggle is on at sending time
 * (and e-mail only to a verified address: docs/decisions/017), and not at all once they have read it in
 * the app. A channel is claimed before it is sent (its `*_at` set where still null), so a retried job or
 * a second instance never sends it again; a failed send releases the claim and throws, and the queue
 * retries with backoff. A notice whose person is gone is done.
 */
export async function deliverNotification(db: Database, channels: Channels, notificationId: string, now: Date): Promise<void> {
  const [row] = await db
    .select({
      payload: notifications.payload,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      emailedAt: notifications.emailedAt,
      pushedAt: notifications.pushedAt,
      userId: profiles.id,
      name: profiles.fullName,
      language: profiles.language,
      wantsEmail: profiles.notificationEmail,
      wantsPush: profiles.notificationPush,
      email: user.email,
      emailVerified: user.emailVerified,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .innerJoin(user, eq(user.id, notifications.userId))
    .where(eq(notifications.id, notificationId))
    .limit(1);
  if (!row || row.readAt) return;
  const payload = notificationPayloadSchema.safeParse(row.payload);
  if (!payload.success) return;
  const view: NotificationView = { id: notificationId, payload: payload.data, read: false, createdAt: row.createdAt };
  const recipient: Recipient = {
    userId: row.userId,
    email: row.email,
    name: row.name,
    language: isLanguageCode(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
  const wanted: Channel[] = [];
  if (row.wantsEmail && row.emailVerified && !row.emailedAt) wanted.push("email");
  if (row.wantsPush && !row.pushedAt) wanted.push("push");
  let failure: unknown = null;
  for (const channel of wanted) {
    if (!(await claim(db, notificationId, channel, now))) continue;
    try {
      await channels[channel](recipient, view);
    } catch (error) {
      await db
        .update(notifications)
        .set({ [DONE_FIELD[channel]]: null })
        .where(eq(notifications.id, notificationId));
      failure ??= error;
    }
  }
  if (failure) throw failure;
}

async function claim(db: Database, notificationId: string, channel: Channel, now: Date): Promise<boolean> {
  const claimed = await db
    .update(notifications)
    .set({ [DONE_FIELD[channel]]: now })
    .where(and(eq(notifications.id, notificationId), isNull(DONE_COLUMN[channel])))
    .returning({ id: notifications.id });
  return claimed.length > 0;
}
