import { and, eq, or, sql, type SQL } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { personBlocks } from "../../db/schema/index.ts";

type Person = string | SQL | SQL.Aliased | { getSQL(): SQL };

/**
 * The one check of docs/decisions/068, as a WHERE clause: true while either of the two people has
 * blocked the other. Each side is an id or a column, so a query can filter its rows by it (people
 * search, the invitable workers of "post again") as well as an action can ask about one pair.
 */
export function blockedBetween(a: Person, b: Person): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${personBlocks}
    where (${personBlocks.blockerId} = ${a} and ${personBlocks.blockedId} = ${b})
       or (${personBlocks.blockerId} = ${b} and ${personBlocks.blockedId} = ${a})
  )`;
}

/** True while either of the two people has blocked the other (read in the caller's transaction). */
export async function eitherBlocked(db: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: personBlocks.blockerId })
    .from(personBlocks)
    .where(
      or(
        and(eq(personBlocks.blockerId, a), eq(personBlocks.blockedId, b)),
        and(eq(personBlocks.blockerId, b), eq(personBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
