import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { openTestDatabase, type TestDatabase } from "../../db/testing/test-database.ts";
import type { BusLogger, ChatBusEvent, ChatEventBus } from "./chat-bus.ts";
import { createInProcessChatBus } from "./in-process-chat-bus.ts";
import { CHAT_CHANNEL, CHAT_LISTENER_APP_NAME, createPostgresChatBus } from "./postgres-chat-bus.ts";

function recorder(bus: ChatEventBus, conversationId: string) {
  const events: ChatBusEvent[] = [];
  const stop = bus.subscribe(conversationId, (e) => events.push(e));
  return { events, stop };
}

async function until(check: () => void) {
  await vi.waitFor(check, { timeout: 10_000, interval: 10 });
}

describe("in-process chat bus", () => {
  it("delivers a conversation's events to its subscribers only, until they unsubscribe", async () => {
    const bus = createInProcessChatBus();
    const [a, b] = [randomUUID(), randomUUID()];
    const first = recorder(bus, a);
    const second = recorder(bus, a);
    const other = recorder(bus, b);
    await bus.publish(a, 7);
    expect(first.events).toEqual([{ kind: "message", messageId: 7 }]);
    expect(second.events).toEqual([{ kind: "message", messageId: 7 }]);
    expect(other.events).toEqual([]);
    first.stop();
    await bus.publish(a, 8);
    expect(first.events).toHaveLength(1);
    expect(second.events).toHaveLength(2);
    await bus.close();
    await bus.publish(a, 9);
    expect(second.events).toHaveLength(2);
  });
});

const logger = () => {
  const lines: string[] = [];
  const log: BusLogger = { warn: (_d, m) => lines.push(m), error: (_d, m) => lines.push(m) };
  return { lines, log };
};

describe.runIf(process.env.TEST_DATABASE_URL)("Postgres LISTEN/NOTIFY chat bus (needs TEST_DATABASE_URL)", () => {
  let database: TestDatabase;
  let otherClient: postgres.Sql;
  const buses: ChatEventBus[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    // A second client to the same database: another server instance's pool.
    otherClient = postgres(database.url ?? "", { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await otherClient.end({ timeout: 5 });
    await database.close();
  });

  async function bus(sql: postgres.Sql, log = logger().log) {
    const created = await createPostgresChatBus(sql, { log, retryDelayMs: () => 20 });
    buses.push(created);
    return created;
  }

  it("delivers between instances, in both directions, by conversation", async () => {
    const sql = database.sql;
    if (!sql) throw new Error("a Postgres test database has a postgres.js client");
    const [one, two] = [await bus(sql), await bus(otherClient)];
    const [a, b] = [randomUUID(), randomUUID()];
    const onTwo = recorder(two, a);
    const onOne = recorder(one, a);
    const elsewhere = recorder(two, b);
    await one.publish(a, 41);
    await two.publish(a, 42);
    await until(() => expect(onTwo.events).toHaveLength(2));
    await until(() => expect(onOne.events).toHaveLength(2));
    expect(onTwo.events).toEqual([
      { kind: "message", messageId: 41 },
      { kind: "message", messageId: 42 },
    ]);
    expect(elsewhere.events).toEqual([]);
  });

  it("ignores notifications on its channel that are not chat events", async () => {
    const sql = database.sql;
    if (!sql) throw new Error("no client");
    const { lines, log } = logger();
    const listening = await bus(otherClient, log);
    const c = randomUUID();
    const events = recorder(listening, c);
    await sql.notify(CHAT_CHANNEL, "not a chat event");
    await sql.notify(CHAT_CHANNEL, `${c}:5`);
    await until(() => expect(events.events).toEqual([{ kind: "message", messageId: 5 }]));
    expect(lines).toContain("chat bus: ignored a malformed notification");
  });

  it("re-LISTENs after its connection is killed and tells subscribers to re-read", async () => {
    const sql = database.sql;
    if (!sql) throw new Error("no client");
    const { lines, log } = logger();
    const listening = await bus(otherClient, log);
    const c = randomUUID();
    const events = recorder(listening, c);
    const killed = await sql`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where application_name = ${CHAT_LISTENER_APP_NAME} and datname = current_database() and pid <> pg_backend_pid()`;
    expect(killed.length).toBeGreaterThan(0);
    await until(() => expect(events.events).toContainEqual({ kind: "resync" }));
    expect(lines).toContain("chat bus: LISTEN connection re-established; subscribers re-read");
    await (await bus(sql)).publish(c, 99);
    await until(() => expect(events.events).toContainEqual({ kind: "message", messageId: 99 }));
  });

  it("replaces a LISTEN connection that stops answering, once a readiness check finds it silent", async (ctx) => {
    const sql = database.sql;
    if (!sql) throw new Error("no client");
    const listenerPids = async () =>
      (
        await sql<{ pid: number }[]>`
          select pid from pg_stat_activity where application_name = ${CHAT_LISTENER_APP_NAME} and datname = current_database()`
      ).map((row) => row.pid);
    const before = new Set(await listenerPids());
    const { lines, log } = logger();
    const listening = await createPostgresChatBus(otherClient, { log, retryDelayMs: () => 20, answerTimeoutMs: 500 });
    buses.push(listening);
    const [pid] = (await listenerPids()).filter((p) => !before.has(p));
    if (!pid) throw new Error("the new bus's LISTEN connection was not found");
    // A backend stopped in its tracks: its socket stays open and nothing answers, as behind a dead link.
    try {
      process.kill(pid, "SIGSTOP");
    } catch {
      ctx.skip("the database server's processes cannot be signalled from here");
    }
    // Let it go on even when the test fails or times out, so the database can be dropped.
    ctx.onTestFinished(() => void process.kill(pid, "SIGCONT"));
    const c = randomUUID();
    const events = recorder(listening, c);
    await expect(listening.ready?.()).rejects.toThrow(/timed out/);
    await until(() => expect(events.events).toContainEqual({ kind: "resync" }));
    await expect(listening.ready?.()).resolves.toBeUndefined();
    expect(lines).toContain("chat bus: LISTEN connection re-established; subscribers re-read");
    await (await bus(sql)).publish(c, 7);
    await until(() => expect(events.events).toContainEqual({ kind: "message", messageId: 7 }));
  });
});
