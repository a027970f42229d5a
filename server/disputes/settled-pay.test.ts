import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createWorker } from "../../db/factories/users.ts";
import { ledgerTransactions, operators } from "../../db/schema/index.ts";
import { settledPayKey } from "../../domain/direct-pay.ts";
import type { PayMode } from "../../domain/pay-mode.ts";
import { FIRST_DAY, shiftScene, shiftTestbed, workDay } from "../attendance/shift-test-kit.ts";
import { directPayStates } from "../money/direct-pay-states.ts";
import { securePlannedPay } from "../money/holds/holds-test-kit.ts";
import { jobMoney } from "../money/ledger/job-money.ts";
import { workerBalance } from "../money/ledger/worker-money.ts";

// docs/decisions/080: an operator's settlement of a dispute the owner had resolved at other minutes
// leaves the ledger at the settled pay, by a posting of the difference keyed per settlement.
const bed = shiftTestbed();

async function moderator() {
  const { id } = await createWorker(bed.t.db, { fullName: "Mona Moderator" });
  await bed.t.db.insert(operators).values({ userId: id, role: "moderator" });
  return id;
}

/**
 * A day worked 08:00-16:30 (510 minutes) at 600 an hour, cut to 450 by the owner, disputed by the worker,
 * sent to Daywork 48 hours later, then resolved by the owner at `resolvedAt` minutes; answers the appeal.
 */
async function resolvedThenEscalated(payMode: PayMode, resolvedAt: number) {
  const scene = await shiftScene(bed.t, 1, { payMode });
  // A job paid through Daywork starts once its planned pay is held (docs/decisions/079).
  if (payMode === "through_daywork") await securePlannedPay(bed.t, scene.job.id);
  const sheet = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "16:30");
  bed.at(FIRST_DAY, "20:00");
  const owner = bed.t.callerAs(scene.owner.id);
  await owner.timesheets.edit({ timesheetId: sheet.id, minutes: 450, reason: "Long lunch" });
  bed.at(FIRST_DAY, "21:00");
  await bed.t.callerAs(scene.worker.id).timesheets.dispute({ timesheetId: sheet.id, reason: "No lunch", minutes: 510 });
  bed.later(48 * 60);
  const { appealId } = await bed.t
    .callerAs(scene.worker.id)
    .disputes.escalateTimesheet({ timesheetId: sheet.id, text: "Please" });
  await owner.timesheets.resolve({ timesheetId: sheet.id, minutes: resolvedAt, reason: "Still a long lunch" });
  return { ...scene, sheet, appealId };
}

const dayPostings = (timesheetId: string) =>
  bed.t.db
    .select({ key: ledgerTransactions.idempotencyKey, memo: ledgerTransactions.memo })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.causeRef, timesheetId), eq(ledgerTransactions.cause, "timesheet_agreed")))
    .orderBy(asc(ledgerTransactions.createdAt));

describe("an operator settling a day the owner had resolved", () => {
  it("through Daywork: the ledger moves from the owner's minutes to the settled ones, pay and fee", async () => {
    const { job, worker, sheet, appealId } = await resolvedThenEscalated("through_daywork", 450);
    // 450 minutes at 600 an hour: 4500.00 to the worker, 450.00 fee.
    expect(await workerBalance(bed.t.db, worker.id)).toMatchObject([{ currency: "RUB", earned: 450000n }]);

    const mod = await moderator();
    const note = "The gate log shows 16:30 and no lunch";
    await bed.t.callerAs(mod).disputes.settleTimesheet({ appealId, minutes: 510, note });

    // 510 minutes: 5100.00 and a fee of 510.00, the employer owing 5610.00.
    expect(await workerBalance(bed.t.db, worker.id)).toMatchObject([{ earned: 510000n, availableToPayOut: 510000n }]);
    expect(await jobMoney(bed.t.db, job.id)).toMatchObject([{ work: 510000n, fee: 51000n, outstanding: 561000n }]);
    expect(await dayPostings(sheet.id)).toEqual([
      { key: `timesheet:${sheet.id}:agreed`, memo: null },
      { key: settledPayKey(sheet.id, appealId), memo: note },
    ]);
  });

  it("down as well as up, and not at all when the owner's minutes stand", async () => {
    const lower = await resolvedThenEscalated("through_daywork", 510);
    const mod = await moderator();
    await bed.t.callerAs(mod).disputes.settleTimesheet({ appealId: lower.appealId, minutes: 420, note: "Left at 15:00" });
    expect(await jobMoney(bed.t.db, lower.job.id)).toMatchObject([{ work: 420000n, fee: 42000n, outstanding: 462000n }]);

    const same = await resolvedThenEscalated("through_daywork", 480);
    await bed.t.callerAs(mod).disputes.settleTimesheet({ appealId: same.appealId, minutes: 480, note: "The owner was right" });
    expect(await dayPostings(same.sheet.id)).toHaveLength(1);
    expect(await jobMoney(bed.t.db, same.job.id)).toMatchObject([{ work: 480000n, fee: 48000n }]);
  });

  it("paid directly: the day's direct pay reads the settled amount", async () => {
    const { job, worker, sheet, appealId } = await resolvedThenEscalated("direct", 450);
    expect((await directPayStates(bed.t.db, job.id)).get(sheet.id)).toMatchObject({ amount: "4500.00", state: "owed" });
    const mod = await moderator();
    await bed.t.callerAs(mod).disputes.settleTimesheet({ appealId, minutes: 510, note: "No lunch on the log" });
    expect((await directPayStates(bed.t.db, job.id)).get(sheet.id)).toMatchObject({ amount: "5100.00", state: "owed" });
    expect(await workerBalance(bed.t.db, worker.id)).toMatchObject([{ directOwed: 510000n, earned: 0n }]);
    const rows = (await bed.t.callerAs(worker.id).timesheets.forJob({ jobId: job.id })).rows;
    expect(rows[0]?.directPay).toMatchObject({ amount: "5100.00" });
  });
});
