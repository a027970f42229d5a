import type { JobFilters } from "../../domain/job-filters.ts";
import { normalizeSavedFilters } from "../../domain/saved-search-keys.ts";
import { type SavedSearchAlerts } from "../../domain/saved-searches.ts";
import type { Queryable } from "../database.ts";
import { savedSearches } from "../schema/index.ts";

/** Inserts a saved search of `userId` (filters normalized as the procedure keeps them; alerts instant unless told). */
export async function createSavedSearch(
  db: Queryable,
  userId: string,
  filters: JobFilters,
  alerts: SavedSearchAlerts = "instant",
) {
  const [row] = await db
    .insert(savedSearches)
    .values({ userId, filters: normalizeSavedFilters(filters), alerts })
    .returning();
  if (!row) throw new Error("saved search insert returned nothing");
  return row;
}
