import { afterAll, beforeAll, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { conversationParticipants, conversations } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { joinGroupChat } from "./group-membership.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("creates one group chat per job and adds each person once", async () => {
  const owner = await createEmployer(t.db);
  const [a, b] = [await createWorker(t.db), await createWorker(t.db)];
  const job = await createJob(t.db, owner.id);
  const first = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [owner.id, a.id]));
  const second = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [owner.id, b.id]));
  expect(second).toBe(first);
  expect(await t.db.$count(conversations)).toBe(1);
  const members = await t.db.select().from(conversationParticipants);
  expect(members.map((m) => m.userId).sort()).toEqual([owner.id, a.id, b.id].sort());
});
