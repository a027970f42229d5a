import { EventEmitter } from "node:events";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";

import { session } from "../../db/schema/auth.ts";
import { ERR } from "../../domain/errors.ts";
import { chatTestbed, collectMessages, waitStarted, wsTrpc } from "../chat/chat-test-kit.ts";
import { cookieHeader, signUpMember, type SignedUp } from "../testing/accounts.ts";
import { TEST_ORIGIN } from "../testing/test-app.ts";
import { SESSION_ENDED_CLOSE_CODE, SESSION_SWEEP_MS, watchSessionSockets } from "./live-sessions.ts";
import { sharedSocketPlaces } from "./socket-places.ts";

const bed = chatTestbed();

/** POST to better-auth as our page would. */
function authPost(path: string, cookie: string | null, payload: object) {
  return bed.t.app.inject({
    method: "POST",
    url: `/api/auth/${path}`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** A second session of the same person (another device). */
async function signInAgain(person: SignedUp): Promise<string> {
  const res = await authPost("sign-in/email", null, { email: person.email, password: person.password });
  expect(res.statusCode).toBe(200);
  return cookieHeader(res.headers["set-cookie"]);
}

/** The fixture's accepted worker on a session of its own, so that ending it leaves the others alone. */
async function freshSession(): Promise<{ cookie: string }> {
  return { cookie: await signInAgain(bed.f.accepted) };
}

function trpcSocket(cookie: string) {
  const socket = wsTrpc(bed.wsUrl, cookie);
  bed.keep(socket);
  return socket;
}

/** A raw socket with this session; resolves its close code when the server closes it. */
async function watchedSocket(cookie: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(bed.wsUrl, { headers: { cookie, origin: TEST_ORIGIN } });
  bed.keep(socket);
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { closed };
}

/** Resolves the close code, or fails when the socket is still open after `ms`. */
async function closedWithin(closed: Promise<number>, ms: number): Promise<number> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms));
  return Promise.race([closed, timeout]);
}

/** What a call failed with when the socket closed under it (no answer, so no message key). */
const CLOSED = "closed";

/** The message key a call was refused with, CLOSED when the socket went first; undefined when it succeeded. */
async function refusedCode(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    return (error as { data?: { messageKey?: string } }).data?.messageKey ?? CLOSED;
  }
  return undefined;
}

const WITHIN = SESSION_SWEEP_MS * 2 + 500;

describe("a session that ends ends its sockets", () => {
  it("sign-out: the very next call over the old socket is refused, and the socket closes within a second", async () => {
    const { cookie } = await freshSession();
    const socket = trpcSocket(cookie);
    await expect(socket.client.profiles.me.query()).resolves.toMatchObject({ user: { id: bed.f.accepted.id } });
    const raw = await watchedSocket(cookie);

    expect((await authPost("sign-out", cookie, {})).statusCode).toBe(200);
    // Refused, or, when the sweep closes the socket while a call is under way, failed as closed: never answered.
    expect([ERR.unauthorized, CLOSED]).toContain(
      await refusedCode(socket.client.chat.send.mutate({ conversationId: bed.f.conversationId, content: "after sign-out" })),
    );
    expect([ERR.unauthorized, CLOSED]).toContain(await refusedCode(socket.client.privacy.export.mutate()));
    expect(await closedWithin(raw.closed, WITHIN)).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it("password change signing out other devices ends the other device's socket; this device carries on with its renewed session", async () => {
    const person = bed.f.owner;
    const thisDevice = await signInAgain(person);
    const otherDevice = await signInAgain(person);
    const other = await watchedSocket(otherDevice);
    const changed = await authPost("change-password", thisDevice, {
      currentPassword: person.password,
      newPassword: person.password,
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await closedWithin(other.closed, WITHIN)).toBe(SESSION_ENDED_CLOSE_CODE);
    // better-auth renews this device's session with the change; its page reconnects with the new cookie.
    const renewed = trpcSocket(cookieHeader(changed.headers["set-cookie"]));
    await expect(renewed.client.profiles.me.query()).resolves.toMatchObject({ user: { id: person.id } });
    const stale = trpcSocket(otherDevice);
    expect(await refusedCode(stale.client.privacy.export.mutate())).toBe(ERR.unauthorized);
  });

  it("a live subscription ends with the session: no message after sign-out reaches it", async () => {
    const { cookie } = await freshSession();
    const socket = trpcSocket(cookie);
    const feed = collectMessages(socket.client, { conversationId: bed.f.conversationId });
    await waitStarted(feed);
    await bed.f.as(bed.f.owner).chat.send({ conversationId: bed.f.conversationId, content: "before sign-out" });
    await expect.poll(() => feed.received.map((m) => m.content)).toContain("before sign-out");

    expect((await authPost("sign-out", cookie, {})).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, WITHIN));
    await bed.f.as(bed.f.owner).chat.send({ conversationId: bed.f.conversationId, content: "after sign-out" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(feed.received.map((m) => m.content)).not.toContain("after sign-out");
  });

  it("account deletion closes the person's sockets", async () => {
    const leaving = await signUpMember(bed.t);
    const raw = await watchedSocket(leaving.cookie);
    const caller = await bed.t.callerWithHeaders({ cookie: leaving.cookie });
    await expect(caller.privacy.deleteAccount()).resolves.toEqual({ deleted: true });
    expect(await closedWithin(raw.closed, WITHIN)).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe("the sweep", () => {
  it("leaves alone a socket that opened while a sweep was reading (its session was not asked about)", async () => {
    const [first, second] = [await signUpMember(bed.t), await signUpMember(bed.t)];
    const sessionOf = async (person: SignedUp) => {
      const [row] = await bed.t.db.select({ id: session.id }).from(session).where(eq(session.userId, person.id));
      if (!row) throw new Error("no session");
      return row.id;
    };
    const [firstSession, secondSession] = [await sessionOf(first), await sessionOf(second)];
    const fail = (error: unknown) => {
      throw error;
    };
    const places = sharedSocketPlaces(bed.t.db, fail);
    const sockets = watchSessionSockets(bed.t.db, places, fail);
    try {
      const earlier = new FakeSocket();
      await sockets.track(earlier as unknown as WebSocket, { id: first.id, sessionId: firstSession });
      const reading = sockets.sweep();
      const opened = new FakeSocket();
      await sockets.track(opened as unknown as WebSocket, { id: second.id, sessionId: secondSession });
      await reading;
      expect(opened.closedWith).toBeNull();
      expect(earlier.closedWith).toBeNull();

      await bed.t.db.delete(session).where(inArray(session.id, [firstSession, secondSession]));
      await sockets.sweep();
      expect([earlier.closedWith, opened.closedWith]).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    } finally {
      sockets.stop();
      await places.close();
    }
  });
});

/** Just what the sweep uses of a socket: `close` and the close event. */
class FakeSocket extends EventEmitter {
  closedWith: number | null = null;
  close(code: number) {
    this.closedWith = code;
    this.emit("close");
  }
}
