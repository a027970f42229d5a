import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../../db/database.ts";
import { createAcceptedApplication } from "../../../db/factories/hiring.ts";
import { createJob, dateFromToday } from "../../../db/factories/jobs.ts";
import { createWorker } from "../../../db/factories/users.ts";
import { timesheets } from "../../../db/schema/index.ts";
import { ERR } from "../../../domain/errors.ts";
import { cancellationCompensation, captured, holdAuthorised } from "../../../domain/ledger-flows.ts";
import { person, PLATFORM, provider, type LedgerEntry } from "../../../domain/ledger.ts";
import { formatMinorIn } from "../../../domain/money-format.ts";
import { signUpMember, type SignedUp } from "../../testing/accounts.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { expectRefusal } from "../../testing/refusal.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { postAgreedPay } from "../agreed-pay.ts";
import { markPaid } from "../direct-pay.ts";
import { postTransaction } from "../ledger/post-transaction.ts";
import { workerEarningsByMonth } from "../ledger/worker-money.ts";
import { jobStatement } from "./job-statement.ts";
import { jobStatementPdf } from "./pdf/statement-pdf.ts";
import { workerMonthLines } from "./worker-month.ts";

// Statements (issue 39 item 7) against the ledger: a job paid through Daywork (a hold, two workers' agreed
// days, a capture, a compensation) and a job paid directly (a day marked paid); each statement's lines
// add up to its totals and the totals to the ledger's own sums; the files say the same in the reader's
// language, and nobody but the owner gets a job's statement.

let t: TestApp;
let employer: SignedUp;
let anna: SignedUp;
let boris: { id: string };
let stranger: SignedUp;
let daywork: { id: string };
let direct: { id: string };

let keys = 0;
async function post(entry: LedgerEntry, jobId: string) {
  keys += 1;
  const result = await t.db.transaction((tx) =>
    postTransaction(tx, { ...entry, idempotencyKey: `statements-test:${keys}`, currency: "RUB", causeRef: `ref-${keys}`, jobId }),
  );
  if (!result.ok) throw new Error(result.reason);
}

/** An agreed day of `minutes` for a hire, its pay posted as the timesheets do. */
async function agreedDay(jobId: string, applicationId: string, day: number, minutes: number) {
  const [row] = await t.db
    .insert(timesheets)
    .values({
      jobId,
      applicationId,
      shiftDate: dateFromToday(day),
      status: "accepted",
      recordedMinutes: minutes,
      minutes,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: timesheets.id });
  if (!row) throw new Error("timesheet was not inserted");
  await t.db.transaction((tx) => postAgreedPay(tx, [row.id]));
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  employer = await signUpMember(t, { userType: "employer", name: "Olga Employer" });
  anna = await signUpMember(t, { userType: "worker", name: "Anna Petrova" });
  stranger = await signUpMember(t, { userType: "employer", name: "Sam Stranger" });
  boris = await createWorker(t.db, { fullName: "Boris Ivanov" });

  // Through Daywork: 500.00 an hour, two days, two workers; 8 h each secured for each.
  daywork = await createJob(t.db, employer.id, {
    title: "Склад: ночная смена",
    startDate: dateFromToday(-2),
    durationDays: 2,
    hourlyRate: 500,
    currency: "RUB",
    payMode: "through_daywork",
  });
  const annaHire = await createAcceptedApplication(t.db, daywork.id, anna.id);
  const borisHire = await createAcceptedApplication(t.db, daywork.id, boris.id);
  await post(
    holdAuthorised(person(employer.id), [
      { party: person(anna.id), amountMinor: 800_000n },
      { party: person(boris.id), amountMinor: 800_000n },
      { party: PLATFORM, amountMinor: 160_000n },
    ]),
    daywork.id,
  );
  await agreedDay(daywork.id, annaHire.id, -2, 480); // 4,000.00 + fee 400.00
  await agreedDay(daywork.id, borisHire.id, -2, 450); // 3,750.00 + fee 375.00
  await agreedDay(daywork.id, annaHire.id, -1, 90); // 750.00 + fee 75.00
  await post(
    captured(person(employer.id), provider("yookassa"), 440_000n, [
      { party: person(anna.id), amountMinor: 400_000n },
      { party: PLATFORM, amountMinor: 40_000n },
    ]),
    daywork.id,
  );
  await post(cancellationCompensation("through_daywork", person(employer.id), person(boris.id), 120_000n), daywork.id);

  // Paid directly: 300.00 an hour, Anna's 6 h day marked paid.
  direct = await createJob(t.db, employer.id, {
    title: "Garden work",
    startDate: dateFromToday(-1),
    durationDays: 1,
    hourlyRate: 300,
    currency: "RUB",
    payMode: "direct",
  });
  const directHire = await createAcceptedApplication(t.db, direct.id, anna.id);
  const day = await agreedDay(direct.id, directHire.id, -1, 360);
  const marked = await markPaid(t.db, t.services.queue, { ownerId: employer.id, timesheetId: day });
  if (!("state" in marked)) throw new Error("the day was not marked paid");
});
afterAll(() => t.close());

/** What the employer's receivable was charged for the job's work, compensation and fee: the ledger's own sum. */
async function employerCharged(jobId: string) {
  const [row] = await queryRows<{ charged: string }>(
    t.db,
    sql`select coalesce(sum(p.amount_minor), 0)::text as charged
        from ledger_transactions tx join ledger_postings p on p.transaction_id = tx.id
        where tx.job_id = ${jobId}::uuid and p.account = 'employer_receivable' and p.amount_minor > 0`,
  );
  return BigInt(row?.charged ?? "0");
}

describe("a job's statement", () => {
  it("has each worker's hours, pay, compensation and fee, and adds up to the ledger", async () => {
    const statement = await t.callerAs(employer.id).statements.jobStatement({ jobId: daywork.id });
    expect(statement.job).toMatchObject({ title: "Склад: ночная смена", payMode: "through_daywork", hourlyRate: "500.00" });
    expect(statement.workers.map((w) => [w.name, w.agreedMinutes, w.pay, w.compensation, w.fee])).toEqual([
      ["Anna Petrova", 570, 475_000n, 0n, 47_500n],
      ["Boris Ivanov", 450, 375_000n, 120_000n, 37_500n],
    ]);
    const sum = (pick: (w: (typeof statement.workers)[number]) => bigint) => statement.workers.reduce((s, w) => s + pick(w), 0n);
    expect(statement.totals).toEqual({
      agreedMinutes: 1020,
      pay: sum((w) => w.pay),
      compensation: sum((w) => w.compensation),
      fee: sum((w) => w.fee),
      directMarkedPaid: 0n,
      directConfirmed: 0n,
    });
    expect(statement.money).toMatchObject({
      work: statement.totals.pay,
      fee: statement.totals.fee,
      compensation: statement.totals.compensation,
      authorised: 1_760_000n,
      captured: 440_000n,
      held: 1_320_000n,
      outstanding: 850_000n + 85_000n + 120_000n - 440_000n,
    });
    expect(statement.totals.pay + statement.totals.fee + statement.totals.compensation).toBe(await employerCharged(daywork.id));
  });

  it("of a job paid directly counts what was marked paid", async () => {
    const statement = await t.callerAs(employer.id).statements.jobStatement({ jobId: direct.id });
    expect(statement.workers).toEqual([
      expect.objectContaining({ name: "Anna Petrova", agreedMinutes: 360, pay: 180_000n, fee: 0n, directMarkedPaid: 180_000n }),
    ]);
    expect(statement.money).toMatchObject({ directOwed: 0n, directMarkedPaid: 180_000n, fee: 0n, work: 0n });
  });

  it("is nobody else's: a worker of the job and a stranger read 'Job not found'", async () => {
    for (const who of [anna.id, stranger.id])
      await expectRefusal(t.callerAs(who).statements.jobStatement({ jobId: daywork.id }), "NOT_FOUND", ERR.jobNotFound);
    expect(await jobStatement(t.db, { jobId: daywork.id, ownerId: stranger.id })).toBeNull();
  });
});

describe("a worker's earnings and an employer's spend", () => {
  it("give the worker their months and balances, summed over their own postings", async () => {
    const earnings = await t.callerAs(anna.id).statements.myEarnings();
    expect(earnings.months).toEqual([
      expect.objectContaining({ currency: "RUB", agreed: 475_000n, directAgreed: 180_000n, heldAtEnd: 400_000n, paid: 0n }),
    ]);
    expect(earnings.balances).toEqual([
      expect.objectContaining({ currency: "RUB", earned: 475_000n, secured: 400_000n, directMarkedPaid: 180_000n }),
    ]);
    // The month by job adds up to the month.
    const [month] = earnings.months;
    const lines = await workerMonthLines(t.db, { userId: anna.id, month: month?.month ?? "", timeZone: null });
    expect(lines.map((l) => [l.title, l.agreedMinutes, l.agreed, l.directAgreed])).toEqual([
      ["Склад: ночная смена", 570, 475_000n, 0n],
      ["Garden work", 360, 0n, 180_000n],
    ]);
    expect(lines.reduce((s, l) => s + l.agreed, 0n)).toBe(month?.agreed);
    expect(lines.reduce((s, l) => s + l.directAgreed, 0n)).toBe(month?.directAgreed);
  });

  it("give the employer each job's spend with its title, and a worker none", async () => {
    const spend = await t.callerAs(employer.id).statements.mySpend({});
    expect(spend.items.map((i) => [i.title, i.payMode, i.work, i.fee])).toEqual([
      ["Garden work", "direct", 0n, 0n],
      ["Склад: ночная смена", "through_daywork", 850_000n, 85_000n],
    ]);
    expect((await t.callerAs(anna.id).statements.mySpend({})).items).toEqual([]);
    // The employer's side of a directly paid day is what they owe, not earnings.
    expect(await t.callerAs(employer.id).statements.myEarnings()).toMatchObject({ months: [], balances: [] });
  });
});

/** A GET of a statement file, as the signed-in `who` (or nobody). */
function download(url: string, who: SignedUp | null) {
  return t.app.inject({ method: "GET", url, headers: who ? { cookie: who.cookie } : {} });
}

/** A CSV's lines as cells (no quoted commas in these scenes), without the byte-order mark. */
function csvLines(body: string): string[][] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  return body
    .slice(1)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => line.split(","));
}

/** Text without its spaces: pdf.js splits and joins a PDF's runs of text where it sees fit. */
const squeeze = (text: string) => text.replace(/\s+/gu, "");

describe("the files", () => {
  it("a job's CSV lists each worker in major units and the ledger's totals, in the reader's language", async () => {
    const res = await download(`/api/statements/jobs/${daywork.id}/statement.csv?lang=de`, employer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename\*=UTF-8''job-statement-/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const [header, ...rows] = csvLines(res.body);
    expect(header?.slice(0, 5)).toEqual(["Job", "Arbeitskraft", "Stunden", "Währung", "Lohn"]);
    expect(rows.map((r) => r.slice(1))).toEqual([
      ["Anna Petrova", "9.50", "RUB", "4750.00", "0.00", "475.00", "0.00", "0.00"],
      ["Boris Ivanov", "7.50", "RUB", "3750.00", "1200.00", "375.00", "0.00", "0.00"],
      ["Gesamt", "17.00", "RUB", "8500.00", "1200.00", "850.00", "0.00", "0.00"],
    ]);
  });

  it("the spend CSV and the earnings CSV hold the same figures as the screens", async () => {
    const spend = csvLines((await download("/api/statements/spend.csv?lang=en", employer)).body);
    expect(spend.map((r) => [r[0], r[4], r[5], r[6], r[8]])).toEqual([
      ["Job", "Workers' pay", "Daywork fee", "Cancellation compensation", "Charged"],
      ["Garden work", "0.00", "0.00", "0.00", "0.00"],
      ["Склад: ночная смена", "8500.00", "850.00", "1200.00", "4400.00"],
    ]);
    const earnings = csvLines((await download("/api/statements/earnings.csv?lang=en", anna)).body);
    const [month] = await workerEarningsByMonth(t.db, anna.id, null);
    expect(earnings[1]).toEqual([month?.month, "RUB", "4000.00", "4750.00", "0.00", "1800.00", "0.00"]);
  });

  it("a job's PDF is a receipt in the reader's language with the ledger's figures", async () => {
    const res = await download(`/api/statements/jobs/${daywork.id}/statement.pdf?lang=ru`, employer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = squeeze((await pdfText(res.rawPayload)).join(""));
    for (const words of ["Выписка по вакансии", "Склад: ночная смена", "Anna Petrova", "Boris Ivanov", "Комиссия Daywork"])
      expect(text).toContain(squeeze(words));
    const rub = (minor: bigint) => squeeze(formatMinorIn(minor, "RUB", "ru"));
    // Pay, fee, compensation, the total charged and the capture, as the ledger sums them.
    for (const minor of [475_000n, 375_000n, 850_000n, 85_000n, 120_000n, 1_055_000n, 440_000n])
      expect(text).toContain(rub(minor));
    expect(res.rawPayload.toString("latin1")).toContain("/Lang (ru)");
  });

  it("is drawn with glyphs for every character in all ten languages, Arabic right to left", async () => {
    const statement = await jobStatement(t.db, { jobId: daywork.id, ownerId: employer.id });
    if (!statement) throw new Error("no statement");
    for (const language of ["ru", "en", "uz", "kk", "tk", "es", "de", "fr", "ar", "zh"] as const) {
      const pdf = await jobStatementPdf(statement, { language, now: new Date() });
      expect(pdf.missingGlyphs, language).toBe(0);
    }
    const zh = await pdfText((await download(`/api/statements/jobs/${daywork.id}/statement.pdf?lang=zh`, employer)).rawPayload);
    expect(zh.join("")).toContain("工作对账单");
    const ar = await pdfText((await download(`/api/statements/jobs/${daywork.id}/statement.pdf?lang=ar`, employer)).rawPayload);
    const arabic = ar.join(" ");
    expect(arabic).toMatch(/\p{Script=Arabic}{3}/u);
    expect(squeeze(arabic)).toContain("AnnaPetrova");
  });

  it("a worker's month PDF has their month's figures", async () => {
    const [month] = await workerEarningsByMonth(t.db, anna.id, null);
    const res = await download(`/api/statements/months/${month?.month}/statement.pdf?lang=en`, anna);
    expect(res.statusCode).toBe(200);
    const text = squeeze((await pdfText(res.rawPayload)).join(""));
    for (const words of [
      "Anna Petrova",
      "Склад: ночная смена",
      "Garden work",
      formatMinorIn(475_000n, "RUB", "en"),
      formatMinorIn(180_000n, "RUB", "en"),
    ])
      expect(text).toContain(squeeze(words));
  });

  it("refuse a stranger, a worker of the job and a visitor; 'not yours' reads like 'no such job'", async () => {
    for (const path of ["statement.csv", "statement.pdf"]) {
      for (const who of [stranger, anna]) {
        const res = await download(`/api/statements/jobs/${daywork.id}/${path}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: ERR.jobNotFound });
        const missing = await download(`/api/statements/jobs/00000000-0000-4000-8000-000000000000/${path}`, who);
        expect(missing.json()).toEqual(res.json());
      }
      expect((await download(`/api/statements/jobs/${daywork.id}/${path}`, null)).statusCode).toBe(401);
    }
    expect((await download("/api/statements/spend.csv", null)).statusCode).toBe(401);
    expect((await download("/api/statements/months/2026-13/statement.pdf", anna)).statusCode).toBe(404);
    expect((await download("/api/statements/jobs/not-a-uuid/statement.pdf", employer)).statusCode).toBe(404);
  });
});
