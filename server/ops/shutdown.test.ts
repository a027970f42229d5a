import { rm } from "node:fs/promises";
import { get } from "node:http";
import { Readable } from "node:stream";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";

import { LIVE_SOCKET_OPTIONS, SERVICE_RESTART_CLOSE_CODE } from "../../domain/live-socket.ts";
import { buildApp } from "../app.ts";
import { backgroundHandlers } from "../background-work.ts";
import { chatFixture, listen, type ChatFixture } from "../chat/chat-test-kit.ts";
import type { ChatMessageView } from "../chat/message-view.ts";
import { localFileStore, type FileStore } from "../storage/file-store.ts";
import { signFileLink } from "../storage/signed-links.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import type { AppRouter } from "../trpc/router.ts";
import { shutDown } from "./shutdown.ts";

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The status of a GET on a fresh connection, or "refused" when nothing accepts it. */
function statusOf(url: string): Promise<number | "refused"> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    get({ host: hostname, port, path: pathname, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", () => resolve("refused"));
  });
}

describe("stopping an instance", () => {
  it("fails readiness, tells sockets to reconnect, answers the request in flight, lets the running job finish, then closes the database", async () => {
    // A file store whose read waits for the test: the download below stays in flight while the instance stops.
    const fileRead = deferred();
    const releaseFile = deferred();
    const slowFiles: FileStore = {
      ...localFileStore("/nonexistent-daywork-uploads"),
      async open() {
        fileRead.resolve();
        await releaseFile.promise;
        return { stream: Readable.from([Buffer.from("still here")]), size: 10 };
      },
    };
    const t = await createTestApp({ services: { files: slowFiles } });
    const events: string[] = [];
    try {
      const { http, ws } = await listen(t.app);

      // A background job running on this instance when it is told to stop.
      const jobStarted = deferred();
      const releaseJob = deferred();
      await t.services.queue.work({
        ...backgroundHandlers(t.db, t.services, t.config),
        "file-deletions": async () => {
          jobStarted.resolve();
          await releaseJob.promise;
          events.push("job finished");
        },
      });
      await t.services.queue.send(t.db, "file-deletions", {});
      await jobStarted.promise;

      // An open WebSocket.
      const socket = new WebSocket(ws, { headers: { origin: TEST_ORIGIN } });
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      const socketClosed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
      );

      // A request in flight.
      const { url } = signFileLink({ key: "chat-images/someone/1.png" }, t.config.authSecret);
      const inFlight = fetch(`${http}${url}`).then(async (res) => ({ status: res.status, body: await res.text() }));
      await fileRead.promise;

      const database = {
        async close() {
          events.push("database closed");
          await t.database.close();
        },
      };
      const stopping = shutDown({ app: t.app, services: t.services, database, delaySeconds: 0.5 });

      // During the delay: not ready, still alive and serving.
      expect(await statusOf(`${http}/api/ready`)).toBe(503);
      expect(await statusOf(`${http}/api/health`)).toBe(200);

      // Then the socket is told to reconnect, and nothing new is accepted.
      expect(await socketClosed).toEqual({ code: SERVICE_RESTART_CLOSE_CODE, reason: "server restarting" });
      await vi.waitFor(async () => expect(["refused", 503]).toContain(await statusOf(`${http}/api/health`)));

      // The request in flight still gets its whole answer.
      releaseFile.resolve();
      expect(await inFlight).toEqual({ status: 200, body: "still here" });

      // The job is still running: the database stays open until it has finished.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events).toEqual([]);
      releaseJob.resolve();
      await stopping;
      expect(events).toEqual(["job finished", "database closed"]);
    } finally {
      await rm(t.uploadDir, { recursive: true, force: true });
      await rm(t.mailDir, { recursive: true, force: true });
    }
  });
});

/** A `ws` WebSocket carrying the session cookie and our Origin, as the browser's does. */
function browserSocket(cookie: string): typeof globalThis.WebSocket {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie, origin: TEST_ORIGIN } });
    }
  } as unknown as typeof globalThis.WebSocket;
}

describe("a page's live feed when its instance stops", () => {
  let t: TestApp;
  let f: ChatFixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await chatFixture(t);
  });
  afterAll(async () => t.close());

  it("reconnects with the page's socket settings to an instance that runs, and resumes after the last message it had", async () => {
    // Two instances on one database and bus: the one the page is on stops, the other (t.app) goes on.
    const stopping = await buildApp({ config: t.config, db: t.db, auth: t.auth, services: t.services, logger: false });
    const first = await listen(stopping);
    const second = await listen(t.app);
    const reconnect = deferred();
    let stopped = false;
    const closeCodes: number[] = [];
    // As the SPA's client (src/trpc.ts): the same options, only the address and the cookie are the test's.
    const client = createWSClient({
      ...LIVE_SOCKET_OPTIONS,
      url: async () => {
        if (!stopped) return first.ws;
        // The load balancer sends the reconnect elsewhere; held until a message was sent meanwhile.
        await reconnect.promise;
        return second.ws;
      },
      WebSocket: browserSocket(f.accepted.cookie),
      onClose: (event) => closeCodes.push(event?.code ?? 0),
    });
    try {
      const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] });
      const received: ChatMessageView[] = [];
      let started = 0;
      trpc.chat.onMessage.subscribe(
        { conversationId: f.conversationId },
        { onStarted: () => (started += 1), onData: (envelope) => received.push(envelope.data) },
      );
      await vi.waitFor(() => expect(started).toBe(1));
      const send = async (content: string) =>
        (await t.callerAs(f.owner.id).chat.send({ conversationId: f.conversationId, content })).id;

      const before = await send("Before the restart");
      await vi.waitFor(() => expect(received.map((m) => m.id)).toEqual([before]));

      stopped = true;
      await stopping.close();
      await vi.waitFor(() => expect(closeCodes).toEqual([SERVICE_RESTART_CLOSE_CODE]));
      const meanwhile = await send("While the page was reconnecting");
      reconnect.resolve();
      await vi.waitFor(() => expect(received.map((m) => m.id)).toEqual([before, meanwhile]), { timeout: 10_000 });
      await vi.waitFor(() => expect(started).toBe(2));

      const after = await send("After the restart");
      await vi.waitFor(() => expect(received.map((m) => m.id)).toEqual([before, meanwhile, after]));
      expect(received.map((m) => m.content)).toEqual([
        "Before the restart",
        "While the page was reconnecting",
        "After the restart",
      ]);
    } finally {
      await client.close();
    }
  });
});
