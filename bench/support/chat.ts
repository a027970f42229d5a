// Chat fan-out as the benches drive it: people signed up over HTTP with session cookies, a group chat,
// N real tRPC WebSocket subscribers (wsLink, chat.onMessage) and the bookkeeping of each delivery.
import { performance } from "node:perf_hooks";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import superjson from "superjson";
import WebSocket from "ws";

import type { Database } from "../../db/database.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { LIMITS } from "../../domain/limits.ts";
import { completeOnboardingSchema } from "../../domain/profile.ts";
import { joinGroupChat } from "../../server/chat/group-membership.ts";
import { standingKey } from "../../server/privacy/standing-key.ts";
import { completeOnboarding } from "../../server/profiles/onboarding.ts";
import type { AppRouter } from "../../server/trpc/router.ts";
import { percentile } from "./load.ts";

export const CHAT_TEXT = "Meet at the north gate at 8:00, bring gloves and water. See you there!";
const DELIVERY_TIMEOUT_MS = 120_000;

/** Milliseconds on a clock every process on the machine shares (commit in a server, receipt in the bench). */
export const wallNow = () => performance.timeOrigin + performance.now();

/** People in the conversation: enough that each holds at most LIMITS.socketsPerPerson of the N sockets. */
export const peopleFor = (subscribers: number) => Math.max(10, Math.ceil(subscribers / LIMITS.socketsPerPerson));

/** Resolves when `done()` holds, polling; rejects after the timeout (every loop here is bounded). */
export async function until(done: () => boolean, what: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Figures of one phase: messages delivered to all per second, deliveries per second, commit-to-receipt latency. */
export type DeliveryStats = { deliveredRate: number; deliveriesPerSecond: number; p50: number; p99: number; lastP50: number };

/**
 * Delivery bookkeeping. Commit times (`sentAt`, wallNow() when chat.send published) and receipts may
 * arrive in any order (a server in another process reports its commits over IPC), so latencies are
 * computed when asked.
 */
export function deliveries(subscribers: number) {
  const sentAt = new Map<number, number>();
  const receipts = new Map<number, number[]>();
  return {
    sentAt,
    /** A receipt of message `id`, at `at` (wallNow() where it was received: here, or in a clients' process). */
    received(id: number, at = wallNow()) {
      const list = receipts.get(id);
      if (list) list.push(at);
      else receipts.set(id, [at]);
    },
    complete: (id: number) => (receipts.get(id)?.length ?? 0) >= subscribers,
    /** Every message whose commit is known has reached every subscriber. */
    allComplete: () => [...sentAt.keys()].every((id) => (receipts.get(id)?.length ?? 0) >= subscribers),
    /** Figures of the messages `ids`, whose phase started at `t0` (wallNow()). */
    stats(ids: number[], t0: number): DeliveryStats {
      const latencies: number[] = [];
      const lasts: number[] = [];
      let end = t0;
      for (const id of ids) {
        const start = sentAt.get(id) ?? Number.NaN;
        const times = receipts.get(id) ?? [];
        for (const at of times) latencies.push(at - start);
        const last = Math.max(...times);
        lasts.push(last - start);
        end = Math.max(end, last);
      }
      latencies.sort((a, b) => a - b);
      lasts.sort((a, b) => a - b);
      const seconds = (end - t0) / 1000;
      return {
        deliveredRate: ids.length / seconds,
        deliveriesPerSecond: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        lastP50: percentile(lasts, 50),
      };
    },
  };
}

export type BenchPerson = { id: string; cookie: string };

/**
 * Signs `count` people up over HTTP at `baseUrl` (round robin over several), each with a session cookie,
 * and finishes their onboarding with the same write the procedure makes (sending needs a member).
 */
export async function signUpPeople(
  db: Database,
  baseUrls: string[],
  origin: string,
  count: number,
  emailPrefix: string,
): Promise<BenchPerson[]> {
  const people: BenchPerson[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${baseUrls[i % baseUrls.length]}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({
        email: `${emailPrefix}${i}@example.com`,
        password: "secret123",
        name: `Bench Person ${i}`,
        ageConfirmed: true,
        consentDataProcessing: true,
        termsAccepted: true,
      }),
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const id = ((await res.json()) as { user: { id: string } }).user.id;
    await completeOnboarding(
      db,
      id,
      completeOnboardingSchema.parse({ userType: "worker", fullName: `Bench Person ${i}` }),
      new Date(),
      // No phone is given, so no deleted account's standing is looked up (docs/decisions/050).
      standingKey("bench"),
    );
    people.push({
      id,
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
  }
  return people;
}

/** A job of the first person's with everyone in its group chat; answers the conversation's id. */
export async function groupChat(db: Database, people: BenchPerson[]): Promise<string> {
  const [owner] = people;
  if (!owner) throw new Error("no owner");
  const job = await createJob(db, owner.id);
  return joinGroupChat(
    db,
    job.id,
    people.map((p) => p.id),
  );
}

/**
 * How a bench subscriber receives: "trpc" is the SPA's client (tRPC's wsLink and superjson: each frame
 * decoded into a message); "protocol" is a plain `ws` socket speaking tRPC's protocol, which parses each
 * frame's JSON and no more, as the bare baseline's clients do.
 */
export type SubscriberClient = "trpc" | "protocol";

type SubscribeOptions = {
  wsUrls: string[];
  origin: string;
  people: BenchPerson[];
  subscribers: number;
  conversationId: string;
  onMessage: (id: number) => void;
  client: SubscriberClient;
};

/**
 * `subscribers` WebSocket clients subscribed to the conversation, the i-th on `wsUrls[i % n]` as person
 * `i % people.length`, each delivery recorded with `onMessage(id)`. Resolves once every subscription has
 * started.
 */
export async function subscribe(options: SubscribeOptions) {
  const connect = options.client === "trpc" ? trpcSubscriber : protocolSubscriber;
  const closers: (() => unknown)[] = [];
  let started = 0;
  for (let i = 0; i < options.subscribers; i++) {
    const cookie = options.people[i % options.people.length]?.cookie ?? "";
    const url = options.wsUrls[i % options.wsUrls.length] ?? "";
    closers.push(connect(url, cookie, options, () => (started += 1)));
  }
  await until(() => started === options.subscribers, `${options.subscribers} subscriptions`);
  return { close: () => Promise.all(closers.map((close) => close())) };
}

function trpcSubscriber(url: string, cookie: string, options: SubscribeOptions, onStarted: () => void) {
  const ws = createWSClient({
    url,
    WebSocket: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        // The origin guard (server/http/origin-guard.ts) refuses upgrades without one of our origins.
        super(address, protocols, { headers: { cookie, origin: options.origin } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] });
  client.chat.onMessage.subscribe(
    { conversationId: options.conversationId },
    {
      onStarted,
      onData: (envelope) => options.onMessage(envelope.data.id),
      onError: (error) => console.error("subscription error", error.message),
    },
  );
  return () => ws.close();
}

function protocolSubscriber(url: string, cookie: string, options: SubscribeOptions, onStarted: () => void) {
  const socket = new WebSocket(url, { headers: { cookie, origin: options.origin } });
  const params = { path: "chat.onMessage", input: superjson.serialize({ conversationId: options.conversationId }) };
  socket.on("open", () => socket.send(JSON.stringify({ id: 1, method: "subscription", params })));
  socket.on("message", (data) => {
    const text = String(data);
    if (text === "PING") socket.send("PONG");
    if (text === "PING" || text === "PONG") return;
    const { result, error } = JSON.parse(text) as { result?: { type: string; id?: string }; error?: unknown };
    if (error) console.error("subscription error", text);
    else if (result?.type === "started") onStarted();
    else if (result?.type === "data") options.onMessage(Number(result.id));
  });
  return () => socket.close();
}

/**
 * `subscribers` plain `ws` clients of the bare broadcast at `url`, each receipt recorded with
 * `onMessage(id)` (the tRPC-shaped payload's `result.id`). Resolves once every one is open.
 */
export async function bareClients(url: string, subscribers: number, onMessage: (id: number) => void) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < subscribers; i++) {
    const socket = new WebSocket(url);
    socket.on("message", (data) => onMessage(Number((JSON.parse(String(data)) as { result: { id: string } }).result.id)));
    sockets.push(socket);
  }
  await until(() => sockets.every((s) => s.readyState === WebSocket.OPEN), `${subscribers} baseline connections`);
  return {
    close: async () => {
      for (const socket of sockets) socket.close();
    },
  };
}

/** chat.send over HTTP as `cookie`; answers the new message's id. */
export async function sendChatMessage(baseUrl: string, cookie: string, origin: string, conversationId: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/trpc/chat.send`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify({ json: { conversationId, content: CHAT_TEXT } }),
  });
  if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: { json: { id: number } } } }).result.data.json.id;
}
