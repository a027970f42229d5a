import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createWorker } from "../../db/factories/users.ts";
import { appeals, operatorAudit, operators, reliabilityEvents, timesheets } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { FIRST_DAY, noticesOf, SECOND_DAY, shiftScene, shiftTestbed, workDay } from "../attendance/shift-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";

// docs/decisions/074: the marketplace's own disputes before operators.
const bed = shiftTestbed();

async function moderator(userId?: string) {
  const id = userId ?? (await createWorker(bed.t.db, { fullName: "Mona Moderator" })).id;
  await bed.t.db.insert(operators).values({ userId: id, role: "moderator" });
  return id;
}

/** A scene whose first day the worker disputes at 21:00 (the owner cut 8:30 to 7:30); answers the timesheet. */
async function disputedDay() {
  const scene = await shiftScene(bed.t);
  const sheet = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "16:30");
  bed.at(FIRST_DAY, "20:00");
  await bed.t.callerAs(scene.owner.id).timesheets.edit({ timesheetId: sheet.id, minutes: 450, reason: "Long lunch" });
  bed.at(FIRST_DAY, "21:00");
  await bed.t.callerAs(scene.worker.id).timesheets.dispute({ timesheetId: sheet.id, reason: "No lunch at all", minutes: 510 });
  return { ...scene, sheet };
}

/** The owner records the worker absent on the first day: a no-show strike, recorded now. */
async function noShow() {
  const scene = await shiftScene(bed.t);
  bed.at(SECOND_DAY, "09:00");
  await bed.t.callerAs(scene.owner.id).attendance.record({ applicationId: scene.hire.id, date: FIRST_DAY, presence: "absent" });
  const [strike] = await bed.t.db.select().from(reliabilityEvents).where(eq(reliabilityEvents.userId, scene.worker.id));
  if (!strike) throw new Error("no strike");
  return { ...scene, strike };
}

describe("a disputed timesheet sent to Daywork", () => {
  it("is refused before 48 hours, to strangers, and twice; the other side is told; both read its state", async () => {
    const { owner, worker, otherWorker, otherEmployer, sheet, job } = await disputedDay();
    const text = "We cannot agree; the gate log shows 16:30";
    const row = async (as: string) => (await bed.t.callerAs(as).timesheets.forJob({ jobId: job.id })).rows[0];
    expect((await row(worker.id))?.escalableFrom?.getTime()).toBe(bed.now.getTime() + 48 * 3_600_000);

    bed.later(47 * 60);
    await expectRefusal(
      bed.t.callerAs(worker.id).disputes.escalateTimesheet({ timesheetId: sheet.id, text }),
      "CONFLICT",
      ERR.disputeTooEarly,
    );
    bed.later(60);
    for (const stranger of [otherWorker.id, otherEmployer.id]) {
      await expectRefusal(
        bed.t.callerAs(stranger).disputes.escalateTimesheet({ timesheetId: sheet.id, text }),
        "NOT_FOUND",
        ERR.timesheetNotFound,
      );
    }
    await expectRefusal(
      bed.t.callerAs(worker.id).disputes.escalateTimesheet({ timesheetId: sheet.id, text: "  " }),
      "BAD_REQUEST",
      ERR.appealTextRequired,
    );
    const sent = await bed.t.callerAs(worker.id).disputes.escalateTimesheet({ timesheetId: sheet.id, text });
    expect(sent.at.getTime()).toBe(bed.now.getTime());
    await expectRefusal(
      bed.t.callerAs(owner.id).disputes.escalateTimesheet({ timesheetId: sheet.id, text: "Me too" }),
      "CONFLICT",
      ERR.appealClosed,
    );
    expect(await bed.t.db.$count(appeals, eq(appeals.timesheetId, sheet.id))).toBe(1);
    expect(await noticesOf(bed.t, owner.id, "timesheet_escalated")).toEqual([
      {
        payload: { kind: "timesheet_escalated", jobId: job.id, jobTitle: job.title, shiftDate: FIRST_DAY, name: "Worker A" },
      },
    ]);
    expect(await noticesOf(bed.t, worker.id, "timesheet_escalated")).toEqual([]);
    for (const side of [owner.id, worker.id]) {
      expect(await row(side)).toMatchObject({ escalation: { at: bed.now, outcome: null }, escalableFrom: null });
    }
  });

  it("is refused for a timesheet that is not disputed", async () => {
    const scene = await shiftScene(bed.t);
    const sheet = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "12:00");
    bed.later(5 * 24 * 60);
    await expectRefusal(
      bed.t.callerAs(scene.owner.id).disputes.escalateTimesheet({ timesheetId: sheet.id, text: "Please look" }),
      "CONFLICT",
      ERR.timesheetState,
    );
  });

  it("is settled by an operator who is neither side: minutes, status, history, the appeal, the audit, both told", async () => {
    const { owner, worker, sheet, job } = await disputedDay();
    bed.later(48 * 60);
    const { appealId } = await bed.t
      .callerAs(owner.id)
      .disputes.escalateTimesheet({ timesheetId: sheet.id, text: "Please decide" });
    const mod = await moderator();

    // Neither side decides, as an operator or not.
    await moderator(owner.id);
    const settle = { appealId, minutes: 480, note: "The gate log shows 16:30; lunch was 30 minutes" };
    await expectRefusal(bed.t.callerAs(owner.id).disputes.settleTimesheet(settle), "FORBIDDEN", ERR.operatorSelf);
    await expectRefusal(bed.t.callerAs(worker.id).disputes.settleTimesheet(settle), "FORBIDDEN", ERR.operatorsOnly);
    await expectRefusal(bed.t.callerAs(worker.id).disputes.case({ appealId }), "FORBIDDEN", ERR.operatorsOnly);

    const read = await bed.t.callerAs(mod).disputes.case({ appealId });
    if (read.kind !== "timesheet") throw new Error("a timesheet case");
    expect(read).toMatchObject({
      appeal: { text: "Please decide", side: "owner", outcome: null },
      owner: { id: owner.id, name: "Olga Owner" },
      worker: { id: worker.id, name: "Worker A" },
      job: { id: job.id, title: job.title },
      timesheet: { id: sheet.id, status: "disputed", minutes: 450, recordedMinutes: 510 },
      attendance: { presence: "present", checkInLocal: "08:00", checkOutLocal: "16:30", checkInBy: "worker" },
      mayDecide: true,
    });
    expect(read.events.map((e) => `${e.actor}:${e.action}:${e.reason ?? ""}`)).toEqual([
      "worker:recorded:",
      "owner:edited:Long lunch",
      "worker:disputed:No lunch at all",
    ]);

    bed.later(10);
    const settled = await bed.t.callerAs(mod).disputes.settleTimesheet(settle);
    expect(settled).toMatchObject({ status: "resolved", minutes: 480 });
    await expectRefusal(bed.t.callerAs(mod).disputes.settleTimesheet(settle), "CONFLICT", ERR.appealTaken);

    const [stored] = await bed.t.db.select().from(timesheets).where(eq(timesheets.id, sheet.id));
    expect(stored).toMatchObject({ status: "resolved", minutes: 480 });
    const { events } = await bed.t.callerAs(worker.id).timesheets.history({ timesheetId: sheet.id });
    expect(events.at(-1)).toMatchObject({
      actor: "operator",
      action: "settled",
      oldMinutes: 450,
      newMinutes: 480,
      reason: settle.note,
    });
    const [appeal] = await bed.t.db.select().from(appeals).where(eq(appeals.id, appealId));
    expect(appeal).toMatchObject({ outcome: "settled", answer: settle.note, answeredBy: mod, answeredAt: bed.now });
    const audit = await bed.t.db.select().from(operatorAudit).where(eq(operatorAudit.operatorId, mod));
    expect(audit.map((a) => [a.action, a.subjectType, a.subjectId])).toEqual([
      ["read_dispute", "appeal", appealId],
      ["settle_timesheet", "timesheet", sheet.id],
    ]);
    const told = {
      kind: "timesheet_settled",
      jobId: job.id,
      jobTitle: job.title,
      shiftDate: FIRST_DAY,
      hours: "8:00",
      note: settle.note,
    };
    expect(await noticesOf(bed.t, worker.id, "timesheet_settled")).toEqual([{ payload: told }]);
    expect(await noticesOf(bed.t, owner.id, "timesheet_settled")).toEqual([{ payload: told }]);
    expect((await bed.t.callerAs(worker.id).timesheets.forJob({ jobId: job.id })).rows[0]).toMatchObject({
      escalation: { outcome: "settled", answer: settle.note },
    });
  });
});

describe("a strike appealed", () => {
  it("only by its person, once, within 14 days; the person reads its state", async () => {
    const { worker, owner, otherWorker, strike } = await noShow();
    const text = "I was there: the owner marked the wrong person";
    for (const other of [owner.id, otherWorker.id]) {
      await expectRefusal(bed.t.callerAs(other).disputes.appealStrike({ strikeId: strike.id, text }), "NOT_FOUND", ERR.notFound);
    }
    let mine = await bed.t.callerAs(worker.id).reliability.mine();
    expect(mine.strikes[0]).toMatchObject({
      appeal: null,
      appealableUntil: new Date(strike.createdAt.getTime() + 14 * 86_400_000),
    });

    await bed.t.callerAs(worker.id).disputes.appealStrike({ strikeId: strike.id, text });
    await expectRefusal(
      bed.t.callerAs(worker.id).disputes.appealStrike({ strikeId: strike.id, text }),
      "CONFLICT",
      ERR.appealClosed,
    );
    mine = await bed.t.callerAs(worker.id).reliability.mine();
    expect(mine.strikes[0]).toMatchObject({ appeal: { at: bed.now, outcome: null }, appealableUntil: null });
    // Others never read it.
    const seen = await bed.t.callerAs(otherWorker.id).profiles.public({ id: worker.id });
    expect(JSON.stringify(seen.reliability)).not.toContain("appeal");
  });

  it("is closed 14 days after the strike", async () => {
    const { worker, strike } = await noShow();
    bed.later(14 * 24 * 60);
    await expectRefusal(
      bed.t.callerAs(worker.id).disputes.appealStrike({ strikeId: strike.id, text: "Late" }),
      "CONFLICT",
      ERR.appealClosed,
    );
    expect((await bed.t.callerAs(worker.id).reliability.mine()).strikes[0]).toMatchObject({
      appeal: null,
      appealableUntil: null,
    });
  });

  it("reversed: the strike leaves the figures at once; the person and the owner are told; the owner may not decide it", async () => {
    const { worker, owner, strike, job } = await noShow();
    const { appealId } = await bed.t.callerAs(worker.id).disputes.appealStrike({ strikeId: strike.id, text: "I was there" });
    expect((await bed.t.callerAs(worker.id).reliability.mine()).noShows).toBe(1);
    const answer = { appealId, outcome: "reversed" as const, note: "The check-in code log shows you at 08:02" };
    await moderator(owner.id);
    await expectRefusal(bed.t.callerAs(owner.id).disputes.answerStrike(answer), "FORBIDDEN", ERR.operatorSelf);
    const mod = await moderator();
    const read = await bed.t.callerAs(mod).disputes.case({ appealId });
    expect(read).toMatchObject({
      kind: "strike",
      strike: { id: strike.id, kind: "no_show", onDate: FIRST_DAY },
      person: { id: worker.id },
      owner: { id: owner.id },
      job: { id: job.id },
      attendance: [{ presence: "absent" }],
      mayDecide: true,
    });

    await bed.t.callerAs(mod).disputes.answerStrike(answer);
    await expectRefusal(bed.t.callerAs(mod).disputes.answerStrike(answer), "CONFLICT", ERR.appealTaken);
    const mine = await bed.t.callerAs(worker.id).reliability.mine();
    expect(mine).toMatchObject({ noShows: 0, activeStrikes: 0, strikes: [] });
    const [appeal] = await bed.t.db.select().from(appeals).where(eq(appeals.id, appealId));
    expect(appeal).toMatchObject({ outcome: "reversed", answer: answer.note, reliabilityEventId: null });
    expect(await noticesOf(bed.t, worker.id, "strike_appeal_answered")).toEqual([
      { payload: { kind: "strike_appeal_answered", outcome: "reversed", onDate: FIRST_DAY, note: answer.note } },
    ]);
    expect(await noticesOf(bed.t, owner.id, "strike_reversed")).toEqual([
      {
        payload: {
          kind: "strike_reversed",
          jobId: job.id,
          jobTitle: job.title,
          onDate: FIRST_DAY,
          workerName: "Worker A",
          note: answer.note,
        },
      },
    ]);
    const audit = await bed.t.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.operatorId, mod), eq(operatorAudit.action, "reverse_strike")));
    expect(audit).toMatchObject([{ subjectType: "strike", subjectId: strike.id, reason: "reversed", note: answer.note }]);
  });

  it("upheld: the strike stays, and its person reads the answer", async () => {
    const { worker, owner, strike } = await noShow();
    const { appealId } = await bed.t.callerAs(worker.id).disputes.appealStrike({ strikeId: strike.id, text: "Bus strike" });
    const mod = await moderator();
    const note = "The bus strike was announced a week before";
    await bed.t.callerAs(mod).disputes.answerStrike({ appealId, outcome: "upheld", note });
    await expectRefusal(
      bed.t.callerAs(mod).disputes.answerStrike({ appealId, outcome: "reversed", note }),
      "CONFLICT",
      ERR.appealTaken,
    );
    const mine = await bed.t.callerAs(worker.id).reliability.mine();
    expect(mine.noShows).toBe(1);
    expect(mine.strikes[0]).toMatchObject({ id: strike.id, appeal: { outcome: "upheld", answer: note } });
    expect(await noticesOf(bed.t, owner.id, "strike_reversed")).toEqual([]);
  });

  it("taken back by the owner while appealed: the appeal closes with it, and nothing fails", async () => {
    const { worker, owner, hire, strike } = await noShow();
    const { appealId } = await bed.t.callerAs(worker.id).disputes.appealStrike({ strikeId: strike.id, text: "I was there" });
    await bed.t.callerAs(owner.id).attendance.record({
      applicationId: hire.id,
      date: FIRST_DAY,
      presence: "present",
      checkIn: "08:00",
      checkOut: "16:00",
      reason: "Wrong person marked",
    });
    expect((await bed.t.callerAs(worker.id).reliability.mine()).strikes).toEqual([]);
    const [appeal] = await bed.t.db.select().from(appeals).where(eq(appeals.id, appealId));
    expect(appeal).toMatchObject({ outcome: "reversed", reliabilityEventId: null, answeredBy: null });
  });
});
