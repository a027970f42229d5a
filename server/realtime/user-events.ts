import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import type { OpenedDatabase } from "../../db/open.ts";

/** The channel on which a committed change tells a person's open pages to refresh. */
export const USER_EVENTS_CHANNEL = "daywork_user";

/**
 * What changed for a person: `notice` (a notification was written: something about their jobs or
 * applications changed), `chat` (a message arrived in one of their conversations), `resync` (the bus
 * may have missed events: re-read everything).
 */
export type UserEvent = "notice" | "chat" | "resync";

/**
 * Tells the people's open pages, on every instance, once the caller's transaction commits: a NOTIFY
 * issued inside a transaction is delivered at commit and dropped on rollback, so an event is never
 * heard for a change that did not happen.
 */
export async function announceToPeople(tx: Queryable, userIds: readonly string[], event: Exclude<UserEvent, "resync">) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const payloads = unique.map((id) => `${event}:${id}`);
  const list = sql.join(
    payloads.map((payload) => sql`(${payload})`),
    sql`, `,
  );
  await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, p) from (values ${list}) as v(p)`);
}

export type UserEventBus = {
  /** Calls `listener` with each event for this person; returns the function that stops it. */
  subscribe(userId: string, listener: (event: UserEvent) => void): () => void;
  close(): Promise<void>;
};

/** Listens on the database (LISTEN on Postgres, in-process on PGlite) and hands events to subscribers. */
export async function createUserEventBus(database: Pick<OpenedDatabase, "listen">): Promise<UserEventBus> {
  const emitter = new EventEmitter<Record<string, [UserEvent]>>();
  emitter.setMaxListeners(0);
  const stop = await database.listen(
    USER_EVENTS_CHANNEL,
    (payload) => {
      const at = payload.indexOf(":");
      const event = payload.slice(0, at);
      if (event === "notice" || event === "chat") emitter.emit(payload.slice(at + 1), event);
    },
    () => {
      for (const name of emitter.eventNames()) emitter.emit(name as string, "resync");
    },
  );
  return {
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
      await stop();
    },
  };
}
