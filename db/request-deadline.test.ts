import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isDatabaseUnavailable } from "./database-unavailable.ts";
import { queryRows } from "./database.ts";
import { openDatabase, type OpenedDatabase } from "./open.ts";
import {
  CANCEL_GRACE_MS,
  DeadlinePassed,
  deadlineSignal,
  isDeadlinePassed,
  startDeadline,
  withinDeadline,
} from "./request-deadline.ts";
import { openTestDatabase, type TestDatabase } from "./testing/test-database.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Cancelling on the server and roll-back at the deadline are Postgres's (PGlite runs in this process).
describe.skipIf(!onPostgres)("a deadline on the database handle (docs/decisions/062)", () => {
  let database: TestDatabase;
  let app: OpenedDatabase;
  let other: postgres.Sql;

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = database.url ?? "";
    // Two connections: one for statements planned once, one for those planned per call (db/open.ts).
    app = await openDatabase({ databaseUrl: url, maxConnections: 2 });
    other = postgres(url, { max: 1, onnotice: () => {} });
    await other`create table deadline_probe (id int primary key)`;
    // Connected before the tests: a statement sent while its connection opens is cancelled only once it started.
    await app.db.execute(sql`select 1`);
  });
  afterAll(async () => {
    await other?.end({ timeout: 5 });
    await app?.close();
    await database?.close();
  });

  const probeIds = async () => (await other<{ id: number }[]>`select id from deadline_probe order by id`).map((r) => r.id);

  it("cancels a running statement on the server when the deadline passes", async () => {
    const started = performance.now();
    const sleeping = withinDeadline(300, () => app.db.execute(sql`select pg_sleep(5) as slept_past_deadline`));
    // Cancelled on the server within the grace: the statement's own error (57014), "try again".
    expect(isDatabaseUnavailable(await sleeping.catch((error: unknown) => error))).toBe(true);
    expect(performance.now() - started).toBeLessThan(300 + CANCEL_GRACE_MS);
    await pause(200);
    const running =
      await other`select 1 from pg_stat_activity where state = 'active' and query like '%slept_past_deadline%' and pid <> pg_backend_pid()`;
    expect(running.length).toBe(0);
    // The handle serves the next call as before.
    expect(await queryRows<{ one: number }>(app.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("rolls back a transaction that outlived its deadline instead of committing it", async () => {
    const late = withinDeadline(200, () =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into deadline_probe (id) values (1)`);
        // Work outside the database (a slow upload, a stalled service) past the deadline.
        await pause(500);
        await tx.execute(sql`insert into deadline_probe (id) values (2)`);
      }),
    );
    expect(isDeadlinePassed(await late.catch((error: unknown) => error))).toBe(true);
    await pause(600);
    expect(await probeIds()).toEqual([]);
  });

  it("never stores a write that waited on a lock past its deadline, once the lock is released", async () => {
    const holder = await other.reserve();
    try {
      await holder`begin`;
      await holder`lock table deadline_probe in exclusive mode`;
      const blocked = withinDeadline(300, () => app.db.execute(sql`insert into deadline_probe (id) values (3)`));
      expect(isDatabaseUnavailable(await blocked.catch((error: unknown) => error))).toBe(true);
      await holder`commit`;
    } finally {
      holder.release();
    }
    await pause(300);
    expect(await probeIds()).toEqual([]);
  });

  it("never commits a transaction queued behind a busy connection past its deadline", async () => {
    // The one connection for statements planned once is busy (outside any deadline): postgres.js
    // queues the transaction's statements behind it (on the same connection, pipelined).
    const busy = Promise.resolve(app.db.execute(sql`select pg_sleep(0.8)`));
    await pause(50);
    const started = performance.now();
    const waiting = withinDeadline(200, () =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into deadline_probe (id) values (4)`);
      }),
    );
    await expect(waiting).rejects.toBeInstanceOf(DeadlinePassed);
    expect(performance.now() - started).toBeLessThan(200 + CANCEL_GRACE_MS + 200);
    await busy;
    await pause(200);
    expect(await probeIds()).toEqual([]);
    // Work that finished in time is never cancelled afterwards.
    await withinDeadline(300, () => app.db.execute(sql`insert into deadline_probe (id) values (5)`));
    await pause(400);
    expect(await probeIds()).toEqual([5]);
  });

  it("tells a statement timeout and a refused connection from a wrong statement", async () => {
    const bounded = await openDatabase({ databaseUrl: database.url ?? "", maxConnections: 2, timeouts: { statementMs: 100 } });
    try {
      const timedOut = await bounded.db.execute(sql`select pg_sleep(1)`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(timedOut)).toBe(true);
      const wrong = await bounded.db.execute(sql`select * from no_such_table`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
    } finally {
      await bounded.close();
    }
    const closedPort = new URL(database.url ?? "");
    closedPort.port = "1";
    const nowhere = await openDatabase({ databaseUrl: closedPort.toString(), maxConnections: 2 });
    try {
      const refused = await nowhere.db.execute(sql`select 1`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
    } finally {
      await nowhere.close();
    }
  });
});

describe("deadlines nested in a request's (docs/decisions/062)", () => {
  it("leave what a call left running alone when a sibling call passes the request's deadline later", async () => {
    let seen: AbortSignal | undefined;
    let requestPassed: () => void = () => {};
    const requestOver = new Promise<void>((resolve) => {
      requestPassed = resolve;
    });
    const stop = startDeadline(50, () => {
      void withinDeadline(5_000, async () => {
        seen = deadlineSignal();
        return "answered in time";
      }).then(async (answer) => {
        expect(answer).toBe("answered in time");
        // The request's own deadline passes now (a sibling call still runs): this call's work is done.
        await new Promise((resolve) => setTimeout(resolve, 100));
        requestPassed();
      });
    });
    await requestOver;
    stop();
    expect(seen?.aborted).toBe(false);
  });

  it("still aborts a call that runs when the request's deadline passes", async () => {
    let seen: AbortSignal | undefined;
    const outcome = new Promise<unknown>((resolve) => {
      startDeadline(50, () => {
        withinDeadline(5_000, async () => {
          seen = deadlineSignal();
          await new Promise((r) => setTimeout(r, 2_000));
        }).then(resolve, resolve);
      });
    });
    expect(await outcome).toBeInstanceOf(DeadlinePassed);
    expect(seen?.aborted).toBe(true);
  });
});
