import { and, count, desc, eq, isNull, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { profiles, savedSearches, savedSearchMatches } from "../../db/schema/index.ts";
import type { JobFilters } from "../../domain/job-filters.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { LIMITS } from "../../domain/limits.ts";
import { normalizeSavedFilters } from "../../domain/saved-search-keys.ts";
import { type SavedSearchAlerts } from "../../domain/saved-searches.ts";
import { resolveOrigin } from "../jobs/search/index.ts";
import { cityNameOf } from "../places/city-name.ts";
import { inTransaction } from "../refusal.ts";

const alertsOf = sql<SavedSearchAlerts>`${savedSearches.alerts}`;

/**
 * The person's saved searches, newest first (at most LIMITS.savedSearches exist), each with the name of
 * its city in `language` for the summary.
 */
export function listSavedSearches(db: Queryable, userId: string, language: LanguageCode) {
  return db
    .select({
      id: savedSearches.id,
      filters: savedSearches.filters,
      alerts: alertsOf,
      createdAt: savedSearches.createdAt,
      cityName: cityNameOf(sql`(${savedSearches.filters} ->> 'cityId')::int`, language),
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(LIMITS.savedSearches);
}

/**
 * Saves the search on the person's screen. The filters are normalized first (domain/saved-searches.ts),
 * so saving the same search again answers the one kept (`created: false`). Refused when nothing is
 * chosen, for a city the gazetteer does not hold, and past LIMITS.savedSearches. The person's profile
 * row, locked, serialises their saves, so the duplicate check and the count hold under races.
 */
export async function saveSearch(
  db: Database,
  userId: string,
  input: { filters: JobFilters; alerts?: SavedSearchAlerts | undefined },
) {
  const filters = normalizeSavedFilters(input.filters);
  return inTransaction(
    db,
    async (tx, refuse: (reason: "saved_search_empty" | "city_unknown" | "saved_search_limit") => never) => {
      if (Object.keys(filters).length === 0) refuse("saved_search_empty");
      if ((await resolveOrigin(tx, filters)) === "unknown") refuse("city_unknown");
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for("update");
      const mine = eq(savedSearches.userId, userId);
      const [existing] = await tx
        .select({ id: savedSearches.id, alerts: alertsOf })
        .from(savedSearches)
        // jsonb equality: the same keys and values in any order.
        .where(and(mine, sql`${savedSearches.filters} = ${JSON.stringify(filters)}::jsonb`))
        .limit(1);
      if (existing) return { ...existing, created: false };
      const [kept] = await tx.select({ n: count() }).from(savedSearches).where(mine);
      if ((kept?.n ?? 0) >= LIMITS.savedSearches) refuse("saved_search_limit");
      const [row] = await tx
        .insert(savedSearches)
        .values({ userId, filters, alerts: input.alerts ?? "instant" })
        .returning({ id: savedSearches.id, alerts: alertsOf });
      if (!row) throw new Error("saved search insert returned nothing");
      return { ...row, created: true };
    },
  );
}

/**
 * Changes how one of the person's saved searches alerts; null when they have no such search. Matches
 * waiting for a digest are let go when the search leaves "daily" (they are not told later).
 */
export async function setSavedSearchAlerts(
  db: Database,
  userId: string,
  params: { id: string; alerts: SavedSearchAlerts; now: Date },
): Promise<{ id: string; alerts: SavedSearchAlerts } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(savedSearches)
      .set({ alerts: params.alerts })
      .where(and(eq(savedSearches.id, params.id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id, alerts: alertsOf });
    if (!row) return null;
    if (params.alerts !== "daily")
      await tx
        .update(savedSearchMatches)
        .set({ notifiedAt: params.now })
        .where(and(eq(savedSearchMatches.savedSearchId, row.id), isNull(savedSearchMatches.notifiedAt)));
    return row;
  });
}

/** Deletes one of the person's saved searches (its matches go with it); null when they have no such search. */
export async function removeSavedSearch(db: Queryable, userId: string, id: string): Promise<{ id: string } | null> {
  const [row] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return row ?? null;
}
