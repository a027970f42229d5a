import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../../db/database.ts";
import { createJob } from "../../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { ledgerPostings, ledgerTransactions, operatorAudit, operators } from "../../../db/schema/index.ts";
import { ERR } from "../../../domain/errors.ts";
import type { AmountCorrectionInput } from "../../../domain/ledger-corrections.ts";
import { timesheetAgreed } from "../../../domain/ledger-flows.ts";
import { person } from "../../../domain/ledger.ts";
import { expectRefusal } from "../../testing/refusal.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { partyOfPerson } from "../ledger/parties.ts";
import { postTransaction } from "../ledger/post-transaction.ts";
import { postCorrection } from "./post-correction.ts";

// docs/decisions/080: operators correct a ledger with reasoned postings of a few kinds, audited in the
// same transaction, once per form; admins post them, every operator reads the money.
let t: TestApp;
let admin: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createWorker(t.db, { fullName: "Ada Admin" })).id;
  moderator = (await createWorker(t.db, { fullName: "Mona Moderator" })).id;
  await t.db.insert(operators).values([
    { userId: admin, role: "admin" },
    { userId: moderator, role: "moderator" },
  ]);
});
afterAll(() => t.close());

/** An employer's RUB job through Daywork with a worker whose 8-hour day (4000.00, fee 400.00) is posted. */
async function agreedDay() {
  const employer = await createEmployer(t.db, { fullName: "Olga Owner" });
  const worker = await createWorker(t.db, { fullName: "Wanda Worker" });
  const job = await createJob(t.db, employer.id, { hourlyRate: 500, currency: "RUB", payMode: "through_daywork" });
  const posted = await t.db.transaction((tx) =>
    postTransaction(tx, {
      ...timesheetAgreed("through_daywork", person(employer.id), person(worker.id), 400_000n),
      idempotencyKey: `test:${randomUUID()}`,
      currency: "RUB",
      causeRef: randomUUID(),
      jobId: job.id,
    }),
  );
  if (!posted.ok) throw new Error(posted.reason);
  return { employer, worker, job, transactionId: posted.transactionId };
}

/** Each book of the whole ledger sums to zero per currency, and each transaction on its own. */
async function ledgerBalances() {
  const unbalanced = await queryRows<{ id: string }>(
    t.db,
    sql`select transaction_id as id from ledger_postings group by transaction_id having sum(amount_minor) <> 0`,
  );
  expect(unbalanced).toEqual([]);
}

const balanceOf = async (userId: string) => {
  const view = await t.callerAs(admin).ledgerCorrections.money({ userId });
  return Object.fromEntries(view.balances.map((b) => [b.account, b.amount]));
};

describe("a correction of an amount", () => {
  it("credits the worker against the employer, balanced, in the statement and the audit log, from the typed decimal", async () => {
    const { employer, worker, job } = await agreedDay();
    const reason = "Forty minutes of overtime the owner confirmed by phone";
    const answer = await t.callerAs(admin).ledgerCorrections.post({
      kind: "employer_to_worker",
      currency: "RUB",
      amount: "1 333,37",
      employer: { userId: employer.id },
      worker: { userId: worker.id },
      jobId: job.id,
      reason: `  ${reason} `,
      requestKey: randomUUID(),
    });
    expect(answer.replayed).toBe(false);
    expect(await balanceOf(worker.id)).toEqual({ worker_payable: "-5333.37" });
    expect(await balanceOf(employer.id)).toEqual({ employer_receivable: "5733.37" });
    await ledgerBalances();

    const [posted] = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, answer.transactionId));
    expect(posted).toMatchObject({ cause: "operator_correction", memo: reason, jobId: job.id, currency: "RUB" });
    const adminParty = await partyOfPerson(t.db, admin);
    expect(posted?.createdBy).toBe(adminParty?.id);

    const view = await t.callerAs(moderator).ledgerCorrections.money({ jobId: job.id });
    expect(view.subject).toMatchObject({ kind: "job", title: job.title, currency: "RUB" });
    expect(view.statement.items.filter((line) => line.transactionId === answer.transactionId)).toMatchObject([
      { cause: "operator_correction", memo: reason, createdByLabel: expect.any(String), reversed: false },
      { cause: "operator_correction", memo: reason },
    ]);
    const audit = await t.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.operatorId, admin), eq(operatorAudit.action, "correct_ledger")));
    expect(audit.filter((row) => row.subjectId === answer.transactionId)).toMatchObject([
      { subjectType: "ledger_transaction", reason: "employer_to_worker", note: reason },
    ]);
    const reads = await t.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.operatorId, moderator), eq(operatorAudit.subjectId, job.id)));
    expect(reads).toMatchObject([{ action: "read_money", subjectType: "job" }]);
  });

  it("writes off what the employer owes to platform adjustments, and pays a worker from them", async () => {
    const { employer, worker } = await agreedDay();
    const base = { currency: "RUB" as const, reason: "Employer went bankrupt", jobId: null };
    await t.callerAs(admin).ledgerCorrections.post({
      ...base,
      kind: "write_off_employer",
      amount: "4400",
      employer: { userId: employer.id },
      requestKey: randomUUID(),
    });
    expect(await balanceOf(employer.id)).toEqual({});
    const party = await partyOfPerson(t.db, worker.id);
    if (!party) throw new Error("the worker has a party");
    await t.callerAs(admin).ledgerCorrections.post({
      ...base,
      kind: "platform_to_worker",
      amount: "0.01",
      worker: { partyId: party.id },
      requestKey: randomUUID(),
    });
    expect(await balanceOf(worker.id)).toEqual({ worker_payable: "-4000.01" });
    await ledgerBalances();
  });

  it("is refused with a translated reason: wrong kind of party, none named, bad amounts, other currency, no reason, oneself", async () => {
    const { employer, worker, job } = await agreedDay();
    const form: AmountCorrectionInput = {
      kind: "employer_to_worker",
      currency: "RUB",
      amount: "10",
      employer: { userId: employer.id },
      worker: { userId: worker.id },
      jobId: job.id,
      reason: "Overtime",
      requestKey: randomUUID(),
    };
    const post = (input: Partial<AmountCorrectionInput>) =>
      t.callerAs(admin).ledgerCorrections.post({ ...form, ...input, requestKey: randomUUID() });
    // A worker named as the employer: the employer's receivable is not kept for a worker.
    await expectRefusal(post({ employer: { userId: worker.id } }), "BAD_REQUEST", ERR.correctionPartyKind);
    await expectRefusal(post({ worker: null }), "BAD_REQUEST", ERR.correctionPartyMissing);
    // Refused by the form's schema ("abc", "1.234", "-5") or on the server (zero, above the most).
    for (const amount of ["0", "0,00", "abc", "1.234", "-5", "10000000.01"]) {
      await expectRefusal(post({ amount }), "BAD_REQUEST", ERR.correctionAmountInvalid);
    }
    await expectRefusal(post({ currency: "EUR" }), "BAD_REQUEST", ERR.correctionCurrency);
    await expectRefusal(post({ reason: "   " }), "BAD_REQUEST", ERR.correctionReasonRequired);
    await expectRefusal(post({ jobId: randomUUID() }), "NOT_FOUND", ERR.notFound);
    await expectRefusal(post({ worker: { userId: "no-such-person-0000" } }), "NOT_FOUND", ERR.notFound);
    await expectRefusal(post({ worker: { userId: admin } }), "FORBIDDEN", ERR.operatorSelf);
    // Nothing of it was written.
    expect(await balanceOf(worker.id)).toEqual({ worker_payable: "-4000.00" });
  });

  it("posts once for a double submit of one form; the same key with other content is refused", async () => {
    const { employer, worker } = await agreedDay();
    const form = {
      kind: "worker_to_employer" as const,
      currency: "RUB" as const,
      amount: "250.50",
      employer: { userId: employer.id },
      worker: { userId: worker.id },
      reason: "Paid twice for the same hour",
      requestKey: randomUUID(),
    };
    const answers = await Promise.all([1, 2, 3].map(() => t.callerAs(admin).ledgerCorrections.post(form)));
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await balanceOf(worker.id)).toEqual({ worker_payable: "-3749.50" });
    expect(await t.db.$count(operatorAudit, eq(operatorAudit.subjectId, answers[0]?.transactionId ?? ""))).toBe(1);
    await expectRefusal(
      t.callerAs(admin).ledgerCorrections.post({ ...form, amount: "250.51" }),
      "CONFLICT",
      ERR.requestKeyReused,
    );
  });
});

describe("a reversal", () => {
  it("posts the exact opposite of every line, once; a second one is refused", async () => {
    const { employer, worker, job, transactionId } = await agreedDay();
    const reverse = { kind: "reverse" as const, transactionId, reason: "Posted for the wrong job", requestKey: randomUUID() };
    const first = await t.callerAs(admin).ledgerCorrections.post(reverse);
    const again = await t.callerAs(admin).ledgerCorrections.post({ ...reverse, requestKey: randomUUID() });
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });

    const lines = async (id: string) =>
      (
        await t.db
          .select({ account: ledgerPostings.account, partyId: ledgerPostings.partyId, amount: ledgerPostings.amountMinor })
          .from(ledgerPostings)
          .where(eq(ledgerPostings.transactionId, id))
      )
        .map((l) => `${l.account}|${l.partyId}|${l.amount}`)
        .sort();
    const opposite = (await lines(transactionId)).map((l) => {
      const [account, party, amount] = l.split("|");
      return `${account}|${party}|${-BigInt(amount ?? "0")}`;
    });
    expect(await lines(first.transactionId)).toEqual(opposite.sort());
    const [posted] = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, first.transactionId));
    expect(posted).toMatchObject({ cause: "operator_correction", causeRef: transactionId, jobId: job.id, currency: "RUB" });
    expect(await balanceOf(worker.id)).toEqual({});
    expect(await balanceOf(employer.id)).toEqual({});
    await ledgerBalances();

    const view = await t.callerAs(admin).ledgerCorrections.money({ jobId: job.id });
    expect(view.statement.items.filter((l) => l.transactionId === transactionId).every((l) => l.reversed)).toBe(true);
    await expectRefusal(
      t.callerAs(admin).ledgerCorrections.post({ ...reverse, reason: "Once more", requestKey: randomUUID() }),
      "CONFLICT",
      ERR.correctionAlreadyReversed,
    );
    await expectRefusal(
      t.callerAs(admin).ledgerCorrections.post({ ...reverse, transactionId: randomUUID() }),
      "NOT_FOUND",
      ERR.notFound,
    );
  });
});

describe("the audit row", () => {
  it("fails the posting when it cannot be written: both or neither", async () => {
    const { employer, worker } = await agreedDay();
    // The audit log refuses this one row, as a full disk or a broken trigger would.
    await t.db.execute(sql`
      create function refuse_correction_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$;
      create trigger refuse_correction_audit before insert on operator_audit
      for each row when (new.action = 'correct_ledger') execute function refuse_correction_audit()`);
    const requestKey = randomUUID();
    try {
      await expect(
        postCorrection(t.db, admin, {
          kind: "employer_to_worker",
          currency: "RUB",
          amount: "100",
          employer: { userId: employer.id },
          worker: { userId: worker.id },
          reason: "Overtime",
          requestKey,
        }),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger refuse_correction_audit on operator_audit; drop function refuse_correction_audit()`);
    }
    expect(await t.db.$count(ledgerTransactions, eq(ledgerTransactions.idempotencyKey, `correction:${requestKey}`))).toBe(0);
    expect(await balanceOf(worker.id)).toEqual({ worker_payable: "-4000.00" });
  });
});

describe("who may", () => {
  it("lets a moderator read money but not correct it; finds people by e-mail and jobs by id", async () => {
    const { employer, worker, job } = await agreedDay();
    await expectRefusal(
      t.callerAs(moderator).ledgerCorrections.post({
        kind: "platform_to_worker",
        currency: "RUB",
        amount: "1",
        worker: { userId: worker.id },
        reason: "Goodwill",
        requestKey: randomUUID(),
      }),
      "FORBIDDEN",
      ERR.adminsOnly,
    );
    await expectRefusal(t.callerAs(worker.id).ledgerCorrections.money({ jobId: job.id }), "FORBIDDEN", ERR.operatorsOnly);
    const byEmail = await t.callerAs(moderator).ledgerCorrections.find({ query: employer.email.toUpperCase() });
    expect(byEmail.people).toMatchObject([{ userId: employer.id, name: "Olga Owner", kind: "employer" }]);
    const byId = await t.callerAs(moderator).ledgerCorrections.find({ query: job.id });
    expect(byId.jobs).toEqual([{ jobId: job.id, title: job.title }]);
    const view = await t.callerAs(moderator).ledgerCorrections.money({ jobId: job.id });
    // The job's owner and worker, and the platform's party (the fee).
    expect(view.people.map((p) => p.userId ?? p.kind).sort()).toEqual([employer.id, worker.id, "platform"].sort());
    await expectRefusal(t.callerAs(moderator).ledgerCorrections.money({ jobId: randomUUID() }), "NOT_FOUND", ERR.notFound);
    const page = await t.callerAs(moderator).ledgerCorrections.statement({ of: { userId: worker.id }, cursor: null });
    expect(page.items).toHaveLength(1);
  });
});
