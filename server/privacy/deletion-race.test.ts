import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * Deadlocks need transactions that really run side by side: PGlite runs one at a time, so this file runs
 * with TEST_DATABASE_URL (a real Postgres server, docs/decisions/059). Every answer must be the action's
 * result or a typed refusal (a TRPCError with a 4xx code), never an internal error.
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

const TYPED = /^(UNAUTHORIZED|FORBIDDEN|NOT_FOUND|CONFLICT|BAD_REQUEST|TOO_MANY_REQUESTS|PRECONDITION_FAILED)$/;

/** The internal errors among settled calls, with their message, so a failure says what broke. */
function untyped(results: PromiseSettledResult<unknown>[]): string[] {
  return results.flatMap((r) => {
    if (r.status === "fulfilled") return [];
    const reason = r.reason as { code?: unknown; message?: unknown; cause?: { cause?: { code?: unknown; message?: unknown } } };
    const db = reason.cause?.cause;
    return typeof reason.code === "string" && TYPED.test(reason.code)
      ? []
      : [`${String(reason.code)}: ${db ? `${String(db.code)} ${String(db.message)}` : String(reason.message)}`];
  });
}

/** Runs `call` after `ms` milliseconds. */
async function later(ms: number, call: () => Promise<unknown>): Promise<unknown> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return call();
}

describe.skipIf(!ON_POSTGRES)("account deletion racing other people's work (needs TEST_DATABASE_URL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      services: { rateLimits: { ...RATE_LIMITS, chatMessage: { limit: 100_000, windowSeconds: 60 } } },
    });
  });
  afterAll(() => t.close());

  it("deletes an employer while others apply, chat and the employer edits, without a deadlock or a 500 (30 rounds)", async () => {
    const failures: string[] = [];
    for (let round = 0; round < 30; round += 1) {
      const employer = await createEmployer(t.db);
      const job = await createJob(t.db, employer.id, { maxWorkers: 10 });
      const hired = [await createWorker(t.db), await createWorker(t.db), await createWorker(t.db)];
      let groupId = "";
      for (const worker of hired) {
        const application = await createApplication(t.db, job.id, worker.id);
        groupId = (await t.callerAs(employer.id).applications.accept({ applicationId: application.id })).conversationId;
      }
      const applicants = [await createWorker(t.db), await createWorker(t.db), await createWorker(t.db)];
      const contacts = [await createWorker(t.db), await createWorker(t.db)];
      const direct = await Promise.all(
        contacts.map(
          async (c) => (await t.callerAs(c.id).chat.contactEmployer({ jobId: job.id, content: "Hello?" })).conversationId,
        ),
      );
      const { language: _language, ...fields } = validJobInput();

      // Each call starts a few milliseconds apart, differently each round, so the deletion meets them
      // at every step of its transaction.
      const results = await Promise.allSettled([
        later(round % 12, () => t.callerAs(employer.id).privacy.deleteAccount()),
        ...[
          ...applicants.map((a) => () => t.callerAs(a.id).applications.submit({ jobId: job.id, message: "Me" })),
          ...hired.flatMap((h) =>
            [1, 2].map((n) => () => t.callerAs(h.id).chat.send({ conversationId: groupId, content: `m${n}` })),
          ),
          ...contacts.map(
            (c, i) => () => t.callerAs(c.id).chat.send({ conversationId: direct[i] ?? "", content: "Still there?" }),
          ),
          ...contacts.map((c) => () => t.callerAs(c.id).chat.contactEmployer({ jobId: job.id, content: "Again" })),
          () => t.callerAs(employer.id).chat.send({ conversationId: groupId, content: "Team" }),
          () => t.callerAs(employer.id).jobs.update({ ...fields, jobId: job.id, title: `Edited ${round}`, maxWorkers: 10 }),
        ].map((call, i) => later((i * 5) % 9, call)),
      ]);
      const deletion = results[0];
      if (deletion?.status !== "fulfilled") failures.push(`round ${round}: deletion ${String(deletion?.reason)}`);
      failures.push(...untyped(results).map((e) => `round ${round}: ${e}`));
    }
    expect(failures).toEqual([]);
    // A deadlock costs a second (deadlock_timeout) before Postgres breaks it: room to report them all.
  }, 180_000);

  it("answers an export racing the account's deletion with the export or a sign-out, never a 500 (20 rounds)", async () => {
    const failures: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const worker = await createWorker(t.db);
      const employer = await createEmployer(t.db);
      const job = await createJob(t.db, employer.id);
      await createApplication(t.db, job.id, worker.id);
      const results = await Promise.allSettled([
        t.callerAs(worker.id).privacy.export(),
        t.callerAs(worker.id).privacy.deleteAccount(),
        t.callerAs(worker.id).privacy.export(),
      ]);
      if (results[1]?.status !== "fulfilled") failures.push(`round ${round}: deletion ${String(results[1]?.reason)}`);
      failures.push(...untyped(results).map((e) => `round ${round}: ${e}`));
      for (const r of [results[0], results[2]]) {
        if (r?.status === "rejected") expect(r.reason).toMatchObject({ code: "UNAUTHORIZED" });
      }
    }
    expect(failures).toEqual([]);
  });
});
