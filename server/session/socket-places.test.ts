import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWorker } from "../../db/factories/users.ts";
import { liveSockets, socketInstances } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { renewInstanceLease, sharedSocketPlaces, takeSocketPlace, type SocketPlaces } from "./socket-places.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fail = (error: unknown) => {
  throw error;
};

/** Places of a limit of 2 whose timer never beats during the test: each beat is the test's. */
function twoPlaces(): SocketPlaces {
  return sharedSocketPlaces(t.db, fail, { limit: 2, beatMs: 600_000, leaseMs: 600_000 });
}

const rowsOf = (userId: string) => t.db.$count(liveSockets, eq(liveSockets.userId, userId));

describe("socket places", () => {
  it("gives a person `limit` places, takes a released one back, and ends with the instance's lease", async () => {
    const places = twoPlaces();
    const person = await createWorker(t.db);
    const first = await places.take(person.id);
    expect(await places.take(person.id)).not.toBeNull();
    expect(await places.take(person.id)).toBeNull();
    expect(await rowsOf(person.id)).toBe(2);

    first?.release();
    await expect.poll(() => rowsOf(person.id)).toBe(1);
    expect(await places.take(person.id)).not.toBeNull();

    await places.close();
    expect(await rowsOf(person.id)).toBe(0);
    expect(await t.db.$count(socketInstances, eq(socketInstances.id, places.instanceId))).toBe(0);
  });

  it("a lease cleared by another instance (this one stalled past it) is renewed with its places written again", async () => {
    const places = twoPlaces();
    try {
      const person = await createWorker(t.db);
      await places.take(person.id);
      await places.take(person.id);
      // What a live instance's beat does to a lease that ran out: its sockets' rows go with it.
      await t.db.delete(socketInstances).where(eq(socketInstances.id, places.instanceId));
      expect(await rowsOf(person.id)).toBe(0);

      // The next socket finds the lease gone: the instance renews it, writes its places again, and counts them.
      expect(await places.take(person.id)).toBeNull();
      expect(await rowsOf(person.id)).toBe(2);

      await t.db.delete(socketInstances).where(eq(socketInstances.id, places.instanceId));
      await places.beat();
      expect(await rowsOf(person.id)).toBe(2);
    } finally {
      await places.close();
    }
  });

  it("another instance's places count until its lease runs out, then no more, and the next beat clears them", async () => {
    const here = twoPlaces();
    try {
      const person = await createWorker(t.db);
      // An instance that took a place and then died: its lease is never renewed.
      const dead = randomUUID();
      await renewInstanceLease(t.db, dead, 500);
      expect(await takeSocketPlace(t.db, { socketId: randomUUID(), userId: person.id, instanceId: dead, limit: 2 })).toBe(true);
      expect(await here.take(person.id)).not.toBeNull();
      expect(await here.take(person.id)).toBeNull();

      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await here.take(person.id)).not.toBeNull();
      expect(await rowsOf(person.id)).toBe(3);
      await here.beat();
      expect(await t.db.$count(socketInstances, eq(socketInstances.id, dead))).toBe(0);
      expect(await rowsOf(person.id)).toBe(2);
    } finally {
      await here.close();
    }
  });
});
