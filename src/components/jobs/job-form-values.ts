import type { DefaultValues } from "react-hook-form";

import { DEFAULT_JOB_CURRENCY } from "../../../domain/currencies.ts";
import { currentLanguage } from "../../lib/locale.ts";
import type { JobFormInput } from "./job-form.tsx";
import type { EditableJob } from "./job-types.ts";

/** The stored fields a job's form starts from. */
type StoredJob = Pick<
  EditableJob,
  | "title"
  | "description"
  | "category"
  | "cityId"
  | "district"
  | "address"
  | "startDate"
  | "startTime"
  | "durationDays"
  | "hourlyRate"
  | "currency"
  | "maxWorkers"
  | "skills"
  | "partialDays"
  | "payMode"
>;

/** A stored job as the form holds it (edit, post again): numbers as typed text, "" for an empty field. */
export function storedJobValues(job: StoredJob, timeZone: string): JobFormInput {
  return {
    title: job.title,
    description: job.description,
    category: job.category,
    cityId: job.cityId ?? "",
    district: job.district ?? "",
    address: job.address ?? "",
    startDate: job.startDate,
    startTime: job.startTime?.slice(0, 5) ?? "",
    durationDays: String(job.durationDays),
    hourlyRate: job.hourlyRate === null ? "" : String(job.hourlyRate),
    currency: job.currency,
    maxWorkers: String(job.maxWorkers),
    skills: job.skills ?? [],
    partialDays: job.partialDays,
    payMode: job.payMode,
    timeZone,
  };
}

/** A new job's form: one day, one worker, the default currency, the category still to choose. */
export function newJobValues(timeZone: string): DefaultValues<JobFormInput> {
  return {
    title: "",
    description: "",
    cityId: "",
    district: "",
    address: "",
    startDate: "",
    startTime: "",
    durationDays: "1",
    hourlyRate: "",
    currency: DEFAULT_JOB_CURRENCY,
    maxWorkers: "1",
    skills: [],
    // Opted into: through Daywork holds the employer's card before the shift (docs/decisions/078).
    payMode: "direct",
    timeZone,
    language: currentLanguage(),
  };
}
