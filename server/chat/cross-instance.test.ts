import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { openDatabase, type OpenedDatabase } from "../../db/open.ts";
import { buildApp } from "../app.ts";
import { createAuth } from "../auth.ts";
import { startServices, stopServices } from "../instance-services.ts";
import { SESSION_ENDED_CLOSE_CODE, SESSION_SWEEP_MS } from "../session/live-sessions.ts";
import { localFileStore } from "../storage/file-store.ts";
import { cookieHeader } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { chatFixture, collectMessages, listen, waitStarted, wsTrpc, type ChatFixture } from "./chat-test-kit.ts";

/**
 * A second server instance on the first one's database, with its own pool and its own Postgres bus,
 * as a second process behind a load balancer would run.
 */
async function secondInstance(first: TestApp) {
  const url = first.database.url;
  if (!url) throw new Error("needs a Postgres test database");
  const database: OpenedDatabase = await openDatabase({ databaseUrl: url, maxConnections: 10 });
  const auth = createAuth({ db: database.db, config: first.config });
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), "daywork-uploads-2-"));
  const services = await startServices(database, first.config, {
    files: localFileStore(uploadDir),
    log: { info() {}, warn() {} },
    queue: { schedule: false },
  });
  const app = await buildApp({ config: first.config, db: database.db, auth, services, logger: false });
  return {
    app,
    async close() {
      await app.close();
      await stopServices(services);
      await database.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)("two app instances on one Postgres database (needs TEST_DATABASE_URL)", () => {
  let one: TestApp;
  let two: Awaited<ReturnType<typeof secondInstance>>;
  let f: ChatFixture;
  let urls: { one: string; two: string };
  const sockets: { close(): void }[] = [];

  beforeAll(async () => {
    one = await createTestApp();
    two = await secondInstance(one);
    f = await chatFixture(one);
    urls = { one: (await listen(one.app)).ws, two: (await listen(two.app)).ws };
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await two?.close();
    await one?.close();
  });

  function subscribe(url: string, cookie: string) {
    const socket = wsTrpc(url, cookie);
    sockets.push(socket);
    return collectMessages(socket.client, { conversationId: f.conversationId });
  }

  /** Sends over HTTP to one instance, as a browser would. */
  async function sendVia(app: TestApp["app"], cookie: string, content: string): Promise<number> {
    const res = await app.inject({
      method: "POST",
      url: "/api/trpc/chat.send",
      headers: { cookie, "content-type": "application/json", origin: one.config.publicUrl },
      payload: { json: { conversationId: f.conversationId, content } },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { result: { data: { json: { id: number } } } }).result.data.json.id;
  }

  it("delivers each instance's messages to the other instance's subscribers, in order, once", async () => {
    const onOne = subscribe(urls.one, f.owner.cookie);
    const onTwo = subscribe(urls.two, f.accepted.cookie);
    await Promise.all([waitStarted(onOne), waitStarted(onTwo)]);

    const ids = [
      await sendVia(one.app, f.owner.cookie, "from instance one"),
      await sendVia(two.app, f.accepted.cookie, "from instance two"),
    ];
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendVia(i % 2 ? one.app : two.app, i % 2 ? f.owner.cookie : f.accepted.cookie, `burst ${i}`),
      ),
    );
    const expected = [...ids, ...burst].sort((a, b) => a - b);
    await onOne.waitFor(expected.length);
    await onTwo.waitFor(expected.length);
    expect(onOne.ids()).toEqual(expected);
    expect(onTwo.ids()).toEqual(expected);
    expect(onTwo.received[0]).toMatchObject({ content: "from instance one", senderName: "Olga Owner" });
  });

  it("a subscriber that moves to the other instance resumes there with lastEventId", async () => {
    const before = subscribe(urls.one, f.accepted.cookie);
    await waitStarted(before);
    const seen = await sendVia(two.app, f.owner.cookie, "seen on one");
    await before.waitFor(1);
    before.unsubscribe();
    const missed = [await sendVia(one.app, f.owner.cookie, "missed a"), await sendVia(two.app, f.owner.cookie, "missed b")];
    const socket = wsTrpc(urls.two, f.accepted.cookie);
    sockets.push(socket);
    const after = collectMessages(socket.client, { conversationId: f.conversationId, lastEventId: String(seen) });
    await after.waitFor(2);
    const live = await sendVia(one.app, f.owner.cookie, "live via one");
    await after.waitFor(3);
    expect(after.ids()).toEqual([...missed, live]);
  });

  it("a sign-out through one instance ends the session's sockets on the other within a second", async () => {
    const signIn = await one.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: one.config.publicUrl },
      payload: { email: f.accepted.email, password: f.accepted.password },
    });
    const cookie = cookieHeader(signIn.headers["set-cookie"]);
    const socket = new WebSocket(urls.two, { headers: { cookie, origin: one.config.publicUrl } });
    sockets.push(socket);
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await new Promise((resolve) => socket.once("open", resolve));
    const out = await one.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: one.config.publicUrl },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const started = Date.now();
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(Date.now() - started).toBeLessThan(1000 + SESSION_SWEEP_MS);
  });
});
