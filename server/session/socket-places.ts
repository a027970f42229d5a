import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";

import { queryRows, type Database, type Queryable } from "../../db/database.ts";
import { user } from "../../db/schema/auth.ts";
import { liveSockets, socketInstances } from "../../db/schema/live-sockets.ts";
import { LIMITS } from "../../domain/limits.ts";
import { withTimeout } from "../ops/timeout.ts";

/** How many sockets a person may hold across the deployment, and how this instance keeps its lease. */
export type SocketPlacesOptions = {
  limit: number;
  /** How often the instance renews its lease and clears the dead instances'. */
  beatMs: number;
  /** How long a renewal lasts: an instance gone this long (kill -9) no longer holds its sockets' places. */
  leaseMs: number;
};

/** Three beats to a lease: a late beat under load does not lose the places (docs/decisions/065). */
export const SOCKET_PLACES: SocketPlacesOptions = { limit: LIMITS.socketsPerPerson, beatMs: 10_000, leaseMs: 30_000 };

/**
 * Places are written without waiting for the disk (synchronous_commit off, for their own transaction
 * only): the socket's opening does not wait on a WAL flush. A Postgres crash may lose the last moment's
 * rows, so a few sockets would go uncounted until they close: a small leak in a limit against abuse.
 */
const ASYNC_COMMIT = sql`set_config('synchronous_commit', 'off', true)`;

const leaseInterval = (leaseMs: number) => sql`make_interval(secs => ${leaseMs / 1000})`;

/** Renews `instanceId`'s lease; true when its row was missing (first beat, or cleared as dead by another instance). */
export async function renewInstanceLease(db: Queryable, instanceId: string, leaseMs: number): Promise<boolean> {
  const [row] = await queryRows<{ created: boolean }>(
    db,
    sql`insert into ${socketInstances} (id, expires_at) values (${instanceId}, now() + ${leaseInterval(leaseMs)})
        on conflict (id) do update set expires_at = excluded.expires_at
        returning (xmax = 0) as created`,
  );
  return row?.created === true;
}

/** Deletes the instances whose lease ran out, and with them (cascade) their sockets' rows. */
export async function clearDeadInstances(db: Queryable): Promise<void> {
  await db.delete(socketInstances).where(lt(socketInstances.expiresAt, sql`now()`));
}

/**
 * Takes one of the person's places for socket `socketId`: false when live instances hold `limit` of
 * theirs already. A transaction-level advisory lock keyed by the person makes the count and the insert
 * one step on every instance (docs/decisions/065); no row is locked, so nothing else waits on it.
 */
export async function takeSocketPlace(
  db: Database,
  place: { socketId: string; userId: string; instanceId: string; limit: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${ASYNC_COMMIT}, pg_advisory_xact_lock(hashtextextended(${`sockets:${place.userId}`}, 0))`);
    // A statement after the lock: its snapshot sees every place committed before it was granted.
    const taken = await queryRows<{ id: string }>(
      tx,
      sql`insert into ${liveSockets} (id, user_id, instance_id)
          select ${place.socketId}, ${place.userId}, ${place.instanceId}
          where (select count(*) from ${liveSockets} s join ${socketInstances} i on i.id = s.instance_id
                 where s.user_id = ${place.userId} and i.expires_at > now()) < ${place.limit}
          returning id`,
    );
    return taken.length > 0;
  });
}

/** Writes places this instance holds without their rows (admitted while the database failed, or cleared). */
export async function restoreSocketPlaces(
  db: Queryable,
  instanceId: string,
  places: readonly { socketId: string; userId: string }[],
): Promise<void> {
  if (places.length === 0) return;
  const values = sql.join(
    places.map((p) => sql`(${p.socketId}::uuid, ${p.userId})`),
    sql`, `,
  );
  // A deleted account's sockets are being closed by the session sweep: their rows are not written again.
  await db.execute(
    sql`insert into ${liveSockets} (id, user_id, instance_id)
        select v.id, v.user_id, ${instanceId} from (values ${values}) as v(id, user_id)
        where exists (select 1 from ${user} u where u.id = v.user_id)
        on conflict (id) do nothing`,
  );
}

/** Gives back the places of closed sockets. */
export async function releaseSocketPlaces(db: Queryable, socketIds: readonly string[]): Promise<void> {
  if (socketIds.length === 0) return;
  await db.delete(liveSockets).where(and(inArray(liveSockets.id, [...socketIds]), sql`(select ${ASYNC_COMMIT}) is not null`));
}

/** Deletes the instance's lease and, with it, every place its sockets held (a clean shutdown). */
export async function endInstanceLease(db: Queryable, instanceId: string): Promise<void> {
  await db.delete(socketInstances).where(eq(socketInstances.id, instanceId));
}

/** A place held by one socket; `release` when the socket closes. */
export type SocketPlace = { release(): void };

export type SocketPlaces = {
  readonly instanceId: string;
  /** One of the person's LIMITS.socketsPerPerson places across the deployment, or null when all are held. */
  take(userId: string): Promise<SocketPlace | null>;
  /** Renews the lease now (the timer does this every `beatMs`). */
  beat(): Promise<void>;
  /** Stops renewing, gives back every place this instance holds and ends its lease (clean shutdown). */
  close(): Promise<void>;
};

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if ((e as Error & { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/**
 * The per-person socket limit across instances: each socket holds a row under this instance's lease, which a
 * dead instance stops renewing (docs/decisions/065). A database failure lets the socket in rather than lock
 * people out.
 */
export function sharedSocketPlaces(
  db: Database,
  onError: (error: unknown) => void,
  options: SocketPlacesOptions = SOCKET_PLACES,
): SocketPlaces {
  const instanceId = randomUUID();
  /** The places this instance holds, and whether their rows are written. */
  const held = new Map<string, { userId: string; written: boolean }>();
  /** Places given back whose rows could not be deleted yet. */
  const unreleased = new Set<string>();
  let closing = false;
  let beating: Promise<void> | null = null;

  async function renew() {
    const created = await renewInstanceLease(db, instanceId, options.leaseMs);
    const unwritten = [...held].filter(([, p]) => created || !p.written);
    await restoreSocketPlaces(
      db,
      instanceId,
      unwritten.map(([socketId, p]) => ({ socketId, userId: p.userId })),
    );
    for (const [socketId] of unwritten) {
      const place = held.get(socketId);
      if (place) place.written = true;
      // Closed while its row was being written: the row is deleted below, never left to hold a place.
      else unreleased.add(socketId);
    }
    const released = [...unreleased];
    await releaseSocketPlaces(db, released);
    for (const id of released) unreleased.delete(id);
    await clearDeadInstances(db);
  }

  /** One beat at a time; a caller during one waits for it. None once closing: the lease is ending. */
  function beat(): Promise<void> {
    if (closing) return Promise.resolve();
    beating ??= renew()
      .catch(onError)
      .finally(() => {
        beating = null;
      });
    return beating;
  }

  const started = beat();
  const timer = setInterval(() => void beat(), options.beatMs);
  timer.unref();

  /** Places given back in this turn of the event loop, deleted together (a restart closes many at once). */
  let releasing: string[] = [];
  let flushing: Promise<void> | null = null;

  async function flushReleases() {
    while (releasing.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      const ids = releasing;
      releasing = [];
      await releaseSocketPlaces(db, ids).catch(() => {
        for (const id of ids) unreleased.add(id);
      });
    }
    flushing = null;
  }

  function release(socketId: string) {
    const place = held.get(socketId);
    held.delete(socketId);
    // Closing: the end of the lease deletes every row at once. A place whose row is not known to be
    // written is deleted too: its insert may have committed with its answer lost.
    if (closing || !place) return;
    releasing.push(socketId);
    flushing ??= flushReleases();
  }

  async function tryTake(socketId: string, userId: string): Promise<boolean> {
    return takeSocketPlace(db, { socketId, userId, instanceId, limit: options.limit });
  }

  return {
    instanceId,
    async take(userId) {
      await started;
      const socketId = randomUUID();
      // The instance is stopping: its sockets are being closed, and its lease's end frees every place.
      if (closing) return { release: () => {} };
      let taken: boolean;
      try {
        try {
          taken = await tryTake(socketId, userId);
        } catch (error) {
          // The lease was cleared while this instance could not renew it (a long stall): renew, then again.
          if (!isForeignKeyViolation(error)) throw error;
          await beat();
          taken = await tryTake(socketId, userId);
        }
      } catch (error) {
        onError(error);
        held.set(socketId, { userId, written: false });
        return { release: () => release(socketId) };
      }
      if (!taken) return null;
      held.set(socketId, { userId, written: true });
      return { release: () => release(socketId) };
    },
    beat,
    async close() {
      closing = true;
      clearInterval(timer);
      held.clear();
      // A database that hangs must not hold the shutdown: the lease then runs out by itself (decision 065).
      const ending = Promise.all([beating, flushing]).then(() => endInstanceLease(db, instanceId));
      await withTimeout(ending, options.leaseMs / 3, "ending the socket lease").catch(onError);
    },
  };
}
