import postgres from "postgres";

/** The template every test database on a real server is copied from (its own name per checkout run side by side). */
export const TEMPLATE_DB = process.env.TEST_TEMPLATE_DB ?? "daywork_test_template";

/** The maintenance database on the server of `url`, for CREATE and DROP DATABASE. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

/** Runs `fn` on a short-lived single connection. */
export async function withDatabase<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
