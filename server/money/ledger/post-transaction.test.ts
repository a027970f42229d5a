import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { ledgerParties, ledgerPostings, ledgerTransactions } from "../../../db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "../../../db/testing/test-database.ts";
import { operatorCorrection, payoutRequested, timesheetAgreed } from "../../../domain/ledger-flows.ts";
import { LEDGER_LIMITS, person, PLATFORM, provider, type LedgerLine } from "../../../domain/ledger.ts";
import { LedgerEntryInvalid, postTransaction, type PostingRequest } from "./post-transaction.ts";

let database: TestDatabase;
let employerId: string;
let workerId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  employerId = (await createEmployer(database.db)).id;
  workerId = (await createWorker(database.db)).id;
});
afterAll(() => database.close());

const db = () => database.db;
const post = (request: PostingRequest) => db().transaction((tx) => postTransaction(tx, request));
const counts = async () => ({ transactions: await db().$count(ledgerTransactions), postings: await db().$count(ledgerPostings) });

function agreed(key: string, amountMinor = 280_400n): PostingRequest {
  return {
    ...timesheetAgreed("through_daywork", person(employerId), person(workerId), amountMinor),
    idempotencyKey: key,
    currency: "RUB",
    causeRef: `timesheet-${key}`,
    jobId: "0b7c1e9a-2f6d-4c55-9a51-3d8e6f0a1b2c",
  };
}

describe("postTransaction", () => {
  it("posts a transaction and its lines, creating the parties on first use", async () => {
    const result = await post(agreed("post:first"));
    expect(result).toMatchObject({ ok: true, replayed: false });
    if (!result.ok) return;
    const lines = await db()
      .select({ account: ledgerPostings.account, amount: ledgerPostings.amountMinor, kind: ledgerParties.kind })
      .from(ledgerPostings)
      .innerJoin(ledgerParties, eq(ledgerParties.id, ledgerPostings.partyId))
      .where(eq(ledgerPostings.transactionId, result.transactionId))
      .orderBy(asc(ledgerPostings.amountMinor));
    expect(lines).toEqual([
      { account: "worker_payable", amount: -280_400n, kind: "worker" },
      { account: "platform_fee", amount: -28_040n, kind: "platform" },
      { account: "employer_receivable", amount: 308_440n, kind: "employer" },
    ]);
    const parties = await db().select().from(ledgerParties);
    expect(parties.map((p) => p.label)).toEqual(
      expect.arrayContaining([
        "daywork",
        expect.stringMatching(/^employer [0-9A-F]{8}$/),
        expect.stringMatching(/^worker [0-9A-F]{8}$/),
      ]),
    );
    expect(parties).toHaveLength(3);
  });

  it("answers a replay with the first transaction and writes nothing", async () => {
    const first = await post(agreed("post:replay"));
    const before = await counts();
    const again = await post(agreed("post:replay"));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await counts()).toEqual(before);
  });

  it("takes the same lines in another order as the same content", async () => {
    const request = agreed("post:order");
    await post(request);
    expect(await post({ ...request, lines: [...request.lines].reverse() })).toMatchObject({ ok: true, replayed: true });
  });

  it("refuses the same key with other content, and writes nothing", async () => {
    await post(agreed("post:reused"));
    const before = await counts();
    for (const other of [
      agreed("post:reused", 280_401n),
      { ...agreed("post:reused"), causeRef: "timesheet-other" },
      { ...agreed("post:reused"), jobId: null },
      { ...agreed("post:reused"), currency: "EUR" as const },
      {
        ...payoutRequested(person(workerId), 280_400n),
        idempotencyKey: "post:reused",
        currency: "RUB" as const,
        causeRef: null,
        jobId: null,
      },
    ])
      expect(await post(other)).toEqual({ ok: false, reason: "request_key_reused" });
    expect(await counts()).toEqual(before);
  });

  it("throws on an entry that breaks the ledger's rules, before writing anything", async () => {
    const before = await counts();
    const zero: LedgerLine[] = [
      { account: "employer_receivable", party: person(employerId), amountMinor: 0n },
      { account: "worker_payable", party: person(workerId), amountMinor: 0n },
    ];
    const unbalanced: LedgerLine[] = [
      { account: "employer_receivable", party: person(employerId), amountMinor: 101n },
      { account: "worker_payable", party: person(workerId), amountMinor: -100n },
    ];
    // An employer's party has no worker_payable, a worker's no card_hold.
    const wrongParty: LedgerLine[] = [
      { account: "employer_receivable", party: person(employerId), amountMinor: 100n },
      { account: "worker_payable", party: person(employerId), amountMinor: -100n },
    ];
    for (const request of [
      { ...agreed("post:invalid"), lines: zero },
      { ...agreed("post:invalid"), lines: unbalanced },
      { ...agreed("post:invalid"), lines: wrongParty },
      agreed("k".repeat(LEDGER_LIMITS.idempotencyKey + 1)),
      { ...agreed("post:invalid"), causeRef: "r".repeat(LEDGER_LIMITS.causeRef + 1) },
      { ...agreed("post:invalid"), memo: "m".repeat(LEDGER_LIMITS.memo + 1) },
    ])
      await expect(post(request)).rejects.toThrow(LedgerEntryInvalid);
    expect(await counts()).toEqual(before);
  });

  it("posts an operator's correction only with its reason and its author", async () => {
    const correction = {
      ...operatorCorrection([
        { account: "worker_payable", party: person(workerId), amountMinor: 500n },
        { account: "platform_adjustments", party: PLATFORM, amountMinor: -500n },
      ]),
      idempotencyKey: "post:correction",
      currency: "RUB" as const,
      causeRef: null,
      jobId: null,
    };
    await expect(post({ ...correction, memo: "Paid twice for one day" })).rejects.toThrow(LedgerEntryInvalid);
    await expect(post({ ...correction, createdBy: person(employerId) })).rejects.toThrow(LedgerEntryInvalid);
    const done = await post({ ...correction, memo: "Paid twice for one day", createdBy: person(employerId) });
    expect(done).toMatchObject({ ok: true, replayed: false });
  });

  it("answers not_found for a person without an account and an unknown party, writing nothing", async () => {
    const before = await counts();
    const nobody = { ...timesheetAgreed("through_daywork", person(employerId), person("no-such-person"), 100n) };
    expect(await post({ ...agreed("post:nobody"), ...nobody })).toEqual({ ok: false, reason: "not_found" });
    const unknownParty = timesheetAgreed("through_daywork", person(employerId), { kind: "party", partyId: "not-a-uuid" }, 100n);
    expect(await post({ ...agreed("post:nobody"), ...unknownParty })).toEqual({ ok: false, reason: "not_found" });
    const badProvider = payoutRequested(person(workerId), 100n);
    expect(
      await post({
        ...badProvider,
        lines: [
          badProvider.lines[0] as LedgerLine,
          { account: "provider_cash", party: provider("Not A Name!"), amountMinor: -100n },
        ],
        idempotencyKey: "post:provider",
        currency: "RUB",
        causeRef: null,
        jobId: null,
      }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(await counts()).toEqual(before);
  });

  it("rolls back with the business action that posted it", async () => {
    const before = await counts();
    await expect(
      db().transaction(async (tx) => {
        await postTransaction(tx, agreed("post:rolled-back"));
        throw new Error("the business action failed after posting");
      }),
    ).rejects.toThrow(/business action failed/);
    expect(await counts()).toEqual(before);
    expect(await post(agreed("post:rolled-back"))).toMatchObject({ ok: true, replayed: false });
  });
});

describe("100 concurrent posts of one key", () => {
  // On Postgres (TEST_DATABASE_URL) these are 100 transactions on up to 20 connections racing for the
  // key's index entry; PGlite runs them one by one.
  it.each([1, 2, 3])("post once, and every other answers the same transaction (round %i)", async (round) => {
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 100 }, () => post(agreed(`post:race:${round}`))));
    const posted = results.filter((r) => r.ok && !r.replayed);
    const replayed = results.filter((r) => r.ok && r.replayed);
    expect(posted).toHaveLength(1);
    expect(replayed).toHaveLength(99);
    expect(new Set(results.map((r) => (r.ok ? r.transactionId : r.reason)))).toEqual(
      new Set([posted[0]?.ok && posted[0].transactionId]),
    );
    expect(await counts()).toEqual({ transactions: before.transactions + 1, postings: before.postings + 3 });
  });

  it("posts once when the racers disagree: the others are replays or refused, never a second posting", async () => {
    const before = await counts();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(agreed("post:race:disagree", 1000n + BigInt(i % 2)))),
    );
    const posted = results.filter((r) => r.ok && !r.replayed);
    expect(posted).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toHaveLength(50);
    expect(results.filter((r) => r.ok && r.replayed)).toHaveLength(49);
    expect(await counts()).toEqual({ transactions: before.transactions + 1, postings: before.postings + 3 });
  });
});
