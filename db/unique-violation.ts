/**
 * True when `error` (or an error it wraps, as drizzle wraps driver errors) is Postgres' unique violation
 * 23505 on `constraint`. Both drivers expose the SQLSTATE as `code`; the constraint's name is
 * `constraint_name` on postgres.js and `constraint` on PGlite.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const fields = e as Error & { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (fields.code === "23505") return (fields.constraint_name ?? fields.constraint) === constraint;
  }
  return false;
}
