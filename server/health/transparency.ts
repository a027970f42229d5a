import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import type { TransparencyExportInput } from "../../domain/health.ts";
import { periodInstants } from "./period.ts";

/**
 * The counts a DSA transparency report (art. 15 and 24) takes from Daywork for a period (UTC days, both
 * ends included), as CSV: only what the marketplace records today. Notices, decisions and appeals join
 * as rows once reports and moderation decisions exist (docs/decisions/072).
 */
export async function transparencyCsv(db: Queryable, p: TransparencyExportInput): Promise<string> {
  const { fromAt, untilAt } = periodInstants({ from: p.from, to: p.to, stepDays: 1 });
  const [counts] = await queryRows<{ jobs_posted: number; accounts_created: number }>(
    db,
    sql`select
      (select count(*)::int from jobs where created_at >= ${fromAt}::timestamptz and created_at < ${untilAt}::timestamptz) as jobs_posted,
      (select count(*)::int from "user" where created_at >= ${fromAt}::timestamptz and created_at < ${untilAt}::timestamptz) as accounts_created`,
  );
  const rows = [
    ["period_start", "period_end", "metric", "value"],
    [p.from, p.to, "jobs_posted", String(counts?.jobs_posted ?? 0)],
    [p.from, p.to, "accounts_created", String(counts?.accounts_created ?? 0)],
  ];
  return rows.map((r) => r.join(",")).join("\r\n") + "\r\n";
}
