import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  time,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import { jobCategoryEnum, jobCurrencyEnum, jobModerationEnum, jobStatusEnum, payModeEnum } from "./enums.ts";
import { cities } from "./places.ts";
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
    // Where the job is (docs/decisions/021): a gazetteer city, a public district or landmark, and the
    // street address only its owner and accepted workers see. Null city only on jobs posted before
    // cities existed that migration 0007 could not place.
    cityId: integer("city_id").references(() => cities.id),
    district: text("district"),
    address: text("address"),
    // Copied from the city by the daywork_job_place trigger (migration 0007) whenever city_id changes,
    // so the country filter and the distance index read the job row alone: its country, its point and
    // the city's names in every language for search.
    country: text("country"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    placeWords: text("place_words").notNull().default(""),
    category: jobCategoryEnum("category").notNull(),
    skills: text("skills").array(),
    durationDays: integer("duration_days").notNull(),
    startDate: date("start_date").notNull(),
    // When each day's shift starts, local time in the job's time zone ("HH:MM"); null: not stated, the
    // day starts at local midnight (docs/decisions/033). Check-ins are on time against it.
    startTime: time("start_time"),
    // When the first shift starts and when the last day is over, as instants in the job's time zone
    // (its city's, else its owner's, else UTC): written by the daywork_job_clock trigger (migration 0019)
    // from start_date, start_time, duration_days and city_id, whoever writes the row, so never null once
    // stored; domain/job-clock.ts computes the same. Search lists only jobs whose days are not over, and
    // a job counts as in progress once its first shift starts (docs/decisions/048).
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    hourlyRate: numeric("hourly_rate", { precision: 10, scale: 2, mode: "number" }),
    currency: jobCurrencyEnum("currency").notNull().default("RUB"),
    maxWorkers: integer("max_workers").notNull().default(1),
    // Workers may apply for some of the days of a multi-day job (docs/decisions/035).
    partialDays: boolean("partial_days").notNull().default(false),
    // Through Daywork (held, captured, paid out) or directly by the employer (recorded only): docs/decisions/078.
    // Jobs posted before it became direct, which is what they were.
    payMode: payModeEnum("pay_mode").notNull().default("direct"),
    // Maintained by the accept and withdraw actions under the job's row lock, so capacity holds under
    // races: the accepted workers of the job's least-staffed day (every accepted worker when each works
    // every day), so accepted_count < max_workers means some day still has room.
    acceptedCount: integer("accepted_count").notNull().default(0),
    status: jobStatusEnum("status").notNull().default("open"),
    // Holds before harm (docs/decisions/069): a held or removed job is shown to its owner alone, wherever
    // the public finds work; each open-jobs index below covers visible ones only (LISTED).
    moderation: jobModerationEnum("moderation").notNull().default("visible"),
    language: text("language").notNull().default("ru"),
    // "Post again" (docs/decisions/036): the past job this one was copied from, if any.
    copiedFromId: uuid("copied_from_id"),
    // Machine translations of the title and description (server/translate), each current one, kept by
    // the translation's write (translate-job.ts) and emptied when the text changes (update-job.ts), so a
    // job is found by the words of its translations too (docs/decisions/051).
    translatedText: text("translated_text").notNull().default(""),
    // What search matches (db/migrations/0021_search_across_languages.sql): the lower-cased text with the
    // category's words in every language and the translations, whose words make the spelling
    // dictionary (search_words, kept by a trigger on every write), and the same weighted and stemmed in
    // six configurations. The place is the public district and the city's names (never the private
    // address). IMMUTABLE SQL functions, since array_to_string itself is not allowed in a generated column.
    searchText: text("search_text").generatedAlwaysAs(
      sql`daywork_job_search_text(title, description, coalesce(district, '') || ' ' || place_words, skills, category, translated_text)`,
    ),
    searchDoc: tsvector("search_doc").generatedAlwaysAs(
      sql`daywork_job_search_doc(title, description, coalesce(district, '') || ' ' || place_words, skills, category, translated_text)`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("jobs_title_len", sql`char_length(${t.title}) between 3 and 200`),
    check("jobs_description_len", sql`char_length(${t.description}) between 10 and 5000`),
    check("jobs_district_len", sql`char_length(${t.district}) <= 100`),
    check("jobs_address_len", sql`char_length(${t.address}) <= 200`),
    check("jobs_duration", sql`${t.durationDays} between 1 and 7`),
    check("jobs_rate", sql`${t.hourlyRate} between 0 and 2000000`),
    check("jobs_max_workers", sql`${t.maxWorkers} between 1 and 100`),
    foreignKey({ columns: [t.copiedFromId], foreignColumns: [t.id], name: "jobs_copied_from_fk" }).onDelete("set null"),
    check("jobs_accepted_count", sql`${t.acceptedCount} between 0 and ${t.maxWorkers}`),
    // domain/pay-mode.ts throughDayworkRefusal: a provider takes only a stated rate in these currencies.
    check(
      "jobs_pay_mode",
      sql`${t.payMode} = 'direct' or (${t.hourlyRate} is not null and ${t.currency} in ('RUB', 'EUR', 'GBP', 'USD'))`,
    ),
    // Home list and search: open jobs, newest first, keyset-paginated on (created_at, id).
    // Each open-jobs index ends with ends_at, so "not over yet" (server/jobs/search/conditions.ts notEnded) is
    // checked in the index and a count or a page stays an index-only read (docs/decisions/048).
    index("jobs_open_created_idx")
      .on(t.createdAt.desc(), t.id.desc(), t.endsAt)
      .where(sql`${t.status} = 'open' and ${t.moderation} = 'visible'`),
    index("jobs_search_doc")
      .using("gin", t.searchDoc)
      .where(sql`${t.status} = 'open' and ${t.moderation} = 'visible'`),
    // Country filter: open jobs of one country, newest first.
    index("jobs_open_country_created_idx")
      .on(t.country, t.createdAt.desc(), t.id.desc(), t.endsAt)
      .where(sql`${t.status} = 'open' and ${t.moderation} = 'visible'`),
    // Category filter, alone or as the first step of a pair: open jobs of one category, newest first.
    index("jobs_open_category_created_idx")
      .on(t.category, t.createdAt.desc(), t.id.desc(), t.endsAt)
      .where(sql`${t.status} = 'open' and ${t.moderation} = 'visible'`),
    // Duration filter: open jobs of some lengths, newest first within one (the buckets are 1, 2-3, 4-7 days).
    index("jobs_open_duration_created_idx")
      .on(t.durationDays, t.createdAt.desc(), t.id.desc(), t.endsAt)
      .where(sql`${t.status} = 'open' and ${t.moderation} = 'visible'`),
    // Price ranges in the reader's currency (server/jobs/search/conditions.ts): per job currency, a
    // range of hourly rates; "negotiable" is the null rate of every currency. The category and the
    // length come after, so a price with either is checked in the index: the jobs of a price range are
    // thousands, of it and a category a tenth of that, and only those are fetched.
    index("jobs_open_price_idx")
      .on(t.currency, t.hourlyRate, t.category, t.durationDays, t.endsAt)
      .where(sql`${t.status} = 'open' and ${t.moderation} = 'visible'`),
    // "Within N km": earthdistance's cube of the job's point, searched with earth_box (server/jobs/search/near.ts).
    index("jobs_open_earth_idx")
      .using("gist", sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.status} = 'open' and ${t.moderation} = 'visible'`),
    index("jobs_employer_created_idx").on(t.employerId, t.createdAt.desc()),
    // /my-jobs tabs of posted jobs: one owner's jobs in a state, by start date (server/jobs/my-jobs.ts).
    index("jobs_employer_status_start_idx").on(t.employerId, t.status, t.startDate, t.id),
    // Ended jobs whose owner is asked to complete them (server/jobs/ended-jobs.ts): active jobs by end.
    index("jobs_active_ends_idx")
      .on(t.endsAt)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    // Marketplace health (server/health, docs/decisions/072): every job posted in a window, and every job
    // starting in one, whatever its status; no column here changes when a worker is hired. A block-range
    // index: jobs are written in time order, and a btree here was taken for the home list's and the
    // sitemap's ordered reads of open jobs instead of their own indexes.
    index("jobs_created_brin_idx").using("brin", t.createdAt),
    index("jobs_start_date_idx").on(t.startDate),
    // Day-before reminders: active jobs starting within a day or two.
    index("jobs_active_start_idx")
      .on(t.startDate)
      .where(sql`${t.status} in ('open', 'in_progress')`),
  ],
);
export type Job = typeof jobs.$inferSelect;
