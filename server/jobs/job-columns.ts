import type { jobs } from "../../db/schema/index.ts";
import type { JobCreateValues } from "../../domain/jobs.ts";

type JobFormValues = Omit<JobCreateValues, "language" | "timeZone">;

/** The job columns the post and edit forms set, from their validated values. */
export function jobColumns(input: JobFormValues) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    cityId: input.cityId,
    district: input.district,
    address: input.address,
    startDate: input.startDate,
    durationDays: input.durationDays,
    hourlyRate: input.hourlyRate,
    currency: input.currency,
    maxWorkers: input.maxWorkers,
    skills: input.skills,
  } satisfies Partial<typeof jobs.$inferInsert>;
}
