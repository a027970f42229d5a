import { describe, expect, it } from "vitest";

import { JOB_CURRENCIES } from "./currencies.ts";
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
} from "./ledger-flows.ts";
import {
  bookSums,
  entryProblem,
  LEDGER_ACCOUNT_RULES,
  LEDGER_LIMITS,
  payForMinutes,
  person,
  PLATFORM,
  platformFee,
  provider,
  type EntryDetails,
  type LedgerEntry,
} from "./ledger.ts";
import { divideRounded, fromMinorUnits, MINOR_UNIT_DIGITS, toMinorUnits } from "./minor-units.ts";

const employer = person("employer-1");
const worker = person("worker-1");
const other = person("worker-2");
const cash = provider("yookassa");
const details: EntryDetails = { idempotencyKey: "k", causeRef: "ref", memo: null, hasCreator: false };

describe("minor units", () => {
  it("knows every job currency's minor unit (ISO 4217)", () => {
    expect(Object.keys(MINOR_UNIT_DIGITS).sort()).toEqual([...JOB_CURRENCIES].sort());
  });

  it.each([
    ["350.50", 35050n],
    ["350.5", 35050n],
    ["350", 35000n],
    ["0.01", 1n],
    ["350.500", 35050n],
    ["-12.30", -1230n],
    // Past 2^53 kopecks, where a float would already be off.
    ["99999999999999.99", 9999999999999999n],
  ])("reads %s exactly as %s minor units", (decimal, minor) => {
    expect(toMinorUnits(decimal, "RUB")).toBe(minor);
  });

  it.each(["350.505", "1e3", "", "12,50", "0x10", " . "])("refuses %j: not a decimal of whole kopecks", (decimal) => {
    expect(toMinorUnits(decimal, "RUB")).toBeNull();
  });

  it("writes minor units back as a decimal", () => {
    expect(fromMinorUnits(35050n, "RUB")).toBe("350.50");
    expect(fromMinorUnits(5n, "EUR")).toBe("0.05");
    expect(fromMinorUnits(-1230n, "USD")).toBe("-12.30");
    expect(fromMinorUnits(0n, "GBP")).toBe("0.00");
  });

  it("rounds halves away from zero, as Postgres's round() does", () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(5n, 3n)).toBe(2n);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });
});

describe("pay and the platform's fee", () => {
  it("pays minutes × rate / 60 to the kopeck, halves up, like server/timesheets/earnings.ts", () => {
    // 480 min at 350.50/h = 2804.00; 7 min at 350.50/h = 40.891(6) → 40.89; 1 min at 0.30/h = 0.005 → 0.01.
    expect(payForMinutes(480, 35050n)).toBe(280400n);
    expect(payForMinutes(7, 35050n)).toBe(4089n);
    expect(payForMinutes(1, 30n)).toBe(1n);
    expect(payForMinutes(0, 35050n)).toBe(0n);
    expect(() => payForMinutes(1.5, 100n)).toThrow(RangeError);
    expect(() => payForMinutes(-1, 100n)).toThrow(RangeError);
  });

  it("takes 10 % on top, rounded to the minor unit with halves up", () => {
    expect(platformFee(280400n)).toBe(28040n);
    expect(platformFee(5n)).toBe(1n);
    expect(platformFee(4n)).toBe(0n);
    expect(platformFee(15n)).toBe(2n);
  });
});

function balanced(entry: LedgerEntry) {
  expect(bookSums(entry.lines)).toEqual({ money: 0n, holds: 0n, direct: 0n });
  expect(entryProblem(entry, details)).toBeNull();
}

describe("flows", () => {
  it("records an agreed day through Daywork: the employer owes pay and fee, the worker the pay, the platform the fee", () => {
    const entry = timesheetAgreed("through_daywork", employer, worker, 280400n);
    balanced(entry);
    expect(entry.lines).toEqual([
      { account: "employer_receivable", party: employer, amountMinor: 308440n },
      { account: "worker_payable", party: worker, amountMinor: -280400n },
      { account: "platform_fee", party: PLATFORM, amountMinor: -28040n },
    ]);
  });

  it("records an agreed day paid directly in the direct book, both sides, without a fee", () => {
    const entry = timesheetAgreed("direct", employer, worker, 1000n);
    balanced(entry);
    expect(entry.lines).toEqual([
      { account: "direct_owed", party: employer, amountMinor: 1000n },
      { account: "direct_owed", party: worker, amountMinor: -1000n },
    ]);
  });

  it("leaves out a fee that rounds to nothing", () => {
    expect(timesheetAgreed("through_daywork", employer, worker, 4n).lines).toHaveLength(2);
  });

  it("balances every flow, each book on its own", () => {
    const shares = [
      { party: worker, amountMinor: 1000n },
      { party: PLATFORM, amountMinor: 100n },
    ];
    for (const entry of [
      holdAuthorised(employer, shares),
      holdAdjusted(employer, [
        { party: other, amountMinor: 1000n },
        { party: PLATFORM, amountMinor: 100n },
      ]),
      holdAdjusted(employer, [{ party: worker, amountMinor: -500n }]),
      holdReleased(employer, shares),
      captured(employer, cash, 1100n, shares),
      refunded(employer, cash, 50n),
      payoutRequested(worker, 1000n),
      payoutPaid(worker, cash, 1000n),
      payoutFailed(worker, 1000n),
      cancellationCompensation("through_daywork", employer, worker, 2000n),
      cancellationCompensation("direct", employer, worker, 2000n),
      directPaymentMarked(employer, worker, 1000n),
      directPaymentConfirmed(employer, worker, 1000n),
    ])
      balanced(entry);
  });

  it("adjusts a hold by the net change: a worker swapped for another moves no card amount", () => {
    const entry = holdAdjusted(employer, [
      { party: worker, amountMinor: -1000n },
      { party: other, amountMinor: 1000n },
      { party: PLATFORM, amountMinor: 0n },
    ]);
    expect(entry.lines.map((l) => l.account)).toEqual(["hold_secured", "hold_secured"]);
    balanced(entry);
  });

  it("charges no fee on compensation", () => {
    expect(cancellationCompensation("through_daywork", employer, worker, 2000n).lines).toEqual([
      { account: "employer_receivable", party: employer, amountMinor: 2000n },
      { account: "worker_payable", party: worker, amountMinor: -2000n },
    ]);
  });

  it("refuses amounts that are not positive and hold shares that do not add up to a capture", () => {
    expect(() => timesheetAgreed("through_daywork", employer, worker, 0n)).toThrow(RangeError);
    expect(() => payoutRequested(worker, -1n)).toThrow(RangeError);
    expect(() => holdAuthorised(employer, [{ party: worker, amountMinor: 0n }])).toThrow(RangeError);
    expect(() => captured(employer, cash, 1000n, [{ party: worker, amountMinor: 999n }])).toThrow(RangeError);
  });

  it("keeps every account in one book, for the kinds of party the flows use it for", () => {
    for (const rule of Object.values(LEDGER_ACCOUNT_RULES)) expect(rule.parties.length).toBeGreaterThan(0);
  });
});

describe("entryProblem: the ledger's limits", () => {
  const ok = timesheetAgreed("through_daywork", employer, worker, 1000n);
  const correction = operatorCorrection([
    { account: "worker_payable", party: worker, amountMinor: -100n },
    { account: "platform_adjustments", party: PLATFORM, amountMinor: 100n },
  ]);

  it("takes an idempotency key of 1 to 200 characters", () => {
    expect(entryProblem(ok, { ...details, idempotencyKey: "k".repeat(LEDGER_LIMITS.idempotencyKey) })).toBeNull();
    expect(entryProblem(ok, { ...details, idempotencyKey: "k".repeat(LEDGER_LIMITS.idempotencyKey + 1) })).toMatch(/key/);
    expect(entryProblem(ok, { ...details, idempotencyKey: "" })).toMatch(/key/);
  });

  it("takes a cause reference of 1 to 200 characters, or none", () => {
    expect(entryProblem(ok, { ...details, causeRef: null })).toBeNull();
    expect(entryProblem(ok, { ...details, causeRef: "r".repeat(LEDGER_LIMITS.causeRef) })).toBeNull();
    expect(entryProblem(ok, { ...details, causeRef: "r".repeat(LEDGER_LIMITS.causeRef + 1) })).toMatch(/cause_ref/);
    expect(entryProblem(ok, { ...details, causeRef: "" })).toMatch(/cause_ref/);
  });

  it("takes a memo of up to 1000 characters", () => {
    expect(entryProblem(ok, { ...details, memo: "m".repeat(LEDGER_LIMITS.memo) })).toBeNull();
    expect(entryProblem(ok, { ...details, memo: "m".repeat(LEDGER_LIMITS.memo + 1) })).toMatch(/memo/);
  });

  it("takes 2 to 200 lines", () => {
    const pair = (n: bigint) => [
      { account: "worker_payable" as const, party: worker, amountMinor: -n },
      { account: "employer_receivable" as const, party: employer, amountMinor: n },
    ];
    const lines = (pairs: number) => Array.from({ length: pairs }, (_, i) => pair(BigInt(i + 1))).flat();
    expect(entryProblem({ cause: "timesheet_agreed", lines: lines(LEDGER_LIMITS.linesMax / 2) }, details)).toBeNull();
    expect(
      entryProblem({ cause: "timesheet_agreed", lines: [...lines(LEDGER_LIMITS.linesMax / 2), ...pair(1n)] }, details),
    ).toMatch(/line count/);
    expect(entryProblem({ cause: "timesheet_agreed", lines: [] }, details)).toMatch(/line count/);
    expect(entryProblem({ cause: "timesheet_agreed", lines: pair(1n).slice(0, 1) }, details)).toMatch(/line count/);
  });

  it("refuses a zero amount and a book that does not balance, even when all books together do", () => {
    expect(
      entryProblem(
        {
          cause: "timesheet_agreed",
          lines: [
            { account: "worker_payable", party: worker, amountMinor: 0n },
            { account: "employer_receivable", party: employer, amountMinor: 0n },
          ],
        },
        details,
      ),
    ).toMatch(/zero/);
    expect(
      entryProblem(
        {
          cause: "captured",
          lines: [
            { account: "provider_cash", party: cash, amountMinor: 100n },
            { account: "card_hold", party: employer, amountMinor: -100n },
          ],
        },
        details,
      ),
    ).toMatch(/money book/);
  });

  it("takes a correction only with its reason and its author", () => {
    expect(entryProblem(correction, { ...details, memo: "Timesheet double-counted, ticket 41", hasCreator: true })).toBeNull();
    expect(entryProblem(correction, { ...details, memo: "   ", hasCreator: true })).toMatch(/reason/);
    expect(entryProblem(correction, { ...details, memo: "Why", hasCreator: false })).toMatch(/author/);
  });
});
