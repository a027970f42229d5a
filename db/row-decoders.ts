import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** What drizzle's prepared selects of both drivers hold (postgres-js and pglite session.js): not in its types. */
type PreparedInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

/** The decoder drizzle's mapResultRow picks for a selected field (an SQL's `decoder` is internal to drizzle). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const decoderOfSql = (query: SQL) => (query as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Whether drizzle's mapper could turn one of the selection's nested objects into null: it does that to
 * an object whose columns all come from one table that a left join may leave out, when they are all null.
 */
function mayNullifyObjects(fields: SelectedField[], notNullable: Record<string, boolean> | undefined): boolean {
  if (!notNullable) return false;
  return fields.some(({ path, field }) => path.length === 2 && is(field, Column) && !notNullable[getTableName(field.table)]);
}

/**
 * Makes a prepared select decode its rows with decoders found once, not per value as drizzle's mapper does
 * (docs/decisions/025); answers false, leaving drizzle's mapper, where that could differ
 * (docs/upgrading-dependencies.md).
 */
export function decodeRowsOnce(prepared: object): boolean {
  const internals = prepared as PreparedInternals;
  const fields = internals.fields;
  if (!fields || !("customResultMapper" in prepared) || internals.customResultMapper) return false;
  if (mayNullifyObjects(fields, internals.joinsNotNullableMap)) return false;
  const paths = fields.map(({ path }) => path);
  const decoders = fields.map(({ field }) => decoderOf(field));
  internals.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i] as string[];
        let node = result;
        for (let depth = 0; depth < path.length - 1; depth++)
          node = (node[path[depth] as string] ??= {}) as Record<string, unknown>;
        const value = row[i];
        node[path[path.length - 1] as string] = value === null ? null : (decoders[i] as Decoder).mapFromDriverValue(value);
      }
      return result;
    });
  return true;
}

/** A drizzle select prepared by `name`, its rows decoded by decoders found once (decodeRowsOnce). */
export function preparedDecodingOnce<Q extends { prepare(name: string): object }>(
  query: Q,
  name: string,
): ReturnType<Q["prepare"]> {
  const statement = query.prepare(name) as ReturnType<Q["prepare"]>;
  decodeRowsOnce(statement);
  return statement;
}
