// The socket guard in front of tRPC's WebSocket handler (decision 054), on a small router of its own:
// frames within the limits, calls in flight bounded, a client that does not read paused, then dropped.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import { initTRPC } from "@trpc/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { z } from "zod";

import { guardedConnections, POLICY_VIOLATION_CLOSE_CODE, type SocketGuardLimits } from "./socket-guard.ts";

const BIG_BYTES = 256 * 1024;
const BIG = "x".repeat(BIG_BYTES);

const DEFAULTS: SocketGuardLimits = {
  callsPerFrame: 20,
  callsInFlight: 20,
  subscriptions: 40,
  pauseBytes: 1024 * 1024,
  dropBytes: 64 * 1024 * 1024,
  pingMs: 60_000,
  pongWaitMs: 60_000,
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function testRouter() {
  const state = { echoes: 0, bigs: 0, running: 0, most: 0, gate: deferred() };
  const t = initTRPC.create();
  const router = t.router({
    echo: t.procedure.input(z.unknown()).query(({ input }) => {
      state.echoes += 1;
      return input;
    }),
    big: t.procedure.query(() => {
      state.bigs += 1;
      return BIG;
    }),
    slow: t.procedure.query(async () => {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      await state.gate.promise;
      state.running -= 1;
      return "done";
    }),
    /** A feed pushing big events as fast as it can, read or not. */
    flood: t.procedure.subscription(async function* ({ signal }) {
      while (!signal?.aborted) {
        yield BIG;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
    held: t.procedure.subscription(async function* ({ signal }) {
      yield 1;
      await new Promise((resolve) => signal?.addEventListener("abort", resolve));
    }),
  });
  return { router, state };
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const wss of servers.splice(0)) {
    for (const client of wss.clients) client.terminate();
    await new Promise((resolve) => wss.close(resolve));
  }
});

/** A WebSocket server like the app's (one message per turn, 1 MB frames) with the guard in front of tRPC. */
async function guardedServer(limits: Partial<SocketGuardLimits> = {}) {
  const { router, state } = testRouter();
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", maxPayload: 1024 * 1024, allowSynchronousEvents: false });
  servers.push(wss);
  await once(wss, "listening");
  const onConnection = guardedConnections({ router, createContext: async () => ({}), wss }, { ...DEFAULTS, ...limits });
  const connections: WebSocket[] = [];
  wss.on("connection", (socket, req) => {
    connections.push(socket);
    onConnection(socket, req);
  });
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  return { url, state, connections, router };
}

/** A bare client speaking tRPC's wire format; `answers` are the parsed frames it read. */
async function rawClient(url: string) {
  const socket = new WebSocket(url);
  const answers: { id: number | null; result?: { type: string }; error?: unknown }[] = [];
  socket.on("message", (data: Buffer) => answers.push(JSON.parse(data.toString()) as (typeof answers)[number]));
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  await once(socket, "open");
  return { socket, answers, closed };
}

function call(id: number, path: string, method = "query", input?: unknown) {
  return { id, method, params: { path, input } };
}

describe("frames within a batch's limit", () => {
  it("closes a socket whose frame holds more calls than a batch (1008), running none of them", async () => {
    const server = await guardedServer();
    const client = await rawClient(server.url);
    const frame = Array.from({ length: 5000 }, (_, i) => call(i + 1, "echo", "query", i));
    client.socket.send(JSON.stringify(frame));
    expect(await client.closed).toBe(POLICY_VIOLATION_CLOSE_CODE);
    expect(server.state.echoes).toBe(0);
    expect(client.answers).toEqual([]);
  });

  it("answers a frame of a batch's size whole", async () => {
    const server = await guardedServer();
    const client = await rawClient(server.url);
    client.socket.send(JSON.stringify(Array.from({ length: 20 }, (_, i) => call(i + 1, "echo", "query", i))));
    await vi.waitFor(() => expect(client.answers).toHaveLength(20));
    expect(client.answers.map((a) => a.id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("closes a socket that sends what is no tRPC request or reuses a request id in flight", async () => {
    const server = await guardedServer();
    const junk = await rawClient(server.url);
    junk.socket.send(JSON.stringify([call(1, "echo"), { id: null, method: "query", params: { path: "echo" } }]));
    expect(await junk.closed).toBe(POLICY_VIOLATION_CLOSE_CODE);
    const twice = await rawClient(server.url);
    twice.socket.send(JSON.stringify([call(1, "slow"), call(1, "slow")]));
    expect(await twice.closed).toBe(POLICY_VIOLATION_CLOSE_CODE);
    expect(server.state.running).toBe(0);
  });

  it("still answers what tRPC answers with an error: text that is not JSON, a ping", async () => {
    const server = await guardedServer();
    const client = new WebSocket(server.url);
    const texts: string[] = [];
    client.on("message", (data: Buffer) => texts.push(data.toString()));
    await once(client, "open");
    client.send("{not json");
    client.send("PING");
    client.send(JSON.stringify(call(1, "echo", "query", "after")));
    await vi.waitFor(() => expect(texts).toHaveLength(3));
    expect(texts[0]).toContain("PARSE_ERROR");
    expect(texts[1]).toBe("PONG");
    expect(texts[2]).toContain('"after"');
    client.close();
  });
});

describe("calls and subscriptions in flight on one socket", () => {
  it("runs at most `callsInFlight` calls at once; the others wait their turn and are all answered", async () => {
    const server = await guardedServer({ callsInFlight: 4 });
    const client = await rawClient(server.url);
    for (let id = 1; id <= 30; id += 1) client.socket.send(JSON.stringify(call(id, "slow")));
    await vi.waitFor(() => expect(server.state.running).toBe(4));
    // More time for the rest to be started, were they not held back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.state.most).toBe(4);
    server.state.gate.resolve();
    await vi.waitFor(() => expect(client.answers).toHaveLength(30));
    expect(server.state.most).toBe(4);
  });

  it("closes a socket that would hold more subscriptions than `subscriptions`; an ended one frees its place", async () => {
    const server = await guardedServer({ subscriptions: 3 });
    const client = await rawClient(server.url);
    const started = () => client.answers.filter((a) => a.result?.type === "started").length;
    for (let id = 1; id <= 3; id += 1) client.socket.send(JSON.stringify(call(id, "held", "subscription")));
    await vi.waitFor(() => expect(started()).toBe(3));
    client.socket.send(JSON.stringify({ id: 1, method: "subscription.stop" }));
    await vi.waitFor(() => expect(client.answers.some((a) => a.id === 1 && a.result?.type === "stopped")).toBe(true));
    client.socket.send(JSON.stringify(call(4, "held", "subscription")));
    await vi.waitFor(() => expect(started()).toBe(4));
    client.socket.send(JSON.stringify(call(5, "held", "subscription")));
    expect(await client.closed).toBe(POLICY_VIOLATION_CLOSE_CODE);
  });

  it("serves tRPC's own client: queries, and a subscription started and stopped, across pings", async () => {
    // Node's WebSocket (undici) answers pings by itself, as browsers do.
    const server = await guardedServer({ pingMs: 50, pongWaitMs: 100 });
    let opened = 0;
    const wsClient = createWSClient({ url: server.url, onOpen: () => (opened += 1) });
    const client = createTRPCClient<typeof server.router>({ links: [wsLink({ client: wsClient })] });
    try {
      expect(await client.echo.query({ hello: "world" })).toEqual({ hello: "world" });
      const values: number[] = [];
      const sub = client.held.subscribe(undefined, { onData: (value) => values.push(value) });
      await vi.waitFor(() => expect(values).toEqual([1]));
      // Several pings later: still the first connection.
      await new Promise((resolve) => setTimeout(resolve, 400));
      sub.unsubscribe();
      expect(await Promise.all([1, 2, 3].map((n) => client.echo.query(n)))).toEqual([1, 2, 3]);
      expect(opened).toBe(1);
    } finally {
      await wsClient.close();
    }
  });
});

describe("a client that does not read", () => {
  /** The server's side of the only connection, sampled every few milliseconds until it closes. */
  function watchServerSide(socket: WebSocket) {
    const seen = { mostUnsent: 0, paused: false, closed: false };
    const timer = setInterval(() => {
      seen.mostUnsent = Math.max(seen.mostUnsent, socket.bufferedAmount);
      seen.paused ||= socket.isPaused;
    }, 2);
    socket.once("close", () => {
      seen.closed = true;
      clearInterval(timer);
    });
    return seen;
  }

  it("is no longer read while its answers wait unsent, keeps the backlog bounded, and is read again once it reads", async () => {
    const limits = { callsInFlight: 4, pauseBytes: 64 * 1024 };
    const server = await guardedServer(limits);
    const client = await rawClient(server.url);
    const serverSide = server.connections[0];
    if (!serverSide) throw new Error("no connection");
    const seen = watchServerSide(serverSide);
    client.socket.pause();
    const calls = 200;
    for (let id = 1; id <= calls; id += 1) client.socket.send(JSON.stringify(call(id, "big")));
    await vi.waitFor(() => expect(seen.paused).toBe(true), { timeout: 10_000 });
    const ranWhilePaused = server.state.bigs;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing more was run while the client did not read: what had run waits (kernel buffers took the rest).
    expect(server.state.bigs).toBe(ranWhilePaused);
    expect(server.state.bigs).toBeLessThan(calls);
    expect(seen.mostUnsent).toBeLessThanOrEqual(limits.pauseBytes + (limits.callsInFlight + 1) * (BIG_BYTES + 100));
    client.socket.resume();
    await vi.waitFor(() => expect(client.answers).toHaveLength(calls), { timeout: 20_000 });
    expect(seen.closed).toBe(false);
  });

  it("is dropped when its backlog passes `dropBytes` (a feed pushing what it does not read)", async () => {
    const limits = { pauseBytes: 64 * 1024, dropBytes: 1024 * 1024 };
    const server = await guardedServer(limits);
    const client = await rawClient(server.url);
    const serverSide = server.connections[0];
    if (!serverSide) throw new Error("no connection");
    const seen = watchServerSide(serverSide);
    client.socket.pause();
    client.socket.send(JSON.stringify(call(1, "flood", "subscription")));
    await vi.waitFor(() => expect(seen.closed).toBe(true), { timeout: 10_000 });
    expect(seen.mostUnsent).toBeLessThanOrEqual(limits.dropBytes + BIG_BYTES + 100);
  });

  it("is dropped when it misses a pong, however much it sends; a reading client is kept", async () => {
    const server = await guardedServer({ pingMs: 100, pongWaitMs: 150 });
    const reader = await rawClient(server.url);
    const silent = await rawClient(server.url);
    const [readerSide, silentSide] = server.connections;
    if (!readerSide || !silentSide) throw new Error("no connections");
    const silentSeen = watchServerSide(silentSide);
    silent.socket.pause();
    // Small calls, a few a millisecond apart: nothing near the byte marks, only the missing pongs tell.
    let id = 0;
    const sending = setInterval(() => silent.socket.send(JSON.stringify(call((id += 1), "echo", "query", id))), 5);
    try {
      await vi.waitFor(() => expect(silentSeen.closed).toBe(true), { timeout: 10_000 });
      expect(silentSeen.mostUnsent).toBeLessThan(64 * 1024);
    } finally {
      clearInterval(sending);
    }
    // The reader answered every ping meanwhile (ws answers them by itself) and is still served.
    expect(readerSide.readyState).toBe(WebSocket.OPEN);
    reader.socket.send(JSON.stringify(call(1, "echo", "query", "still here")));
    await vi.waitFor(() => expect(reader.answers).toHaveLength(1));
  });
});
