import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { ERR } from "../../domain/errors.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { callHttp, validJobInput } from "../jobs/job-test-kit.ts";
import { signUp, verifyEmail, type SignedUp } from "../testing/accounts.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// docs/decisions/017: a member whose address is unconfirmed does everything for themselves, and nothing
// that reaches strangers from an address nobody has checked: posting a job, writing to an employer.
let t: TestApp;
let person: SignedUp;
let caller: Awaited<ReturnType<TestApp["callerWithHeaders"]>>;
let job: { id: string };
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp();
  person = await signUp(t, { name: "Uma Unconfirmed" });
  // The caller's context is built once, like a WebSocket's: it must see the confirmation when it comes.
  caller = await t.callerWithHeaders({ cookie: person.cookie });
  await caller.profiles.completeOnboarding({ userType: "worker", fullName: "Uma Unconfirmed" });
  const employer = await createEmployer(t.db);
  job = await createJob(t.db, employer.id, { maxWorkers: 3 });
  conversationId = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [employer.id, person.id]));
});
afterAll(() => t.close());

describe("a member with an unconfirmed address", () => {
  it("may not post a job or write to an employer: 'Confirm your e-mail address first'", async () => {
    expect((await caller.profiles.me())?.user.emailVerified).toBe(false);
    await expectRefusal(caller.jobs.create(validJobInput()), "FORBIDDEN", ERR.emailUnverified);
    await expectRefusal(
      caller.chat.contactEmployer({ jobId: job.id, content: "Is it still open?" }),
      "FORBIDDEN",
      ERR.emailUnverified,
    );
    // Over the wire: 403 with the message key the client translates.
    const res = await callHttp(t, "mutation", "jobs.create", validJobInput(), person.cookie);
    expect(res).toMatchObject({ status: 403, error: { messageKey: ERR.emailUnverified } });
  });

  it("does everything for themselves: profile, privacy, applying, and chats they were let into", async () => {
    await expect(
      caller.profiles.update({ userType: "worker", fullName: "Uma Unconfirmed", currency: "RUB", bio: "Strong and punctual" }),
    ).resolves.toMatchObject({ bio: "Strong and punctual" });
    await expect(caller.privacy.export()).resolves.toMatchObject({ user_id: person.id });
    await expect(caller.applications.submit({ jobId: job.id, message: "I can help" })).resolves.toMatchObject({
      status: "pending",
    });
    await expect(caller.chat.send({ conversationId, content: "See you tomorrow" })).resolves.toMatchObject({ conversationId });
  });

  it("may post and write once the address is confirmed, on the same connection", async () => {
    await verifyEmail(t, person);
    expect((await caller.profiles.me())?.user.emailVerified).toBe(true);
    await expect(caller.jobs.create(validJobInput({ title: "Garden help" }))).resolves.toMatchObject({ id: expect.any(String) });
    await expect(caller.chat.contactEmployer({ jobId: job.id, content: "Is it still open?" })).resolves.toMatchObject({
      conversationId: expect.any(String),
    });
  });

  it("is asked to finish onboarding first when that is missing too", async () => {
    const half = await signUp(t);
    const halfCaller = await t.callerWithHeaders({ cookie: half.cookie });
    await expectRefusal(halfCaller.jobs.create(validJobInput()), "FORBIDDEN", ERR.onboardingRequired);
  });
});
