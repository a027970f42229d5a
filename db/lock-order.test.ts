import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWorker } from "./factories/users.ts";
import { lockPeopleFirst } from "./lock-order.ts";
import { openTestDatabase, type TestDatabase } from "./testing/test-database.ts";

describe("locking people first", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it("answers true when every person named exists, however often and in whatever order they are named", async () => {
    const [a, b] = [await createWorker(database.db), await createWorker(database.db)];
    const locked = await database.db.transaction((tx) => lockPeopleFirst(tx, [b.id, a.id, b.id]));
    expect(locked).toBe(true);
  });

  it("answers false when one of them no longer exists", async () => {
    const a = await createWorker(database.db);
    const locked = await database.db.transaction((tx) => lockPeopleFirst(tx, [a.id, "gone-person"]));
    expect(locked).toBe(false);
  });
});
