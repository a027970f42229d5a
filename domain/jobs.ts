import { z } from "zod";

import { todayIn } from "./age.ts";
import { calendarDate } from "./calendar-date.ts";
import { CATEGORIES } from "./categories.ts";
import { DEFAULT_JOB_CURRENCY, JOB_CURRENCIES } from "./currencies.ts";
import { ERR } from "./errors.ts";
import { idempotencyKeySchema } from "./idempotency.ts";
import { jobIdSchema, uuidSchema } from "./ids.ts";
import { LANGUAGE_CODES } from "./languages.ts";
import { HOURLY_RATE_MAX, LIMITS } from "./limits.ts";
import { PAY_MODES, throughDayworkRefusal, type PayMode, type PayTerms } from "./pay-mode.ts";
import { cityIdSchema } from "./places.ts";
import { JOB_ACTIONS, type JobAction } from "./statuses.ts";
import { boundedText, typedText } from "./text.ts";

/** At most this many skill tags per job: enough for any day job, small enough to show on a card. */
export const MAX_SKILLS = 20;

/** True when `timeZone` is an IANA zone this runtime knows. */
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The time zone a job's days are counted in: its city's, else its owner's (a job posted before cities
 * existed), else UTC. A name this runtime does not know is skipped.
 */
export function jobTimeZone(cityZone: string | null | undefined, ownerZone?: string | null): string {
  return [cityZone, ownerZone].find((zone): zone is string => Boolean(zone && isTimeZone(zone))) ?? "UTC";
}

/**
 * The owner may mark a job completed only from its start date on, counted in the job's time zone: a job
 * starting 5 December cannot be completed on 23 November (docs/product.md, Job lifecycle).
 */
export function canCompleteJob(startDate: string, timeZone: string, now: Date = new Date()): boolean {
  return todayIn(timeZone, now) >= startDate;
}

/** True when `date` (YYYY-MM-DD) is before today in `timeZone`: "today" is the poster's day, not the server's. */
export function isPastDate(date: string, timeZone: string, now: Date = new Date()): boolean {
  return date < todayIn(timeZone, now);
}

/** Skill tags as typed: trimmed, blanks dropped, duplicates (ignoring case) dropped, first spelling kept. */
export function normalizeSkills(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of list) {
    const skill = raw.trim();
    const key = skill.toLocaleLowerCase();
    if (skill === "" || seen.has(key)) continue;
    seen.add(key);
    result.push(skill);
  }
  return result;
}

/** One skill typed into the tag input (blank input is ignored by the caller, not an error). */
export const skillSchema = typedText().trim().max(LIMITS.skill, ERR.skillTooLong);

/** The skill list of a job; an empty list is stored as null. */
export const skillsSchema = z
  .array(typedText())
  .nullish()
  .transform((list) => normalizeSkills(list ?? []))
  .pipe(z.array(z.string().max(LIMITS.skill, ERR.skillTooLong)).max(MAX_SKILLS, ERR.skillsTooMany))
  .transform((list) => (list.length > 0 ? list : null));

/** A number from a form (a string) or from code (a number); blank means "not given". */
const numeric = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : Number(v)));

/** Whole cents: the rate's input step is 0.01. */
function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** An optional line of text: trimmed, blank stored as null. */
function optionalText(max: number, tooLong: string) {
  return typedText()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * The fields of a job. `required` replaces the message of an empty required field: the edit form says
 * 'Please fill in all required fields' (docs/product.md, Jobs) where the post form names the field's own rule.
 */
function jobFields(required?: string) {
  const need = (own: string) => required ?? own;
  return {
    title: boundedText({
      min: LIMITS.jobTitleMin,
      max: LIMITS.jobTitleMax,
      required: need(ERR.jobTitleMin),
      tooShort: ERR.jobTitleMin,
      tooLong: ERR.jobTitleTooLong,
    }),
    description: boundedText({
      min: LIMITS.jobDescriptionMin,
      max: LIMITS.jobDescriptionMax,
      required: need(ERR.jobDescriptionMin),
      tooShort: ERR.jobDescriptionMin,
      tooLong: ERR.jobDescriptionTooLong,
    }),
    category: z.enum(CATEGORIES, { error: need(ERR.jobCategoryRequired) }),
    // A gazetteer city (the form's autocomplete); whether it exists is the procedure's check.
    cityId: numeric.pipe(cityIdSchema(need(ERR.jobCityRequired))),
    district: optionalText(LIMITS.jobDistrict, ERR.jobDistrictTooLong),
    address: optionalText(LIMITS.jobAddress, ERR.jobAddressTooLong),
    startDate: typedText({ error: need(ERR.jobStartDateRequired) })
      .trim()
      .min(1, need(ERR.jobStartDateRequired))
      .pipe(calendarDate(ERR.jobStartDateInvalid)),
    // When each day's shift starts, local HH:MM in the job's time zone; blank: not stated (docs/decisions/033).
    startTime: typedText({ error: ERR.jobStartTimeInvalid })
      .trim()
      .nullish()
      .transform((v) => v || null)
      .pipe(
        z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, ERR.jobStartTimeInvalid)
          .nullable(),
      ),
    durationDays: numeric.pipe(
      z
        .number({ error: need(ERR.jobDurationMin) })
        .int(ERR.jobDurationWhole)
        .min(LIMITS.durationDaysMin, ERR.jobDurationMin)
        .max(LIMITS.durationDaysMax, ERR.jobDurationMax),
    ),
    // Empty means negotiable (stored as null).
    hourlyRate: numeric
      .pipe(
        z
          .number({ error: ERR.jobRateRange })
          .min(LIMITS.hourlyRateMin, ERR.jobRateRange)
          .max(LIMITS.hourlyRateCeiling, ERR.jobRateRange)
          .refine(hasAtMostTwoDecimals, ERR.jobRateStep)
          .optional(),
      )
      .optional()
      .transform((v) => v ?? null),
    currency: z.enum(JOB_CURRENCIES, { error: ERR.jobCurrencyInvalid }).default(DEFAULT_JOB_CURRENCY),
    // Not a required field of the edit form: left blank it takes the default of one worker.
    maxWorkers: numeric
      .optional()
      .transform((v) => v ?? 1)
      .pipe(
        z
          .number({ error: ERR.jobWorkersMin })
          .int(ERR.jobWorkersWhole)
          .min(LIMITS.maxWorkersMin, ERR.jobWorkersMin)
          .max(LIMITS.maxWorkersMax, ERR.jobWorkersMax),
      ),
    skills: skillsSchema,
    // Workers may apply for some of the days (docs/decisions/035); only a job of two days or more keeps it.
    partialDays: z.boolean({ error: ERR.badRequest }).optional().default(false),
    // Through Daywork or directly (docs/decisions/078); unsaid, directly, as every job was before.
    payMode: z.enum(PAY_MODES, { error: ERR.badRequest }).optional().default("direct"),
  };
}

/**
 * The rate's ceiling depends on its currency (HOURLY_RATE_MAX): 10,000 roubles or euros, 2,000,000 sum.
 * Judged once the rate and the currency are both valid.
 */
const rateWithinCurrency = {
  check: (v: { hourlyRate: number | null; currency: keyof typeof HOURLY_RATE_MAX }) =>
    v.hourlyRate === null || v.hourlyRate <= HOURLY_RATE_MAX[v.currency],
  params: (v: { currency: keyof typeof HOURLY_RATE_MAX }) => ({
    path: ["hourlyRate"],
    message: HOURLY_RATE_MAX[v.currency] === LIMITS.hourlyRateMax ? ERR.jobRateRange : ERR.jobRateTooHigh,
  }),
};

/**
 * Through Daywork only where a provider can take the money: a stated rate, in one of
 * THROUGH_DAYWORK_CURRENCIES (domain/pay-mode.ts). Judged once the rate and the currency are both valid.
 */
function refusePayMode(v: PayTerms & { payMode: PayMode }, ctx: z.RefinementCtx) {
  const refusal = v.payMode === "through_daywork" ? throughDayworkRefusal(v) : null;
  if (refusal) ctx.addIssue({ code: "custom", input: v.payMode, path: ["payMode"], message: refusal });
}

/** The poster's IANA time zone: it decides which day is "today" for the start date. */
const timeZoneSchema = typedText({ error: ERR.timeZoneInvalid })
  .max(64, ERR.timeZoneInvalid)
  .refine(isTimeZone, ERR.timeZoneInvalid);

/** Post a job: the form and the `jobs.create` procedure. `language` is the poster's interface language. */
export const jobCreateSchema = z
  .object({
    ...jobFields(),
    timeZone: timeZoneSchema,
    language: z.enum(LANGUAGE_CODES, { error: ERR.languageInvalid }),
    // Resent with the same key after a lost answer: the first post answers (docs/decisions/063).
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .refine((v) => !isPastDate(v.startDate, v.timeZone), {
    path: ["startDate"],
    message: ERR.jobStartDatePast,
    // Judge the date also while other fields are still wrong, as long as the date and zone are valid
    // (and the input is an object at all: an issue at the root has an empty path).
    when: (payload) => !payload.issues.some((i) => !i.path?.length || i.path[0] === "startDate" || i.path[0] === "timeZone"),
  })
  .superRefine((v, ctx) => {
    if (!rateWithinCurrency.check(v)) ctx.addIssue({ code: "custom", input: v.hourlyRate, ...rateWithinCurrency.params(v) });
    refusePayMode(v, ctx);
  });
export type JobCreateInput = z.input<typeof jobCreateSchema>;
export type JobCreateValues = z.output<typeof jobCreateSchema>;

/**
 * Edit a job: the edit form and `jobs.update`. A start date already in the past may be kept (a job in
 * progress); only moving it to a past day is refused, which needs the stored date, so the procedure
 * checks it.
 */
export const jobUpdateSchema = z
  .object({
    jobId: uuidSchema(ERR.jobEditNotFound),
    ...jobFields(ERR.requiredFields),
    timeZone: timeZoneSchema,
  })
  .superRefine((v, ctx) => {
    if (!rateWithinCurrency.check(v)) ctx.addIssue({ code: "custom", input: v.hourlyRate, ...rateWithinCurrency.params(v) });
    refusePayMode(v, ctx);
  });
export type JobUpdateInput = z.input<typeof jobUpdateSchema>;
export type JobUpdateValues = z.output<typeof jobUpdateSchema>;

/** The owner's status buttons: Start, Complete, Cancel. */
export const jobStatusChangeSchema = z.object({
  jobId: jobIdSchema,
  action: z.enum(Object.keys(JOB_ACTIONS) as [JobAction, ...JobAction[]], { error: ERR.jobStatusChangeRefused }),
});
