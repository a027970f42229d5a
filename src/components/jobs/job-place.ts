import { formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";

/** Where a job is, as anyone may read it: its district and its city in the reader's language. */
export function placeLine(job: { cityName: string | null; district: string | null }): string {
  return [job.district, job.cityName].filter(Boolean).join(", ");
}

/**
 * "3.4 km away" (whole kilometres from 10 on); null when no point was chosen, or when the job is where
 * the point is (a job's point is its city's centre, so the chosen city's own jobs are 0 km away).
 */
export function distanceLabel(km: number | null | undefined): string | null {
  if (km === null || km === undefined || km < 0.5) return null;
  return m.job_distance_km({ km: formatNumber(km, km < 10 ? 1 : 0) });
}
