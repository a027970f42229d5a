import { once } from "node:events";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";

import { RATE_LIMITS } from "../../domain/limits.ts";
import type { ChatEventBus } from "../realtime/chat-bus.ts";
import { createInProcessChatBus } from "../realtime/in-process-chat-bus.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import type { Outlet } from "../trpc/subscription-outlet.ts";
import { chatFixture, collectMessages, listen, waitStarted, wsTrpc, type ChatFixture } from "./chat-test-kit.ts";
import { liveMessages } from "./live-messages.ts";

let t: TestApp;
let f: ChatFixture;
let wsUrl: string;
const sockets: { close(): void }[] = [];

beforeAll(async () => {
  // These tests send hundreds of messages a minute on purpose.
  t = await createTestApp({ services: { rateLimits: { ...RATE_LIMITS, chatMessage: { limit: 10_000, windowSeconds: 60 } } } });
  f = await chatFixture(t);
  wsUrl = (await listen(t.app)).ws;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function socketFor(url: string | (() => Promise<string>), cookie: string) {
  const socket = wsTrpc(url, cookie);
  sockets.push(socket);
  return socket;
}

async function send(content: string, who = f.owner) {
  return f.as(who).chat.send({ conversationId: f.conversationId, content });
}

/** The accepted worker's feed of the conversation after message `after`, handing frames to `outlet`; stopped by `abort`. */
function feedAfter(after: number, outlet: Parameters<typeof liveMessages>[2]["outlet"]) {
  const abort = new AbortController();
  const stream = liveMessages(t.db, t.services, {
    conversationId: f.conversationId,
    userId: f.accepted.id,
    after,
    outlet,
    signal: abort.signal,
  });
  return { stream, abort };
}

/** A bare `ws` client speaking tRPC's WebSocket protocol, keeping the reply frames exactly as they arrive. */
async function rawSubscriber(cookie: string, input: { conversationId: string; lastEventId?: string }) {
  const socket = new WebSocket(wsUrl, { headers: { cookie, origin: TEST_ORIGIN } });
  sockets.push(socket);
  const frames: string[] = [];
  socket.on("message", (data: Buffer) => {
    const text = data.toString("utf8");
    if (text.startsWith("{")) frames.push(text);
  });
  await once(socket, "open");
  const params = { path: "chat.onMessage", input: superjson.serialize(input) };
  socket.send(JSON.stringify({ id: 1, jsonrpc: "2.0", method: "subscription", params }));
  const ofType = (type: string) =>
    frames.filter((frame) => (JSON.parse(frame) as { result?: { type?: string } }).result?.type === type);
  await vi.waitFor(() => expect(ofType("started")).toHaveLength(1), { timeout: 10_000, interval: 10 });
  return { data: () => ofType("data") };
}

describe("chat.onMessage over a real WebSocket", () => {
  it("streams new messages with sender name and initials, starting after the subscription", async () => {
    await send("before subscribing");
    const { client } = socketFor(wsUrl, f.accepted.cookie);
    const sub = collectMessages(client, { conversationId: f.conversationId });
    await waitStarted(sub);
    const sent = await send("hello team");
    await sub.waitFor(1);
    expect(sub.received).toEqual([
      expect.objectContaining({
        id: sent.id,
        content: "hello team",
        senderName: "Olga Owner",
        senderInitials: "OO",
        imageUrl: null,
      }),
    ]);
    expect(sub.received[0]?.createdAt).toBeInstanceOf(Date);
    sub.unsubscribe();
  });

  it("resumes after the connection drops: exactly the messages sent while away, in order, no duplicates", async () => {
    // Every (re)connect waits for `gate`, so the test decides when the client may come back.
    let gate: Promise<void> = Promise.resolve();
    let open = () => {};
    const { client, timesOpened } = socketFor(async () => {
      await gate;
      return wsUrl;
    }, f.accepted.cookie);
    const sub = collectMessages(client, { conversationId: f.conversationId });
    await waitStarted(sub);
    const first = [await send("one"), await send("two")];
    await sub.waitFor(2);

    gate = new Promise((resolve) => {
      open = resolve;
    });
    const serverSockets = [...t.app.websocketServer.clients];
    expect(serverSockets.length).toBeGreaterThan(0);
    expect(timesOpened()).toBe(1);
    for (const socket of serverSockets) socket.terminate();
    const away = [await send("three", f.accepted), await send("four"), await send("five")];
    open();
    await sub.waitFor(5);
    expect(timesOpened()).toBe(2);
    const last = await send("six");
    await sub.waitFor(6);

    expect(sub.ids()).toEqual([...first, ...away, last].map((m) => m.id));
    expect(sub.received.map((m) => m.content)).toEqual(["one", "two", "three", "four", "five", "six"]);
    expect(sub.errors).toEqual([]);
    sub.unsubscribe();
  });

  it("a new socket subscribing with lastEventId gets the missed messages first, then live ones", async () => {
    const seen = await send("seen before leaving");
    const missed = [await send("missed 1"), await send("missed 2"), await send("missed 3")];
    const { client } = socketFor(wsUrl, f.owner.cookie);
    const sub = collectMessages(client, { conversationId: f.conversationId, lastEventId: String(seen.id) });
    await sub.waitFor(3);
    const live = await send("live after resume", f.accepted);
    await sub.waitFor(4);
    expect(sub.ids()).toEqual([...missed, live].map((m) => m.id));
    sub.unsubscribe();
  });

  it("catches up over several pages when far behind", async () => {
    const mark = await send("mark");
    const expected: number[] = [];
    for (let i = 0; i < 230; i++) expected.push((await send(`backlog ${i}`)).id);
    const { client } = socketFor(wsUrl, f.accepted.cookie);
    const sub = collectMessages(client, { conversationId: f.conversationId, lastEventId: String(mark.id) });
    await sub.waitFor(230);
    expect(sub.ids()).toEqual(expected);
    sub.unsubscribe();
  });

  it("delivers concurrent sends from several people to every subscriber in id order, none lost or repeated", async () => {
    const a = collectMessages(socketFor(wsUrl, f.owner.cookie).client, { conversationId: f.conversationId });
    const b = collectMessages(socketFor(wsUrl, f.accepted.cookie).client, { conversationId: f.conversationId });
    await Promise.all([waitStarted(a), waitStarted(b)]);
    const senders = [f.owner, f.accepted];
    const sent = await Promise.all(Array.from({ length: 40 }, (_, i) => send(`burst ${i}`, senders[i % 2])));
    const ids = sent.map((m) => m.id).sort((x, y) => x - y);
    await a.waitFor(40);
    await b.waitFor(40);
    expect(a.ids()).toEqual(ids);
    expect(b.ids()).toEqual(ids);
    const history = await f.as(f.owner).chat.history({ conversationId: f.conversationId, limit: 40 });
    expect(history.messages.map((m) => m.id)).toEqual(ids);
    const times = history.messages.map((m) => m.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    a.unsubscribe();
    b.unsubscribe();
  });
});

describe("the wire format", () => {
  it("sends every subscriber the same frame for a message: superjson's serialisation of it, shared or read alone", async () => {
    const before = await send("before the shared one");
    const live = [await rawSubscriber(f.owner.cookie, { conversationId: f.conversationId })];
    live.push(await rawSubscriber(f.accepted.cookie, { conversationId: f.conversationId }));
    const sent = await send("the same for everyone");
    for (const sub of live) await vi.waitFor(() => expect(sub.data()).toHaveLength(1), { timeout: 10_000, interval: 10 });
    // Resuming from before it: read by this subscriber alone, not handed over by the feed.
    const resumed = await rawSubscriber(f.owner.cookie, { conversationId: f.conversationId, lastEventId: String(before.id) });
    await vi.waitFor(() => expect(resumed.data()).toHaveLength(1), { timeout: 10_000, interval: 10 });

    const [view] = (await f.as(f.owner).chat.history({ conversationId: f.conversationId, limit: 1 })).messages;
    expect(view?.id).toBe(sent.id);
    const id = String(sent.id);
    // As tRPC's WebSocket handler writes a `tracked(id, data)` with superjson as the transformer.
    const expected = JSON.stringify({
      id: 1,
      jsonrpc: "2.0",
      result: { type: "data", data: superjson.serialize({ id, data: view }), id },
    });
    for (const sub of [...live, resumed]) expect(sub.data()).toEqual([expected]);
  });
});

describe("a slow reader", () => {
  it("gets every message in order after falling far behind the live feed", async () => {
    const mark = await send("mark");
    const { stream, abort } = feedAfter(mark.id, null);
    // Live and holding the first message unread while 650 more arrive: far more than the feed queues.
    const firstRead = stream.next();
    const sent = [(await send("first")).id];
    const first = await firstRead;
    for (let i = 0; i < 650; i++) sent.push((await send(`flood ${i}`)).id);
    const got = first.done ? [] : [first.value[1].id];
    while (got.length < sent.length) {
      const next = await stream.next();
      if (next.done) break;
      got.push(next.value[1].id);
    }
    abort.abort();
    await stream.return(undefined);
    expect(got).toEqual(sent);
  });
});

describe("a fed subscriber whose socket falls behind", () => {
  it("reads for itself from the message its outlet refuses: every message once, in order", async () => {
    const mark = await send("mark");
    // What reached the client, and how: "f" a frame the feed wrote to the outlet, "y" a row the stream yielded.
    const log: [kind: "f" | "y", id: number][] = [];
    let room = 3;
    const outlet: Outlet = {
      send(tail) {
        if (room === 0) return false;
        room -= 1;
        log.push(["f", Number((JSON.parse(`{"id":1${tail}`) as { result: { id: string } }).result.id)]);
        return true;
      },
    };
    const { stream, abort } = feedAfter(mark.id, outlet);
    const reading = (async () => {
      for await (const message of stream) log.push(["y", message[1].id]);
    })();
    const sent: number[] = [];
    for (let i = 0; i < 8; i++) {
      sent.push((await send(`message ${i}`)).id);
      await vi.waitFor(() => expect(log).toHaveLength(sent.length), { timeout: 10_000, interval: 5 });
    }
    abort.abort();
    await reading;
    expect(log.map(([, id]) => id)).toEqual(sent);
    // Perhaps one read while it caught up, then three frames, then the refused one and the rest read.
    expect(log.map(([kind]) => kind).join("")).toMatch(/^y?fffy+$/);
  });
});

describe("subscription lifetime", () => {
  it("ends when its client stops while it is still reading, rather than wait for a message", async () => {
    const mark = await send("mark");
    const { stream, abort } = feedAfter(mark.id, { send: () => true });
    // The first step starts the read (the membership check); the stop arrives before it answers.
    const step = stream.next();
    abort.abort();
    const ended = await Promise.race([step, new Promise((resolve) => setTimeout(() => resolve("still waiting"), 3000))]);
    expect(ended).toEqual({ done: true, value: undefined });
  });

  it("one feed (one bus subscription) serves all subscribers of a conversation and is released when the last leaves", async () => {
    const inner = createInProcessChatBus();
    let listening = 0;
    const counting: ChatEventBus = {
      publish: (c, id) => inner.publish(c, id),
      subscribe(c, listener) {
        listening += 1;
        const stop = inner.subscribe(c, listener);
        return () => {
          listening -= 1;
          stop();
        };
      },
      close: () => inner.close(),
    };
    const app = await createTestApp({ services: { chatBus: counting } });
    try {
      const g = await chatFixture(app);
      const url = (await listen(app.app)).ws;
      const subs = [g.owner, g.accepted, g.owner].map((who) =>
        collectMessages(socketFor(url, who.cookie).client, { conversationId: g.conversationId }),
      );
      for (const sub of subs) await waitStarted(sub);
      expect(listening).toBe(1);
      await g.as(g.owner).chat.send({ conversationId: g.conversationId, content: "to all three" });
      for (const sub of subs) await sub.waitFor(1);
      for (const sub of subs) sub.unsubscribe();
      await vi.waitFor(() => expect(listening).toBe(0), { timeout: 10_000, interval: 10 });
    } finally {
      await app.close();
    }
  });
});
