import { getTableColumns } from "drizzle-orm";

import { jobs } from "../../db/schema/index.ts";

// search_text, search_doc and place_words are search helpers derived from the other columns, not data anyone reads.
const { searchText: _searchText, searchDoc: _searchDoc, placeWords: _placeWords, ...allJobFields } = getTableColumns(jobs);

/** Every field of a job a screen or an export may show: the job page, the edit form, the export. */
export const jobFields = allJobFields;

/** What a job card shows, on the home list, /my-jobs and the profile's lists. */
export const jobCardFields = {
  id: jobs.id,
  employerId: jobs.employerId,
  title: jobs.title,
  status: jobs.status,
  // Always "visible" on the public lists; the owner's /my-jobs shows "Under review" (docs/decisions/069).
  moderation: jobs.moderation,
  category: jobs.category,
  cityId: jobs.cityId,
  district: jobs.district,
  country: jobs.country,
  startDate: jobs.startDate,
  durationDays: jobs.durationDays,
  // The shown status and whether the job's days are over follow from these (domain/job-clock.ts).
  startsAt: jobs.startsAt,
  endsAt: jobs.endsAt,
  hourlyRate: jobs.hourlyRate,
  currency: jobs.currency,
  // "Pay secured by Daywork" or "Paid directly" on the card (docs/decisions/078).
  payMode: jobs.payMode,
  maxWorkers: jobs.maxWorkers,
  skills: jobs.skills,
  language: jobs.language,
  createdAt: jobs.createdAt,
};

type CardField = keyof typeof jobCardFields;

/** The card fields of a subquery that selected `jobCardFields` (a page picked before its joins). */
export function jobCardFieldsOf<S extends Record<CardField, unknown>>(page: S): Pick<S, CardField> {
  return Object.fromEntries((Object.keys(jobCardFields) as CardField[]).map((key) => [key, page[key]])) as Pick<S, CardField>;
}
