import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { DEFAULT_PROFILE_CURRENCY } from "../../domain/currencies.ts";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "../../domain/languages.ts";
import { user } from "./auth.ts";
import { userTypeEnum } from "./enums.ts";

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    userType: userTypeEnum("user_type").notNull().default("worker"),
    fullName: text("full_name").notNull(),
    dateOfBirth: date("date_of_birth"),
    bio: text("bio"),
    location: text("location"),
    phone: text("phone"),
    companyName: text("company_name"),
    currency: text("currency").notNull().default(DEFAULT_PROFILE_CURRENCY),
    consentDataProcessing: boolean("consent_data_processing").notNull().default(false),
    consentDate: timestamp("consent_date", { withTimezone: true }),
    termsAccepted: boolean("terms_accepted").notNull().default(false),
    termsAcceptedDate: timestamp("terms_accepted_date", { withTimezone: true }),
    ageVerified: boolean("age_verified").notNull().default(false),
    notificationEmail: boolean("notification_email").notNull().default(true),
    notificationPush: boolean("notification_push").notNull().default(true),
    /** The language the person last chose: their e-mails and pushes are written in it. */
    language: text("language").notNull().default(DEFAULT_LANGUAGE),
    /** The person's IANA time zone, as their browser reports it (reminders go out in their evening). */
    timeZone: text("time_zone"),
    privacyProfileVisible: boolean("privacy_profile_visible").notNull().default(true),
    privacyShowEmail: boolean("privacy_show_email").notNull().default(false),
    onboardingCompletedAt: timestamp("onboarding_completed_at", { withTimezone: true }),
    /**
     * Set on the stand-in of a deleted account (docs/decisions/050): no name, no details, hidden; it
     * holds the hires, timesheets, reviews and strikes the other side keeps. Shown as "Deleted user".
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "profiles_full_name_len",
      sql`char_length(${t.fullName}) between 1 and 100 or (${t.deletedAt} is not null and ${t.fullName} = '')`,
    ),
    check("profiles_bio_len", sql`char_length(${t.bio}) <= 500`),
    check("profiles_location_len", sql`char_length(${t.location}) <= 100`),
    check("profiles_phone_len", sql`char_length(${t.phone}) <= 20`),
    check("profiles_company_name_len", sql`char_length(${t.companyName}) <= 100`),
    check("profiles_language", sql`${t.language} in (${sql.raw(LANGUAGE_CODES.map((code) => `'${code}'`).join(","))})`),
    check("profiles_time_zone_len", sql`char_length(${t.timeZone}) <= 64`),
    check(
      "profiles_currency",
      sql`${t.currency} in ('USD','EUR','GBP','JPY','AUD','CAD','CHF','CNY','INR','RUB','KZT','UZS','TMT')`,
    ),
    // People search: ILIKE over name, company and location among visible profiles.
    index("profiles_full_name_trgm").using("gin", sql`${t.fullName} gin_trgm_ops`),
    index("profiles_company_name_trgm").using("gin", sql`${t.companyName} gin_trgm_ops`),
    index("profiles_location_trgm").using("gin", sql`${t.location} gin_trgm_ops`),
  ],
);
export type Profile = typeof profiles.$inferSelect;

export const userInterests = pgTable(
  "user_interests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    interest: text("interest").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_interests_len", sql`char_length(${t.interest}) between 1 and 50`),
    uniqueIndex("user_interests_user_interest_uq").on(t.userId, sql`lower(${t.interest})`),
  ],
);
export type UserInterest = typeof userInterests.$inferSelect;
