import { sql } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import { oncePerDatabase } from "../../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../../db/row-decoders.ts";
import type { LanguageCode } from "../../../domain/languages.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import type { Origin } from "./near.ts";
import { newestPageQuery, pageByIdsQuery } from "./page-queries.ts";
import { coalesceRequests } from "./request-coalescing.ts";

/**
 * The statements whose shape never changes, prepared once per database handle (a prepared-statement
 * cache; rows decoded by decoders found once, db/row-decoders.ts): the plain list's first page, which
 * counts, and a later page (the home page's, the most read list by far), and a filtered page read by
 * the ids its count found, with or without a point (docs/decisions/025).
 */
const listStatements = oncePerDatabase((db) => {
  const language = sql.placeholder("language");
  const cursor = { at: sql.placeholder("at"), id: sql.placeholder("id") };
  const ids = sql.placeholder("ids");
  const point = { lat: sql.placeholder("lat"), lng: sql.placeholder("lng") };
  const list = { filters: {}, priceEdges: null, origin: null, language, pageSize: LIMITS.pageSize };
  return {
    first: preparedDecodingOnce(newestPageQuery(db, { ...list, cursor: null, counted: true }), "home_list_first"),
    next: preparedDecodingOnce(newestPageQuery(db, { ...list, cursor, counted: false }), "home_list_next"),
    byIds: preparedDecodingOnce(
      pageByIdsQuery(db, { ids, origin: null, language, pageSize: LIMITS.pageSize }),
      "filtered_page_by_ids",
    ),
    byIdsNear: preparedDecodingOnce(
      pageByIdsQuery(db, { ids, origin: point, language, pageSize: LIMITS.pageSize }),
      "filtered_page_by_ids_near",
    ),
  };
});

/**
 * The home list's first page in each language, with request coalescing (docs/decisions/043): the same
 * for everyone and the page every visitor opens first. Each answer is still read after its request arrived.
 */
const firstPages = oncePerDatabase((db) =>
  coalesceRequests((language: LanguageCode) => listStatements(db).first.execute({ language })),
);

/** A page of the plain list (no text, filter or point), counted on the first page. */
export async function readHomeList(db: Queryable, cursor: PageCursor | null, language: LanguageCode) {
  if (cursor) return { rows: await listStatements(db).next.execute({ language, at: cursor.at, id: cursor.id }), total: null };
  const rows = await firstPages(db)(language);
  return { rows, total: rows[0]?.matches ?? 0 };
}

/** A page of LIMITS.pageSize jobs by their ids, with or without a point to measure distances from. */
export function readByIds(db: Queryable, ids: string[], origin: Origin | null, language: LanguageCode) {
  const statements = listStatements(db);
  return origin
    ? statements.byIdsNear.execute({ language, ids, lat: origin.lat, lng: origin.lng })
    : statements.byIds.execute({ language, ids });
}
