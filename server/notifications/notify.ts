import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import { REPEATED_CAUSE_QUIET_SECONDS, type NotificationPayload } from "../../domain/notifications.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { announceToPeople } from "../realtime/user-events.ts";

export type NotifyOptions = {
  /** Who caused it; the notice goes when they delete their account. */
  actorId: string | null;
  /** Makes a repeated event one notice per person (a reminder per job and day). */
  dedupeKey?: string;
  /**
   * On a repeated dedupe key: `skip` keeps the first; `renew` makes it new again; `refresh` renews but does not
   * resend within REPEATED_CAUSE_QUIET_SECONDS, so a loop of clicks is one mail (docs/decisions/055).
   */
  onRepeat?: "skip" | "renew" | "refresh";
  /**
   * Shown in the app only, never e-mailed or pushed: an acknowledgement of the person's own action
   * (a report received, docs/decisions/070), news to nobody.
   */
  inAppOnly?: boolean;
};

/** The `on conflict` action of each `onRepeat`. */
function onRepeatSql(onRepeat: NotifyOptions["onRepeat"]) {
  if (onRepeat === "renew")
    return sql`do update set payload = excluded.payload, actor_id = excluded.actor_id, read_at = null,
               emailed_at = null, pushed_at = null, created_at = now()`;
  if (onRepeat === "refresh") {
    const quiet = sql`now() - make_interval(secs => ${REPEATED_CAUSE_QUIET_SECONDS})`;
    return sql`do update set kind = excluded.kind, payload = excluded.payload, actor_id = excluded.actor_id,
               read_at = null, created_at = now(),
               emailed_at = case when notifications.emailed_at > ${quiet} then notifications.emailed_at end,
               pushed_at = case when notifications.pushed_at > ${quiet} then notifications.pushed_at end`;
  }
  return sql`do nothing`;
}

/**
 * Tells people about something, inside the transaction that made it happen (the outbox): one in-app
 * notice per recipient that still has a profile, a delivery of what they have not been sent (one
 * waiting per person: docs/decisions/055), and a live event to their open pages — all committed with the change or not at all.
 * Answers the ids of the notices written (a repeated dedupe key writes none).
 */
export async function notifyPeople(
  tx: Queryable,
  queue: BackgroundQueue,
  recipients: readonly string[],
  payload: NotificationPayload,
  options: NotifyOptions,
): Promise<string[]> {
  const ids = [...new Set(recipients)].filter((id) => id !== options.actorId);
  if (ids.length === 0) return [];
  const sent = options.inAppOnly ? sql`now()` : sql`null`;
  const rows = await queryRows<{ id: string; user_id: string }>(
    tx,
    sql`insert into notifications (user_id, kind, payload, actor_id, dedupe_key, emailed_at, pushed_at)
        select p.id, ${payload.kind}, ${JSON.stringify(payload)}::jsonb, ${options.actorId}, ${options.dedupeKey ?? null},
               ${sent}, ${sent}
        from profiles p where p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        on conflict (user_id, dedupe_key) ${onRepeatSql(options.onRepeat)}
        returning id, user_id`,
  );
  if (!options.inAppOnly) {
    await queue.sendMany(
      tx,
      "deliver-notifications",
      rows.map((row) => ({ data: { userId: row.user_id }, singletonKey: row.user_id })),
    );
  }
  await announceToPeople(
    tx,
    rows.map((row) => row.user_id),
    "notice",
  );
  return rows.map((row) => row.id);
}
