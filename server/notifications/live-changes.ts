import type { Database } from "../../db/database.ts";
import type { UserEvent, UserEventBus } from "../realtime/user-events.ts";
import { unreadCount } from "./list.ts";

/** What a person's open pages hear: what changed, and the bell's new count. */
export type PersonChange = { event: UserEvent; unread: number };

/**
 * The `notifications.onChange` stream: the count now, then after every event for the person (coalesced
 * while a read is in flight: a burst of messages is one re-read) the kind of change and the new count.
 * Subscribed before the first count is read, so nothing committed after the start is missed.
 */
export async function* personChanges(
  db: Database,
  bus: UserEventBus,
  userId: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<PersonChange> {
  const pending = new Set<UserEvent>();
  let wake: (() => void) | null = null;
  const stop = bus.subscribe(userId, (event) => {
    pending.add(event);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    yield { event: "resync", unread: await unreadCount(db, userId) };
    while (!signal?.aborted) {
      if (pending.size === 0) {
        await new Promise<void>((resolve) => {
          wake = () => {
            wake = null;
            resolve();
          };
        });
        continue;
      }
      // A notice also refreshes chats; a resync refreshes everything.
      const event: UserEvent = pending.has("resync") ? "resync" : pending.has("notice") ? "notice" : "chat";
      pending.clear();
      yield { event, unread: await unreadCount(db, userId) };
    }
  } finally {
    stop();
    signal?.removeEventListener("abort", onAbort);
  }
}
