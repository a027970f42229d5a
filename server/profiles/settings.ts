import { eq, sql } from "drizzle-orm";
import type { z } from "zod";

import { queryRows, type Queryable } from "../../db/database.ts";
import { profiles, type Profile } from "../../db/schema/index.ts";
import type {
  localeSettingsSchema,
  notificationSettingsSchema,
  privacySettingsSchema,
  profileUpdateSchema,
} from "../../domain/settings.ts";
import { profileDetailsColumns } from "./profile-columns.ts";

/** Writes columns of the person's own profile row and answers the saved row. */
async function saveProfile(
  db: Queryable,
  userId: string,
  columns: Partial<typeof profiles.$inferInsert>,
  now: Date,
): Promise<Profile> {
  const [row] = await db
    .update(profiles)
    .set({ ...columns, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning();
  // The procedure has just read the caller's profile: only a concurrent account deletion gets here.
  if (!row) throw new Error(`profile ${userId} vanished during update`);
  return row;
}

/**
 * Saves the settings form's profile section. The type may change; a worker keeps no company name.
 * Interests stay when a worker becomes an employer (they are simply not shown), so switching back
 * does not lose them.
 */
export function updateProfile(db: Queryable, userId: string, input: z.output<typeof profileUpdateSchema>, now: Date) {
  return saveProfile(db, userId, { ...profileDetailsColumns(input), currency: input.currency }, now);
}

/** /settings/notifications. */
export async function setNotificationSettings(
  db: Queryable,
  userId: string,
  input: z.output<typeof notificationSettingsSchema>,
  now: Date,
) {
  const saved = await saveProfile(db, userId, { notificationEmail: input.email, notificationPush: input.push }, now);
  return { email: saved.notificationEmail, push: saved.notificationPush };
}

/** /settings/privacy's two toggles. */
export async function setPrivacySettings(
  db: Queryable,
  userId: string,
  input: z.output<typeof privacySettingsSchema>,
  now: Date,
) {
  const saved = await saveProfile(
    db,
    userId,
    { privacyProfileVisible: input.profileVisible, privacyShowEmail: input.showEmail },
    now,
  );
  return { profileVisible: saved.privacyProfileVisible, showEmail: saved.privacyShowEmail };
}

/**
 * The person's language and time zone (from the browser, on each visit where they changed). A time
 * zone the database does not know is stored as none (reminders then use UTC), never as an error.
 */
export async function setLocaleSettings(db: Queryable, userId: string, input: z.output<typeof localeSettingsSchema>, now: Date) {
  const known = input.timeZone
    ? (
        await queryRows<{ ok: boolean }>(
          db,
          sql`select exists (select 1 from pg_timezone_names where name = ${input.timeZone}) as ok`,
        )
      )[0]?.ok
    : false;
  const saved = await saveProfile(db, userId, { language: input.language, timeZone: known ? input.timeZone : null }, now);
  return { language: saved.language, timeZone: saved.timeZone };
}
