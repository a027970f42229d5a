import { and, gt, inArray } from "drizzle-orm";
import type { WebSocket } from "ws";

import type { Queryable } from "../../db/database.ts";
import { session } from "../../db/schema/auth.ts";
import type { SocketPlaces } from "./socket-places.ts";

/** The close code a socket gets when its session has ended (sign-out, password change, deletion). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** The close code of a socket over LIMITS.socketsPerPerson: the person has enough open already. */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4429;

/** How often open sockets' sessions are checked: a session ended anywhere closes them within this. */
export const SESSION_SWEEP_MS = 500;

const IDS_PER_QUERY = 1000;

/** The sessions among `ids` that still exist and have not expired. */
export async function liveSessionIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await db
      .select({ id: session.id })
      .from(session)
      .where(and(inArray(session.id, ids.slice(start, start + IDS_PER_QUERY)), gt(session.expiresAt, new Date())));
    for (const row of rows) live.add(row.id);
  }
  return live;
}

export type SessionSockets = {
  /**
   * Watches a signed-in socket: it is closed as soon as its session is gone. A socket beyond
   * LIMITS.socketsPerPerson of the same person, on any instance, is closed at once
   * (TOO_MANY_SOCKETS_CLOSE_CODE; server/session/socket-places.ts).
   */
  track(socket: WebSocket, person: { id: string; sessionId: string }): Promise<void>;
  /** Checks every watched socket now (the timer does this every SESSION_SWEEP_MS). */
  sweep(): Promise<void>;
  stop(): void;
};

/**
 * Closes WebSockets whose session ended on any instance: a socket's context is read once at the upgrade, so it
 * would otherwise outlive a sign-out (docs/decisions/014).
 */
export function watchSessionSockets(db: Queryable, places: SocketPlaces, onError: (error: unknown) => void): SessionSockets {
  const watched = new Map<WebSocket, string>();
  let running = false;

  async function sweep() {
    if (running || watched.size === 0) return;
    running = true;
    try {
      // Only the sockets asked about: one tracked while the query ran was not in it, and must not be
      // taken for ended (it would be closed seconds after opening and lose what it subscribed from).
      const asked = [...watched];
      const live = await liveSessionIds(db, [...new Set(asked.map(([, sessionId]) => sessionId))]);
      for (const [socket, sessionId] of asked) {
        if (live.has(sessionId) || !watched.has(socket)) continue;
        watched.delete(socket);
        socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
      }
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(() => void sweep(), SESSION_SWEEP_MS);
  timer.unref();
  return {
    async track(socket, person) {
      let closed = false;
      socket.once("close", () => {
        closed = true;
        watched.delete(socket);
      });
      const place = await places.take(person.id);
      if (!place) {
        socket.close(TOO_MANY_SOCKETS_CLOSE_CODE, "too many connections");
        return;
      }
      // Closed while its place was being taken: given back at once.
      if (closed) return place.release();
      watched.set(socket, person.sessionId);
      socket.once("close", () => place.release());
    },
    sweep,
    stop: () => clearInterval(timer),
  };
}
