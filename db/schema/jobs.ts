import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { jobCategoryEnum, jobCurrencyEnum, jobStatusEnum } from "./enums.ts";
import { profiles } from "./profiles.ts";
import { tsvector } from "./tsvector.ts";

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employerId: text("employer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    location: text("location").notNull(),
    category: jobCategoryEnum("category").notNull(),
    skills: text("skills").array(),
    durationDays: integer("duration_days").notNull(),
    startDate: date("start_date").notNull(),
    hourlyRate: numeric("hourly_rate", { precision: 10, scale: 2, mode: "number" }),
    currency: jobCurrencyEnum("currency").notNull().default("RUB"),
    maxWorkers: integer("max_workers").notNull().default(1),
    // Maintained by the accept action in the same statement that accepts, so capacity holds under races.
    acceptedCount: integer("accepted_count").notNull().default(0),
    status: jobStatusEnum("status").notNull().default("open"),
    language: text("language").notNull().default("ru"),
    // Lower-cased text that search matches; daywork_job_search_text is an IMMUTABLE SQL function
    // (migration 0000) because array_to_string itself is not allowed in a generated column.
    // What search matches (db/migrations/0005_search_words.sql): the lower-cased text with the category's
    // words, for typo-tolerant trigram matching, and the same weighted and stemmed in six configurations.
    searchText: text("search_text").generatedAlwaysAs(
      sql`daywork_job_search_text(title, description, location, skills, category)`,
    ),
    searchDoc: tsvector("search_doc").generatedAlwaysAs(
      sql`daywork_job_search_doc(title, description, location, skills, category)`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("jobs_title_len", sql`char_length(${t.title}) between 3 and 200`),
    check("jobs_description_len", sql`char_length(${t.description}) between 10 and 5000`),
    check("jobs_location_len", sql`char_length(${t.location}) between 2 and 200`),
    check("jobs_duration", sql`${t.durationDays} between 1 and 7`),
    check("jobs_rate", sql`${t.hourlyRate} between 0 and 10000`),
    check("jobs_max_workers", sql`${t.maxWorkers} between 1 and 100`),
    check("jobs_accepted_count", sql`${t.acceptedCount} between 0 and ${t.maxWorkers}`),
    // Home list and search: open jobs, newest first, keyset-paginated on (created_at, id).
    index("jobs_open_created_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'open'`),
    index("jobs_search_doc")
      .using("gin", t.searchDoc)
      .where(sql`${t.status} = 'open'`),
    index("jobs_search_trgm")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.status} = 'open'`),
    index("jobs_employer_created_idx").on(t.employerId, t.createdAt.desc()),
    // Day-before reminders: active jobs starting within a day or two.
    index("jobs_active_start_idx")
      .on(t.startDate)
      .where(sql`${t.status} in ('open', 'in_progress')`),
  ],
);
export type Job = typeof jobs.$inferSelect;
