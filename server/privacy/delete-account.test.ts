import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  certificates,
  chatMessages,
  conversations,
  fileDeletions,
  jobApplications,
  jobs,
  ledgerParties,
  ledgerPostings,
  notifications,
  payoutMethods,
  payoutProfiles,
  payouts,
  profiles,
  ratings,
  searchWords,
} from "../../db/schema/index.ts";
import { refreshSpellingDictionary } from "../../db/search-words.ts";
import { ERR } from "../../domain/errors.ts";
import { jobMoney } from "../money/ledger/job-money.ts";
import { partyOfPerson } from "../money/ledger/parties.ts";
import { processFileDeletions } from "../storage/file-deletions.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { deleteAccount } from "./delete-account.ts";
import { standingKey } from "./standing-key.ts";
import { accountScene, type AccountScene } from "./testing/account-scene.ts";
import { countWhere, databaseFingerprint, rowsMentioning, userReferences } from "./testing/user-references.ts";

const logLines: { level: string; fields: object; message: string }[] = [];
/** Lines of the procedures' loggers (ctx.log); Fastify's own request lines are left out. */
const requestLog = {
  level: "info",
  stream: {
    write(line: string) {
      const {
        level,
        msg,
        req,
        res,
        time: _time,
        pid: _pid,
        hostname: _host,
        ...fields
      } = JSON.parse(line) as Record<string, unknown>;
      if (req === undefined && res === undefined)
        logLines.push({ level: level === 30 ? "info" : String(level), fields, message: String(msg) });
    },
  },
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    services: {
      log: {
        info: (fields, message) => logLines.push({ level: "info", fields, message }),
        warn: (fields, message) => logLines.push({ level: "warn", fields, message }),
      },
    },
    logger: requestLog,
  });
});
afterAll(() => t.close());

async function exists(key: string) {
  const file = await t.services.files.open(key);
  file?.stream.destroy();
  return file !== null;
}

async function dictionaryHas(word: string): Promise<boolean> {
  return (await t.db.$count(searchWords, eq(searchWords.word, word))) > 0;
}

async function signedIn(cookie: string): Promise<boolean> {
  const res = await t.app.inject({ method: "GET", url: "/api/trpc/profiles.me", headers: { cookie } });
  return (res.json() as { result: { data: { json: unknown } } }).result.data.json !== null;
}

describe("privacy.deleteAccount", () => {
  let scene: AccountScene;
  beforeAll(async () => {
    scene = await accountScene(t);
    // The person has exported before: that log goes too.
    await t.callerAs(scene.subject.id).privacy.export();
    // The words of the person's open job are in the spelling dictionary, as they would be on a site.
    await refreshSpellingDictionary(t.db);
    expect(await dictionaryHas("subject")).toBe(true);
    logLines.length = 0;
    const caller = await t.callerWithHeaders({ cookie: scene.subject.cookie });
    expect(await caller.privacy.deleteAccount()).toEqual({ deleted: true });
    // The files go in the background job the deletion queued.
    await t.runBackground();
  });

  it("leaves no row in any table that references the person (columns found from the schema)", async () => {
    const references = userReferences();
    expect(references).toEqual(
      expect.arrayContaining([
        { table: "chat_messages", column: "sender_id" },
        { table: "ratings", column: "to_user_id" },
        { table: "session", column: "user_id" },
        { table: "profiles", column: "id" },
      ]),
    );
    for (const ref of references) {
      expect.soft(await countWhere(t.db, ref, scene.subject.id), `${ref.table}.${ref.column}`).toBe(0);
    }
  });

  it("leaves the person's id, e-mail, name and phone in no row of any table", async () => {
    for (const needle of [scene.subject.id, scene.subject.email, scene.subject.fullName, scene.subject.phone]) {
      expect(await rowsMentioning(t.db, needle)).toEqual({});
    }
    for (const marker of [
      "SUBJECT-MSG",
      // Their review comments go; the stars stay (docs/decisions/050).
      "SUBJECT-RATES",
      "SUBJECT-CERT",
      "SUBJECT-INTEREST",
      "SUBJECT-APPLICATION-NOTE",
      "SUBJECT-STRIKE",
      "SUBJECT-BIO",
    ]) {
      expect(await rowsMentioning(t.db, marker), marker).toEqual({});
    }
  });

  it("keeps the person's money records under their party, which no longer names them (docs/decisions/076)", async () => {
    const [party] = await t.db.select().from(ledgerParties).where(eq(ledgerParties.id, scene.ledger.subjectPartyId));
    expect(party).toMatchObject({ userId: null, kind: "worker", label: expect.stringMatching(/^worker [0-9A-F]{8}$/) });
    expect(party?.anonymisedAt).toBeInstanceOf(Date);
    // Pay held and agreed, and the payout asked (2); the payout then failed: its method went with the account (2).
    expect(await t.db.$count(ledgerPostings, eq(ledgerPostings.partyId, scene.ledger.subjectPartyId))).toBe(6);
    // The job's money is as it was: both workers' pay, the fee on it, and the employer still named.
    expect(await jobMoney(t.db, scene.jobs.employerJob.id)).toEqual([
      expect.objectContaining({ work: 750_000n, fee: 75_000n, outstanding: 825_000n }),
    ]);
    expect(await partyOfPerson(t.db, scene.employer.id)).not.toBeNull();
  });

  it("deletes payout methods and the ИНН, and keeps the payouts anonymised (docs/decisions/081)", async () => {
    expect(await t.db.$count(payoutMethods, eq(payoutMethods.userId, scene.subject.id))).toBe(0);
    expect(await t.db.$count(payoutProfiles, eq(payoutProfiles.userId, scene.subject.id))).toBe(0);
    expect(await rowsMentioning(t.db, "500100732259")).toEqual({});
    const [kept] = await t.db.select().from(payouts).where(eq(payouts.id, scene.ledger.payoutId));
    // Not yet sent when the account went: it cannot reach a method that is gone, so it fails and the
    // money stays owed on the anonymised party (docs/decisions/081).
    expect(kept).toMatchObject({
      partyId: scene.ledger.subjectPartyId,
      methodId: null,
      amountMinor: 400_000n,
      status: "failed",
      failureReason: "invalid_payout_method",
    });
  });

  it("takes the words of the person's open jobs out of the spelling dictionary with the jobs", async () => {
    expect(await dictionaryHas("subject")).toBe(false);
  });

  it("removes the person's files (certificates, chat images, an unsent upload) and those of chats that went", async () => {
    for (const key of [...scene.files.subjectFiles, ...scene.files.othersFilesInSubjectChats])
      expect(await exists(key), key).toBe(false);
    expect(await t.db.$count(fileDeletions)).toBe(0);
  });

  it("keeps other people's data, and what they need of the person under an anonymous stand-in", async () => {
    const { employer, worker, jobs: j, chats } = scene;
    expect(await t.db.$count(profiles, sql`${profiles.id} in (${employer.id}, ${worker.id})`)).toBe(2);
    // The subject worked a day on the employer's job: the hire, and the hired count, stay.
    const [employerJob] = await t.db.select().from(jobs).where(eq(jobs.id, j.employerJob.id));
    expect(employerJob).toMatchObject({ acceptedCount: 2, status: "open" });
    expect(await t.db.$count(jobs, eq(jobs.id, j.employerJob2.id))).toBe(1);
    // The subject's own job has a review on it: kept for the worker, cancelled, without its address.
    const [subjectJob] = await t.db.select().from(jobs).where(eq(jobs.id, j.subjectJob.id));
    expect(subjectJob).toMatchObject({ status: "cancelled", address: null });
    expect(
      await t.db.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.workerId, worker.id)),
    ).toEqual([{ status: "accepted" }, { status: "accepted" }]);
    expect(
      await t.db
        .select({ content: chatMessages.content })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, chats.employerJobChat)),
    ).toEqual(expect.arrayContaining([{ content: "WALT-MSG secret" }, { content: "EVE-MSG secret" }]));
    expect(await t.db.$count(conversations, eq(conversations.id, chats.direct))).toBe(0);
    // Every review stays with its stars; the subject's own comments are gone, the others' are kept.
    expect(await t.db.select({ rating: ratings.rating, comment: ratings.comment }).from(ratings)).toEqual(
      expect.arrayContaining([
        { rating: 4, comment: "EVE-RATES-SUBJECT" },
        { rating: 5, comment: null },
        { rating: 3, comment: "WALT-RATES-EVE" },
        { rating: 5, comment: null },
      ]),
    );
    expect(await t.db.$count(ratings)).toBe(4);
    expect(await t.db.select({ fileName: certificates.fileName }).from(certificates)).toEqual([{ fileName: "WALT-CERT.pdf" }]);
    expect(await t.db.select({ userId: notifications.userId }).from(notifications)).toEqual([{ userId: worker.id }]);
    for (const key of scene.files.othersFiles) expect(await exists(key), key).toBe(true);
  });

  it("ends every session, and the person cannot sign in again", async () => {
    expect(await signedIn(scene.subject.cookie)).toBe(false);
    expect(await signedIn(scene.subject.otherDevice)).toBe(false);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: scene.subject.email, password: scene.subject.password },
      headers: { origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(401);
    const again = await t.callerWithHeaders({ cookie: scene.subject.cookie });
    await expect(again.privacy.deleteAccount()).rejects.toMatchObject({ code: "UNAUTHORIZED", message: ERR.unauthorized });
  });

  it("writes one log line that a deletion happened, without personal data", () => {
    expect(logLines).toEqual([
      { level: "info", fields: { event: "account_deleted", files: expect.any(Number) }, message: "account deleted" },
    ]);
    const text = JSON.stringify(logLines);
    for (const needle of [scene.subject.id, scene.subject.email, scene.subject.fullName]) expect(text).not.toContain(needle);
  });
});

describe("a deletion that fails midway", () => {
  it("leaves every table and every file as it was, and succeeds once the failure is gone", async () => {
    const scene = await accountScene(t);
    const before = await databaseFingerprint(t.db);
    await t.db.execute(
      sql`create function fail_user_delete() returns trigger language plpgsql as $$ begin raise exception 'auth store down'; end $$`,
    );
    // "user" is the last table the deletion touches, so everything before it has already run.
    await t.db.execute(
      sql`create trigger fail_user_delete before delete on "user" for each row execute function fail_user_delete()`,
    );
    try {
      await expect(
        deleteAccount(t.db, t.services.queue, scene.subject.id, new Date(), standingKey(t.config.authSecret)),
      ).rejects.toThrow();
      const caller = await t.callerWithHeaders({ cookie: scene.subject.cookie });
      await expect(caller.privacy.deleteAccount()).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR" });
    } finally {
      await t.db.execute(sql`drop trigger fail_user_delete on "user"`);
      await t.db.execute(sql`drop function fail_user_delete()`);
    }
    expect(await databaseFingerprint(t.db)).toEqual(before);
    await processFileDeletions(t.db, t.services.files, { now: new Date() });
    for (const key of [...scene.files.subjectFiles, ...scene.files.othersFilesInSubjectChats, ...scene.files.othersFiles]) {
      expect(await exists(key), key).toBe(true);
    }
    expect(await signedIn(scene.subject.cookie)).toBe(true);

    const caller = await t.callerWithHeaders({ cookie: scene.subject.cookie });
    expect(await caller.privacy.deleteAccount()).toEqual({ deleted: true });
    // The files go in the background job the deletion queued.
    await t.runBackground();
    for (const ref of userReferences())
      expect.soft(await countWhere(t.db, ref, scene.subject.id), `${ref.table}.${ref.column}`).toBe(0);
    for (const key of scene.files.subjectFiles) expect(await exists(key), key).toBe(false);
  });
});
