import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";

import type { Queryable } from "../../../db/database.ts";
import * as schema from "../../../db/schema/index.ts";

/** The tables that are a person: the auth user and the profile (whose id is the user's id). */
const PERSON_TABLES = new Set(["user", "profiles"]);
/** Column names that hold a person's id even without a foreign key saying so. */
const PERSON_COLUMNS = new Set(["user_id", "sender_id", "employer_id", "worker_id", "from_user_id", "to_user_id"]);

export type UserReference = { table: string; column: string };

/** Every table of the drizzle schema (db/schema/index.ts), so a table added later is included. */
function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/**
 * Every column that can name a person, found from the schema: the person tables' ids, columns with a
 * foreign key to user or profiles, and columns named like a person reference.
 */
export function userReferences(): UserReference[] {
  const found = new Map<string, UserReference>();
  const add = (table: string, column: string) => found.set(`${table}.${column}`, { table, column });
  for (const table of schemaTables()) {
    const config = getTableConfig(table);
    if (PERSON_TABLES.has(config.name)) add(config.name, "id");
    for (const fk of config.foreignKeys) {
      const reference = fk.reference();
      if (!PERSON_TABLES.has(getTableConfig(reference.foreignTable).name)) continue;
      for (const column of reference.columns) add(config.name, column.name);
    }
    for (const column of config.columns) if (PERSON_COLUMNS.has(column.name)) add(config.name, column.name);
  }
  return [...found.values()].sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

async function rows<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Rows of `table` whose `column` equals `value`. */
export async function countWhere(db: Queryable, ref: UserReference, value: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)}::text = ${value}`,
  );
  return Number(row?.n ?? 0);
}

/** Per table, the rows whose text (every column, as Postgres prints the row) contains `needle`. */
export async function rowsMentioning(db: Queryable, needle: string): Promise<Record<string, number>> {
  const hits: Record<string, number> = {};
  for (const table of schemaTables()) {
    const name = getTableConfig(table).name;
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)} t where strpos(t::text, ${needle}) > 0`,
    );
    if (Number(row?.n ?? 0) > 0) hits[name] = Number(row?.n);
  }
  return hits;
}

/** A fingerprint of every table's whole content, to show that a failed action changed nothing. */
export async function databaseFingerprint(db: Queryable): Promise<Record<string, string>> {
  const print: Record<string, string> = {};
  for (const table of schemaTables()) {
    const name = getTableConfig(table).name;
    const [row] = await rows<{ n: number; digest: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(name)} t`,
    );
    print[name] = `${row?.n}:${row?.digest ?? ""}`;
  }
  return print;
}
