// Helpers shared by the chat tests: a job with people in every role, a real tRPC WebSocket client
// carrying a session cookie, and multipart image uploads.
import type { AddressInfo } from "node:net";
import { createTRPCClient, createWSClient, wsLink, type TRPCClientError } from "@trpc/client";
import type { FastifyInstance } from "fastify";
import superjson from "superjson";
import { afterAll, beforeAll, vi } from "vitest";
import WebSocket from "ws";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { signUpMember, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestAppOptions } from "../testing/test-app.ts";
import type { AppRouter } from "../trpc/router.ts";
import { joinGroupChat } from "./group-membership.ts";
import type { ChatMessageView } from "./message-view.ts";

/** Tiny real images: each is recognised by its magic bytes. */
export const IMAGES = {
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  gif: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
  webp: Buffer.from("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA", "base64"),
  jpg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
    0xd9,
  ]),
};

export type ChatFixture = Awaited<ReturnType<typeof chatFixture>>;

/**
 * A job whose owner accepted one worker (both in the group chat, as accept leaves them), with a pending
 * and a rejected applicant and a stranger; everyone signed up over HTTP and onboarded, so each has a
 * session cookie.
 */
export async function chatFixture(t: TestApp) {
  const owner = await signUpMember(t, { name: "Olga Owner", userType: "employer" });
  const accepted = await signUpMember(t, { name: "Anton Accepted" });
  const pending = await signUpMember(t, { name: "Pavel Pending" });
  const rejected = await signUpMember(t, { name: "Roza Rejected" });
  const stranger = await signUpMember(t, { name: "Stas Stranger" });
  const job = await createJob(t.db, owner.id, { title: "Garden cleanup" });
  await createApplication(t.db, job.id, accepted.id, { status: "accepted" });
  await createApplication(t.db, job.id, pending.id);
  await createApplication(t.db, job.id, rejected.id, { status: "rejected" });
  const conversationId = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [owner.id, accepted.id]));
  const as = (person: SignedUp | null) => t.callerAs(person?.id ?? null);
  return { owner, accepted, pending, rejected, stranger, job, conversationId, as };
}

/**
 * A test file's app on a fresh database with the chat fixture, listening on loopback for sockets;
 * registers its own beforeAll/afterAll. Sockets passed to `keep` are closed before the app.
 */
export function chatTestbed(options?: TestAppOptions) {
  const sockets: { close(): void }[] = [];
  const bed = {
    t: undefined as unknown as TestApp,
    f: undefined as unknown as ChatFixture,
    wsUrl: "",
    keep<S extends { close(): void }>(socket: S): S {
      sockets.push(socket);
      return socket;
    },
  };
  beforeAll(async () => {
    bed.t = await createTestApp(options);
    bed.f = await chatFixture(bed.t);
    bed.wsUrl = (await listen(bed.t.app)).ws;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await bed.t.close();
  });
  return bed;
}

/** Starts the app on a random loopback port; returns its http and ws base URLs. */
export async function listen(app: FastifyInstance): Promise<{ http: string; ws: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/api/trpc` };
}

/** A `ws` WebSocket that sends the session cookie and our page's Origin on the upgrade request, as a browser does. */
function cookieWebSocket(cookie: string | null, origin: string): typeof globalThis.WebSocket {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: cookie ? { cookie, origin } : { origin } });
    }
  } as unknown as typeof globalThis.WebSocket;
}

/**
 * A tRPC client over one real WebSocket. `url` may be a function (it is asked on every reconnect:
 * tests hold a reconnect back with it). Reconnects quickly.
 */
export function wsTrpc(url: string | (() => Promise<string>), cookie: string | null, origin = TEST_ORIGIN) {
  let opened = 0;
  const socket = createWSClient({
    url,
    WebSocket: cookieWebSocket(cookie, origin),
    retryDelayMs: () => 20,
    onOpen: () => (opened += 1),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket, transformer: superjson })] });
  return { client, socket, close: () => socket.close(), timesOpened: () => opened };
}

/** Subscribes to a conversation and records what arrives. */
export function collectMessages(
  client: ReturnType<typeof wsTrpc>["client"],
  input: { conversationId: string; lastEventId?: string | null },
) {
  const received: ChatMessageView[] = [];
  const errors: TRPCClientError<AppRouter>[] = [];
  let started = false;
  const subscription = client.chat.onMessage.subscribe(input, {
    onStarted: () => {
      started = true;
    },
    onData: (envelope) => received.push(envelope.data),
    onError: (error) => errors.push(error),
  });
  return {
    received,
    errors,
    get started() {
      return started;
    },
    ids: () => received.map((m) => m.id),
    unsubscribe: () => subscription.unsubscribe(),
    /** Waits until `count` messages have arrived (or fails after the timeout). */
    async waitFor(count: number, timeout = 10_000) {
      await vi.waitFor(
        () => {
          if (errors.length) throw new Error(`subscription failed: ${errors[0]?.message}`);
          if (received.length < count) throw new Error(`received ${received.length} of ${count}`);
        },
        { timeout, interval: 10 },
      );
    },
    /** Waits until the subscription has been refused or ended with an error. */
    async waitForError(timeout = 10_000) {
      await vi.waitFor(
        () => {
          if (!errors.length) throw new Error("no error yet");
        },
        { timeout, interval: 10 },
      );
      return errors[0];
    },
  };
}

/** The server's tRPC subscription is running (its "started" reply arrived). */
export async function waitStarted(sub: { started: boolean }, timeout = 10_000) {
  await vi.waitFor(
    () => {
      if (!sub.started) throw new Error("not started");
    },
    { timeout, interval: 10 },
  );
}

/** POST /api/chat/images through app.inject with a real multipart body. */
export async function uploadImage(
  t: Pick<TestApp, "app">,
  options: {
    cookie?: string | null;
    conversationId?: string | null;
    file?: { data: Buffer; name: string; type: string } | null;
    headers?: Record<string, string>;
  },
) {
  const form = new FormData();
  if (options.conversationId) form.append("conversationId", options.conversationId);
  if (options.file)
    form.append("image", new Blob([new Uint8Array(options.file.data)], { type: options.file.type }), options.file.name);
  const response = await postImageForm(t, form, { cookie: options.cookie, headers: options.headers });
  return {
    status: response.statusCode,
    body: response.json() as { imageKey?: string; code?: string; messageKey?: string; message?: string },
  };
}

/** POST /api/chat/images with any multipart form, from our origin unless told otherwise. */
export async function postImageForm(
  t: Pick<TestApp, "app">,
  form: FormData,
  options: { cookie?: string | null; origin?: string; headers?: Record<string, string> | undefined } = {},
) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return t.app.inject({
    method: "POST",
    url: "/api/chat/images",
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      "content-type": request.headers.get("content-type") ?? "",
      origin: options.origin ?? TEST_ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}
