import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Queryable } from "../../db/database.ts";
import { type Profile, profiles } from "../../db/schema/index.ts";
import type { notificationSettingsSchema, privacySettingsSchema, profileUpdateSchema } from "../../domain/settings.ts";
import { profileDetailsColumns } from "./profile-columns.ts";

/**
 * Saves the settings form's profile section. The type may change; a worker keeps no company name.
 * Interests stay when a worker becomes an employer (they are simply not shown), so switching back
 * does not lose them.
 */
export async function updateProfile(
  db: Queryable,
  userId: string,
  input: z.output<typeof profileUpdateSchema>,
  now: Date,
): Promise<Profile> {
  const [row] = await db
    .update(profiles)
    .set({
      ...profileDetailsColumns(input),
      currency: input.currency,
      updatedAt: now,
    })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw new Error(`profile ${userId} vanished during update`);
  return row;
}

/** /settings/notifications. */
export async function setNotificationSettings(
  db: Queryable,
  userId: string,
  input: z.output<typeof notificationSettingsSchema>,
  now: Date,
): Promise<{ email: boolean; push: boolean }> {
  const [row] = await db
    .update(profiles)
    .set({ notificationEmail: input.email, notificationPush: input.push, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning({ email: profiles.notificationEmail, push: profiles.notificationPush });
  if (!row) throw new Error(`profile ${userId} vanished during update`);
  return row;
}

/** /settings/privacy's two toggles. */
export async function setPrivacySettings(
  db: Queryable,
  userId: string,
  input: z.output<typeof privacySettingsSchema>,
  now: Date,
): Promise<{ profileVisible: boolean; showEmail: boolean }> {
  const [row] = await db
    .update(profiles)
    .set({ privacyProfileVisible: input.profileVisible, privacyShowEmail: input.showEmail, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning({ profileVisible: profiles.privacyProfileVisible, showEmail: profiles.privacyShowEmail });
  if (!row) throw new Error(`profile ${userId} vanished during update`);
  return row;
}
