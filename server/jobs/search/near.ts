import { eq, sql, type SQL } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import { oncePerDatabase } from "../../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../../db/row-decoders.ts";
import { cities, jobs } from "../../../db/schema/index.ts";
import { filterPoint, type JobFilters } from "../../../domain/job-filters.ts";
import type { BoundPoint } from "./bound.ts";

/** A point on the earth in degrees: where distances are measured from. */
export type Origin = { lat: number; lng: number };

/**
 * The point of the filters: a gazetteer city's coordinates or the browser's position; null when no
 * point is chosen, "unknown" for a city the gazetteer does not hold.
 */
export async function resolveOrigin(
  db: Queryable,
  filters: Pick<JobFilters, "cityId" | "lat" | "lng">,
): Promise<Origin | null | "unknown"> {
  const point = filterPoint(filters);
  if (!point) return null;
  if ("lat" in point) return point;
  const [city] = await cityPoint(db).execute({ cityId: point.cityId });
  return city ?? "unknown";
}

/** A city's point, by id: one statement per database handle, built once and prepared. */
const cityPoint = oncePerDatabase((db) =>
  preparedDecodingOnce(
    db
      .select({ lat: cities.latitude, lng: cities.longitude })
      .from(cities)
      .where(eq(cities.id, sql`${sql.placeholder("cityId")}`))
      .limit(1),
    "city_point",
  ),
);

const jobPoint = sql`ll_to_earth(${jobs.latitude}, ${jobs.longitude})`;
const originPoint = (origin: BoundPoint) => sql`ll_to_earth(${origin.lat}::float8, ${origin.lng}::float8)`;

/**
 * Open jobs within `km` of the origin. earth_box is the cube around the point that jobs_open_earth_idx
 * answers; it is a little larger than the circle, so earth_distance then keeps only what is inside.
 */
export function withinKm(origin: BoundPoint, km: number): SQL {
  const meters = km * 1000;
  return sql`(earth_box(${originPoint(origin)}, ${meters}::float8) @> ${jobPoint} and earth_distance(${originPoint(origin)}, ${jobPoint}) <= ${meters}::float8)`;
}

/** How far a job is from the origin, in kilometres (null for a job with no city). */
export function distanceKm(origin: BoundPoint): SQL<number | null> {
  return sql<number | null>`earth_distance(${originPoint(origin)}, ${jobPoint}) / 1000`;
}
