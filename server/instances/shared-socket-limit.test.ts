// The per-person socket limit across two real instances on one Postgres database (docs/decisions/065):
// each instance its own pool, listening port and lease; a person's sockets count wherever they opened.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { liveSockets, socketInstances } from "../../db/schema/index.ts";
import { LIMITS } from "../../domain/limits.ts";
import { listen } from "../chat/chat-test-kit.ts";
import { TOO_MANY_SOCKETS_CLOSE_CODE } from "../session/live-sessions.ts";
import { signUpMember, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { startInstance, type Instance } from "./instance-kit.ts";

/** PGlite is one process's database: instances cannot share it. This file runs with TEST_DATABASE_URL. */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** A short lease, so that a dead instance's places come free within the test; beats well inside it. */
const PLACES = { beatMs: 250, leaseMs: 2500 };

type Opened = { socket: WebSocket; refusedWith: number | null };

describe.skipIf(!ON_POSTGRES)("one socket limit per person across instances (needs TEST_DATABASE_URL)", () => {
  let a: TestApp;
  let aWs: string;
  let b: Instance;
  let bStopped = false;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    a = await createTestApp({ socketPlaces: PLACES });
    aWs = (await listen(a.app)).ws;
    if (!a.database.url) throw new Error("needs a Postgres test database");
    b = await startInstance(a.config, { databaseUrl: a.database.url, socketPlaces: PLACES });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    if (!bStopped) await b?.stop();
    await a?.close();
  });

  /** A signed-in socket on `url`: open once the server answered its first call, else the code it was closed with. */
  function open(url: string, person: SignedUp): Promise<Opened> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { headers: { cookie: person.cookie, origin: TEST_ORIGIN } });
      sockets.push(socket);
      // The server decides at its first tRPC message (the context, with the person's place, is made then).
      socket.on("open", () =>
        socket.send(JSON.stringify({ id: 1, method: "query", params: { path: "profiles.me", input: { json: null } } })),
      );
      socket.once("message", () => resolve({ socket, refusedWith: null }));
      socket.on("close", (code) => resolve({ socket, refusedWith: code }));
    });
  }

  async function close(socket: WebSocket) {
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.close();
    await closed;
  }

  const placesHeld = async (person: SignedUp) => a.db.$count(liveSockets, eq(liveSockets.userId, person.id));

  /** Opens sockets until one is refused (at most `tries`): how many were let in, and the refusal's code. */
  async function fillOn(url: string, person: SignedUp, tries: number) {
    const admitted: WebSocket[] = [];
    for (let i = 0; i < tries; i += 1) {
      const opened = await open(url, person);
      if (opened.refusedWith !== null) return { admitted, refusedWith: opened.refusedWith };
      admitted.push(opened.socket);
    }
    return { admitted, refusedWith: null };
  }

  it(`lets a person hold ${LIMITS.socketsPerPerson} sockets across both instances, and refuses the next on either`, async () => {
    const person = await signUpMember(a);
    const half = LIMITS.socketsPerPerson / 2;
    const onA = await fillOn(aWs, person, half);
    const onB = await fillOn(b.ws, person, half);
    expect([onA.admitted.length, onB.admitted.length]).toEqual([half, half]);
    expect((await open(aWs, person)).refusedWith).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);
    expect((await open(b.ws, person)).refusedWith).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);
    expect(await placesHeld(person)).toBe(LIMITS.socketsPerPerson);
    // Someone else's places are their own.
    const other = await signUpMember(a);
    expect((await open(b.ws, other)).refusedWith).toBeNull();
    expect((await open(aWs, other)).refusedWith).toBeNull();

    // A socket closed on A frees a place that B then gives.
    const [first] = onA.admitted;
    if (!first) throw new Error("no socket");
    await close(first);
    await expect.poll(() => placesHeld(person)).toBe(LIMITS.socketsPerPerson - 1);
    expect((await open(b.ws, person)).refusedWith).toBeNull();
    expect((await open(aWs, person)).refusedWith).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);
  });

  it("holds under a burst: of 30 sockets opened at once on both instances, exactly the limit get in", async () => {
    const person = await signUpMember(a);
    const opened = await Promise.all(Array.from({ length: 30 }, (_, i) => open(i % 2 === 0 ? aWs : b.ws, person)));
    expect(opened.filter((o) => o.refusedWith === null)).toHaveLength(LIMITS.socketsPerPerson);
    expect(new Set(opened.filter((o) => o.refusedWith !== null).map((o) => o.refusedWith))).toEqual(
      new Set([TOO_MANY_SOCKETS_CLOSE_CODE]),
    );
    for (const o of opened) if (o.refusedWith === null) o.socket.terminate();
  });

  it("a killed instance's sockets hold their places until its lease runs out, then no longer", async () => {
    if (!a.database.url) throw new Error("needs a Postgres test database");
    const doomed = await startInstance(a.config, { databaseUrl: a.database.url, socketPlaces: PLACES });
    const person = await signUpMember(a);
    const held = await fillOn(doomed.ws, person, LIMITS.socketsPerPerson);
    expect(held.admitted).toHaveLength(LIMITS.socketsPerPerson);
    await doomed.kill();
    const killedAt = performance.now();
    // Its sockets are gone but nothing told the database: their places still count, for at most the lease.
    expect(await placesHeld(person)).toBe(LIMITS.socketsPerPerson);
    expect((await open(aWs, person)).refusedWith).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);

    await expect.poll(async () => (await open(b.ws, person)).refusedWith, { timeout: 10_000, interval: 200 }).toBeNull();
    expect(performance.now() - killedAt).toBeGreaterThanOrEqual(PLACES.leaseMs - 500);
    // The next beat of a live instance deleted the dead one's rows.
    await expect.poll(() => placesHeld(person), { timeout: 5_000 }).toBe(1);
  });

  it("an instance stopped cleanly gives its places back at once", async () => {
    const person = await signUpMember(a);
    const onA = await fillOn(aWs, person, 4);
    const onB = await fillOn(b.ws, person, LIMITS.socketsPerPerson - 4);
    expect([onA.admitted.length, onB.admitted.length]).toEqual([4, LIMITS.socketsPerPerson - 4]);
    bStopped = true;
    await b.stop();
    expect(await placesHeld(person)).toBe(4);
    expect(await a.db.$count(socketInstances)).toBe(1);
    expect((await fillOn(aWs, person, LIMITS.socketsPerPerson)).admitted).toHaveLength(LIMITS.socketsPerPerson - 4);
  });
});
