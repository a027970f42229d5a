import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { openTestDatabase, type TestDatabase } from "../../../db/testing/test-database.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import {
  cancellationCompensation,
  captured,
  directPaymentConfirmed,
  directPaymentMarked,
  holdAdjusted,
  holdAuthorised,
  holdReleased,
  operatorCorrection,
  payoutFailed,
  payoutPaid,
  payoutRequested,
  refunded,
  timesheetAgreed,
} from "../../../domain/ledger-flows.ts";
import {
  LEDGER_SPEND_PAGE,
  LEDGER_STATEMENT_PAGE,
  person,
  PLATFORM,
  provider,
  type LedgerEntry,
} from "../../../domain/ledger.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import { employerSpendByJob, jobMoney, type JobMoney } from "./job-money.ts";
import { partyOfPerson, partyRefKey, resolveParties } from "./parties.ts";
import { postTransaction } from "./post-transaction.ts";
import { partyStatement, type StatementLine, type StatementOf } from "./statement.ts";
import { workerBalance, workerEarningsByMonth } from "./worker-money.ts";

// One employer, two workers and a two-day job paid through Daywork, a directly paid job, and many small
// jobs for paging; then every read checked against figures worked out by hand, and every statement
// summed against the balances.

let database: TestDatabase;
const db = () => database.db;
let E: string, W1: string, W2: string, W3: string;
const J = randomUUID();
const K = randomUUID();
// More than a statement page of the first worker's and several of the employer's spend.
const EXTRA_JOBS = Array.from({ length: LEDGER_STATEMENT_PAGE + 1 }, () => randomUUID());
const yookassa = provider("yookassa");

let keys = 0;
async function post(entry: LedgerEntry, jobId: string | null, extra: { memo?: string; createdBy?: string } = {}) {
  keys += 1;
  const result = await db().transaction((tx) =>
    postTransaction(tx, {
      ...entry,
      idempotencyKey: `reads:${keys}`,
      currency: "RUB",
      causeRef: `ref-${keys}`,
      jobId,
      memo: extra.memo ?? null,
      createdBy: extra.createdBy ? person(extra.createdBy) : null,
    }),
  );
  if (!result.ok) throw new Error(result.reason);
}

/** A transaction written as of `at` (a past month), as postTransaction writes it but for the time. */
async function postAt(entry: LedgerEntry, jobId: string, at: string, currency: JobCurrency = "RUB") {
  const parties = await resolveParties(
    db(),
    entry.lines.map((l) => l.party),
  );
  const id = randomUUID();
  await db().transaction(async (tx) => {
    await tx.execute(
      sql`insert into ledger_transactions (id, idempotency_key, cause, job_id, currency, line_count, created_at)
          values (${id}, ${`at:${id}`}, ${entry.cause}::ledger_cause, ${jobId}, ${currency}::job_currency, ${entry.lines.length}, ${at}::timestamptz)`,
    );
    for (const line of entry.lines)
      await tx.execute(
        sql`insert into ledger_postings (transaction_id, account, party_id, amount_minor, currency, created_at)
            values (${id}, ${line.account}::ledger_account, ${parties.get(partyRefKey(line.party))?.id ?? ""}::uuid,
                    ${line.amountMinor.toString()}::bigint, ${currency}::job_currency, ${at}::timestamptz)`,
      );
  });
}

async function wholeStatement(of: StatementOf): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  let cursor: PageCursor | null = null;
  do {
    const page: Awaited<ReturnType<typeof partyStatement>> = await partyStatement(db(), of, { cursor });
    expect(page.items.length).toBeLessThanOrEqual(LEDGER_STATEMENT_PAGE);
    lines.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return lines;
}

/** What a statement says each account holds (summing in the test, to check the database's sums). */
function sumsByAccount(lines: readonly StatementLine[]): Record<string, bigint> {
  const sums: Record<string, bigint> = {};
  for (const line of lines) sums[line.account] = (sums[line.account] ?? 0n) + line.amountMinor;
  return sums;
}

const e = () => person(E);
const w1 = () => person(W1);
const w2 = () => person(W2);

beforeAll(async () => {
  database = await openTestDatabase();
  E = (await createEmployer(db())).id;
  W1 = (await createWorker(db())).id;
  W2 = (await createWorker(db())).id;
  W3 = (await createWorker(db())).id;
});
afterAll(() => database.close());

describe("a job paid through Daywork, from hold to payout", () => {
  it("secures each worker's planned pay when the hold is authorised", async () => {
    // 500.00/h, 8 h a day, 2 days, 2 workers: 8,000.00 each and a fee of 1,600.00.
    await post(
      holdAuthorised(e(), [
        { party: w1(), amountMinor: 800_000n },
        { party: w2(), amountMinor: 800_000n },
        { party: PLATFORM, amountMinor: 160_000n },
      ]),
      J,
    );
    expect(await workerBalance(db(), W1)).toEqual([
      expect.objectContaining({ currency: "RUB", secured: 800_000n, earned: 0n, availableToPayOut: 0n }),
    ]);
    expect(await jobMoney(db(), J)).toEqual([expect.objectContaining({ authorised: 1_760_000n, held: 1_760_000n })]);
  });

  it("sums agreed days, captures, payouts, a withdrawal, compensation, a correction, a refund and the release", async () => {
    // Day 1: 8 h and 7 h agreed, each captured from the hold.
    await post(timesheetAgreed("through_daywork", e(), w1(), 400_000n), J);
    await post(timesheetAgreed("through_daywork", e(), w2(), 350_000n), J);
    await post(
      captured(e(), yookassa, 440_000n, [
        { party: w1(), amountMinor: 400_000n },
        { party: PLATFORM, amountMinor: 40_000n },
      ]),
      J,
    );
    await post(
      captured(e(), yookassa, 385_000n, [
        { party: w2(), amountMinor: 350_000n },
        { party: PLATFORM, amountMinor: 35_000n },
      ]),
      J,
    );
    // Payouts: the first worker's paid; the second's fails, is asked again and is on its way.
    await post(payoutRequested(w1(), 400_000n), null);
    await post(payoutPaid(w1(), yookassa, 400_000n), null);
    await post(payoutRequested(w2(), 350_000n), null);
    await post(payoutFailed(w2(), 350_000n), null);
    await post(payoutRequested(w2(), 350_000n), null);
    // Day 2: the second worker withdrew late (the hold shrinks, compensation is owed); the first worked 8 h.
    await post(
      holdAdjusted(e(), [
        { party: w2(), amountMinor: -400_000n },
        { party: PLATFORM, amountMinor: -40_000n },
      ]),
      J,
    );
    await post(cancellationCompensation("through_daywork", e(), w2(), 100_000n), J);
    await post(timesheetAgreed("through_daywork", e(), w1(), 400_000n), J);
    await post(
      captured(e(), yookassa, 440_000n, [
        { party: w1(), amountMinor: 400_000n },
        { party: PLATFORM, amountMinor: 40_000n },
      ]),
      J,
    );
    // An operator takes back 100.00 paid too much for day 2 (and its fee), and it is refunded.
    await post(
      operatorCorrection([
        { account: "worker_payable", party: w1(), amountMinor: 10_000n },
        { account: "platform_fee", party: PLATFORM, amountMinor: 1_000n },
        { account: "employer_receivable", party: e(), amountMinor: -11_000n },
      ]),
      J,
      { memo: "Day 2 recorded 12 minutes too long", createdBy: E },
    );
    await post(refunded(e(), yookassa, 11_000n), J);
    // The job ends: what is left of the hold goes back.
    await post(
      holdReleased(e(), [
        { party: w2(), amountMinor: 50_000n },
        { party: PLATFORM, amountMinor: 5_000n },
      ]),
      J,
    );

    expect(await jobMoney(db(), J)).toEqual([
      {
        jobId: J,
        currency: "RUB",
        authorised: 1_320_000n,
        held: 0n,
        captured: 1_265_000n,
        released: 55_000n,
        refunded: 11_000n,
        work: 1_150_000n,
        fee: 114_000n,
        compensation: 100_000n,
        outstanding: 100_000n,
        directOwed: 0n,
        directMarkedPaid: 0n,
        directConfirmed: 0n,
      } satisfies JobMoney,
    ]);
    expect(await workerBalance(db(), W1)).toEqual([
      {
        currency: "RUB",
        earned: 790_000n,
        availableToPayOut: 390_000n,
        inTransit: 0n,
        paidOut: 400_000n,
        secured: 0n,
        directOwed: 0n,
        directMarkedPaid: 0n,
        directConfirmed: 0n,
      },
    ]);
    expect(await workerBalance(db(), W2)).toEqual([
      expect.objectContaining({ earned: 450_000n, availableToPayOut: 100_000n, inTransit: 350_000n, paidOut: 0n, secured: 0n }),
    ]);
  });
});

describe("a job paid directly", () => {
  it("shows owed, marked paid and confirmed on both sides, and moves no money", async () => {
    await post(timesheetAgreed("direct", e(), w1(), 300_000n), K);
    await post(timesheetAgreed("direct", e(), w1(), 300_000n), K);
    await post(directPaymentMarked(e(), w1(), 300_000n), K);
    await post(directPaymentConfirmed(e(), w1(), 300_000n), K);
    await post(directPaymentMarked(e(), w1(), 300_000n), K);
    expect(await jobMoney(db(), K)).toEqual([
      expect.objectContaining({
        captured: 0n,
        work: 0n,
        fee: 0n,
        outstanding: 0n,
        directOwed: 0n,
        directMarkedPaid: 300_000n,
        directConfirmed: 300_000n,
      }),
    ]);
    expect(await workerBalance(db(), W1)).toEqual([
      expect.objectContaining({
        availableToPayOut: 390_000n,
        directOwed: 0n,
        directMarkedPaid: 300_000n,
        directConfirmed: 300_000n,
      }),
    ]);
  });
});

describe("an employer's spend by job", () => {
  it("pages through every job of theirs once, newest money first, each summed over all its postings", async () => {
    for (const job of EXTRA_JOBS) await post(timesheetAgreed("direct", e(), w1(), 1_000n), job);
    const seen: JobMoney[] = [];
    let cursor: PageCursor | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof employerSpendByJob>> = await employerSpendByJob(db(), E, cursor);
      expect(page.items.length).toBeLessThanOrEqual(LEDGER_SPEND_PAGE);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(Math.ceil((EXTRA_JOBS.length + 2) / LEDGER_SPEND_PAGE));
    expect(seen.map((m) => m.jobId)).toEqual([...EXTRA_JOBS].reverse().concat([K, J]));
    expect(seen.at(-1)).toEqual((await jobMoney(db(), J))[0]);
    expect(seen.at(-2)).toEqual((await jobMoney(db(), K))[0]);
    expect(seen[0]).toMatchObject({ directOwed: 1_000n });
    // A worker has no spend, though their postings are about these jobs.
    expect(await employerSpendByJob(db(), W1, null)).toEqual({ items: [], nextCursor: null });
  });
});

describe("statements", () => {
  it("add up, page by page, to the worker's balance", async () => {
    const lines = await wholeStatement({ userId: W1 });
    expect(lines.length).toBeGreaterThan(LEDGER_STATEMENT_PAGE);
    expect(new Set(lines.map((l) => l.postingId)).size).toBe(lines.length);
    const sums = sumsByAccount(lines);
    const [balance] = await workerBalance(db(), W1);
    expect(-(sums.worker_payable ?? 0n)).toBe(balance?.availableToPayOut);
    expect(-(sums.payouts_in_transit ?? 0n)).toBe(balance?.inTransit);
    expect(-(sums.hold_secured ?? 0n)).toBe(balance?.secured);
    expect(-(sums.direct_owed ?? 0n)).toBe(balance?.directOwed);
    expect(-(sums.direct_marked_paid ?? 0n)).toBe(balance?.directMarkedPaid);
    expect(-(sums.direct_confirmed ?? 0n)).toBe(balance?.directConfirmed);
    const paid = lines.filter((l) => l.account === "payouts_in_transit" && l.cause === "payout_paid");
    expect(paid.reduce((sum, l) => sum + l.amountMinor, 0n)).toBe(balance?.paidOut);
    // Newest first, each with its transaction's cause, reference and job.
    expect(lines[0]).toMatchObject({ cause: "timesheet_agreed", jobId: EXTRA_JOBS.at(-1), account: "direct_owed" });
    expect(lines.find((l) => l.cause === "operator_correction")).toMatchObject({ memo: "Day 2 recorded 12 minutes too long" });
  });

  it("add up to the employer's spend, job by job, and give the same lines by party id", async () => {
    const lines = await wholeStatement({ userId: E });
    const party = await partyOfPerson(db(), E);
    expect(await wholeStatement({ partyId: party?.id ?? "" })).toEqual(lines);
    for (const job of [J, K]) {
      const [money] = await jobMoney(db(), job);
      const sums = sumsByAccount(lines.filter((l) => l.jobId === job));
      expect(sums.employer_receivable ?? 0n).toBe(money?.outstanding);
      expect(sums.card_hold ?? 0n).toBe(money?.held);
    }
    expect(lines.every((l) => l.currency === "RUB")).toBe(true);
    const page = await partyStatement(db(), { userId: E }, { currency: "EUR" });
    expect(page).toEqual({ items: [], nextCursor: null });
  });

  it("is empty for a person with no money recorded", async () => {
    const nobody = (await createWorker(db())).id;
    expect(await partyStatement(db(), { userId: nobody })).toEqual({ items: [], nextCursor: null });
    expect(await workerBalance(db(), nobody)).toEqual([]);
    expect(await workerEarningsByMonth(db(), nobody, null)).toEqual([]);
  });
});

describe("a worker's earnings by month", () => {
  beforeAll(async () => {
    const w3 = person(W3);
    const L = randomUUID();
    await postAt(holdAuthorised(e(), [{ party: w3, amountMinor: 100_000n }]), L, "2026-09-10T09:00:00Z");
    await postAt(timesheetAgreed("through_daywork", e(), w3, 100_000n), L, "2026-09-20T18:00:00Z");
    await postAt(captured(e(), yookassa, 100_000n, [{ party: w3, amountMinor: 100_000n }]), L, "2026-10-05T09:00:00Z");
    await postAt(payoutRequested(w3, 100_000n), L, "2026-10-06T09:00:00Z");
    await postAt(payoutPaid(w3, yookassa, 100_000n), L, "2026-10-07T09:00:00Z");
    // 22:30 UTC on 31 October is already November in Moscow.
    await postAt(timesheetAgreed("direct", e(), w3, 50_000n), randomUUID(), "2026-10-31T22:30:00Z");
    await postAt(directPaymentMarked(e(), w3, 50_000n), randomUUID(), "2026-11-02T10:00:00Z");
    await postAt(directPaymentConfirmed(e(), w3, 50_000n), randomUUID(), "2026-11-03T10:00:00Z");
  });

  it("holds what was held at each month's end, and what was agreed and paid in it, newest first", async () => {
    expect(await workerEarningsByMonth(db(), W3, "Europe/Moscow")).toEqual([
      { month: "2026-11", currency: "RUB", heldAtEnd: 0n, agreed: 0n, paid: 0n, directAgreed: 50_000n, directConfirmed: 50_000n },
      { month: "2026-10", currency: "RUB", heldAtEnd: 0n, agreed: 0n, paid: 100_000n, directAgreed: 0n, directConfirmed: 0n },
      {
        month: "2026-09",
        currency: "RUB",
        heldAtEnd: 100_000n,
        agreed: 100_000n,
        paid: 0n,
        directAgreed: 0n,
        directConfirmed: 0n,
      },
    ]);
  });

  it("groups months in the worker's time zone, UTC without one or with one Postgres would not know", async () => {
    for (const zone of [null, "Mars/Olympus_Mons"]) {
      const months = await workerEarningsByMonth(db(), W3, zone);
      expect(months.map((m) => [m.month, m.directAgreed])).toEqual([
        ["2026-11", 0n],
        ["2026-10", 50_000n],
        ["2026-09", 0n],
      ]);
    }
  });

  it("adds up to the balance: agreed less paid is what is available, held is what is secured", async () => {
    const months = await workerEarningsByMonth(db(), W3, null);
    const [balance] = await workerBalance(db(), W3);
    expect(months.reduce((sum, m) => sum + m.agreed, 0n)).toBe(balance?.earned);
    expect(months.reduce((sum, m) => sum + m.paid, 0n)).toBe(balance?.paidOut);
    expect(months[0]?.heldAtEnd).toBe(balance?.secured);
    expect(months.reduce((sum, m) => sum + m.directConfirmed, 0n)).toBe(balance?.directConfirmed);
  });
});
