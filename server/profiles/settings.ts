import { eq } from "drizzle-orm";
import type { z } from "zod";

import type { Queryable } from "../../db/database.ts";
import { profiles, type Profile } from "../../db/schema/index.ts";
import type { notificationSettingsSchema, privacySettingsSchema, profileUpdateSchema } from "../../domain/settings.ts";
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
