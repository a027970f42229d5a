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
    startTime: input.startTime,
    durationDays: input.durationDays,
    hourlyRate: input.hourlyRate,
    currency: input.currency,
    maxWorkers: input.maxWorkers,
    skills: input.skills,
    // Meaningless for a one-day job: stored only where there are days to choose from.
    partialDays: input.partialDays && input.durationDays >= 2,
    payMode: input.payMode,
  } satisfies Partial<typeof jobs.$inferInsert>;
}
