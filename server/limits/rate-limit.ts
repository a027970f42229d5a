import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import { rateLimits } from "../../db/schema/index.ts";
import type { RateLimits } from "../../domain/limits.ts";
import { refusal, type Refusal } from "../refusal.ts";

/** A limited action: at most `limit` times per person in `windowSeconds`. */
export type RateRule = { action: string; limit: number; windowSeconds: number };

/** What a person is told when they hit each limit of domain/limits.ts RATE_LIMITS. */
const REASONS = {
  chatMessage: "messages_too_fast",
  firstContact: "contacts_too_many",
  attendanceCode: "attendance_code_attempts",
  jobPost: "jobs_too_many",
  report: "reports_too_many",
} as const;
type LimitedAction = keyof typeof REASONS;

/** Allowed, or refused with the seconds until the window opens again. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one `rule.action` by `userId` and says whether it is within the rule (docs/decisions/015). A
 * fixed window kept in Postgres with one upsert: the row lock serialises concurrent hits, so the count
 * holds across every server instance, on PGlite and Postgres alike. A refused hit is counted too, so a
 * script hammering the limit does not get through at the window's edge more than once.
 */
export async function hitRateLimit(db: Queryable, userId: string, rule: RateRule): Promise<RateVerdict> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await queryRows<{ hits: number; retry_after: number }>(
    db,
    sql`
      insert into ${rateLimits} (action, user_id, window_start, hits) values (${rule.action}, ${userId}, now(), 1)
      on conflict (action, user_id) do update set
        hits = case when ${rateLimits.windowStart} <= now() - ${window} then 1 else ${rateLimits.hits} + 1 end,
        window_start = case when ${rateLimits.windowStart} <= now() - ${window} then now() else ${rateLimits.windowStart} end
      returning hits, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`,
  );
  if (!row || row.hits <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

/**
 * Counts one `action` by `userId`: null within `limits`, else the refusal with its retry time. A `scope`
 * (a job's id) counts separately per thing acted on.
 */
export async function rateRefusal<A extends LimitedAction>(
  db: Queryable,
  limits: RateLimits,
  userId: string,
  action: A,
  scope?: string,
): Promise<Refusal<(typeof REASONS)[A]> | null> {
  const verdict = await hitRateLimit(db, userId, { action: scope ? `${action}:${scope}` : action, ...limits[action] });
  return verdict.allowed ? null : refusal(REASONS[action], verdict.retryAfterSeconds);
}
