import { describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createWorker } from "../../db/factories/users.ts";
import { ERR } from "../../domain/errors.ts";
import { FIRST_DAY, SECOND_DAY, shiftScene, shiftTestbed, workDay } from "../attendance/shift-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { timesheetsCsv } from "./export-csv.ts";

const bed = shiftTestbed();

/** The CSV's lines as cells (no quoted line breaks in these scenes), without the byte-order mark. */
function parse(csv: string): string[][] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return csv
    .slice(1)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1] ?? "").slice(0, 11));
}

/**
 * Two workers on a two-day job at 600 an hour: Anna's first day accepted (8 h 30), her second approved
 * and not answered (4 h); a worker whose name is a spreadsheet formula, first day edited to 5 h and
 * accepted, second day disputed.
 */
async function payScene() {
  const scene = await shiftScene(bed.t, 1, { title: "Sort, pack, ship" });
  const { owner, worker: anna } = scene;
  const sly = await createWorker(bed.t.db, { fullName: '=HYPERLINK("http://evil.example","Bob, the ""builder""")' });
  await createAcceptedApplication(bed.t.db, scene.job.id, sly.id);
  const owner_ = bed.t.callerAs(owner.id).timesheets;

  const a1 = await workDay(bed, scene, anna.id, FIRST_DAY, "08:00", "16:30");
  const s1 = await workDay(bed, scene, sly.id, FIRST_DAY, "08:00", "14:00");
  await owner_.approve({ timesheetIds: [a1.id] });
  await owner_.edit({ timesheetId: s1.id, minutes: 300, reason: "=1+1 lunch" });
  await bed.t.callerAs(anna.id).timesheets.accept({ timesheetId: a1.id });
  await bed.t.callerAs(sly.id).timesheets.accept({ timesheetId: s1.id });

  const a2 = await workDay(bed, scene, anna.id, SECOND_DAY, "09:00", "13:00");
  const s2 = await workDay(bed, scene, sly.id, SECOND_DAY, "09:00", "13:00");
  await owner_.approve({ timesheetIds: [a2.id, s2.id] });
  await bed.t.callerAs(sly.id).timesheets.dispute({ timesheetId: s2.id, reason: "Stayed till two" });
  return { ...scene, anna, sly };
}

describe("earnings and the CSV export", () => {
  it("sums the agreed minutes × the rate per worker, in the job's currency; open minutes apart", async () => {
    const { owner, job, anna, sly } = await payScene();
    const sheet = await bed.t.callerAs(owner.id).timesheets.forJob({ jobId: job.id });
    expect(sheet.viewer).toBe("owner");
    expect(sheet.job).toMatchObject({
      currency: "RUB",
      hourlyRate: 600,
      dates: [FIRST_DAY, SECOND_DAY],
      timeZone: "Europe/Moscow",
    });
    const byName = Object.fromEntries(sheet.workers.map((w) => [w.workerId, w.earnings]));
    expect(byName[anna.id]).toEqual({ agreedMinutes: 510, openMinutes: 240, amount: 5100 });
    expect(byName[sly.id]).toEqual({ agreedMinutes: 300, openMinutes: 240, amount: 3000 });
    expect(sheet.rows).toHaveLength(4);
    expect(sheet.rows.find((r) => r.workerId === sly.id && r.date === FIRST_DAY)?.latestChange).toMatchObject({
      actor: "worker",
      action: "accepted",
    });
    expect(sheet.allAgreed).toBe(false);

    // The worker sees their own row and pay only.
    const own = await bed.t.callerAs(anna.id).timesheets.forJob({ jobId: job.id });
    expect(own.viewer).toBe("worker");
    expect(own.workers.map((w) => w.workerId)).toEqual([anna.id]);
    expect(new Set(own.rows.map((r) => r.workerId))).toEqual(new Set([anna.id]));

    const earnings = await bed.t.callerAs(anna.id).timesheets.myEarnings({});
    expect(earnings.items).toEqual([
      {
        jobId: job.id,
        title: "Sort, pack, ship",
        jobStatus: "open",
        startDate: FIRST_DAY,
        durationDays: 2,
        currency: "RUB",
        hourlyRate: 600,
        agreedMinutes: 510,
        openMinutes: 240,
        amount: 5100,
      },
    ]);
    expect(earnings.nextCursor).toBeNull();
  });

  it("lists every agreed day once the last is settled", async () => {
    const scene = await shiftScene(bed.t);
    const d1 = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "09:00");
    const d2 = await workDay(bed, scene, scene.worker.id, SECOND_DAY, "08:00", "09:00");
    await bed.t.callerAs(scene.owner.id).timesheets.approve({ timesheetIds: [d1.id, d2.id] });
    await bed.t.callerAs(scene.worker.id).timesheets.accept({ timesheetId: d1.id });
    expect((await bed.t.callerAs(scene.owner.id).timesheets.forJob({ jobId: scene.job.id })).allAgreed).toBe(false);
    await bed.t.callerAs(scene.worker.id).timesheets.accept({ timesheetId: d2.id });
    expect((await bed.t.callerAs(scene.owner.id).timesheets.forJob({ jobId: scene.job.id })).allAgreed).toBe(true);
  });

  it("exports every worker's days to the owner, one's own to a worker, nothing to anyone else; formulas stay text", async () => {
    const { owner, job, anna, sly, otherWorker, otherEmployer } = await payScene();
    const file = await bed.t.callerAs(owner.id).timesheets.csv({ jobId: job.id });
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.fileName).toMatch(/^timesheets-2030-03-11-[0-9a-f]{8}\.csv$/);
    const lines = parse(file.csv);
    expect(lines[0]).toEqual([
      "Job",
      "Date",
      "Worker",
      "Check-in",
      "Check-out",
      "Recorded hours",
      "Hours",
      "Status",
      "Hourly rate",
      "Currency",
      "Earned (agreed)",
    ]);
    const slyCell = `"'=HYPERLINK(""http://evil.example"",""Bob, the """"builder"""""")"`;
    // Day by day, workers by name ("=" sorts before letters), then one total line each.
    const title = '"Sort, pack, ship"';
    expect(lines.slice(1)).toEqual([
      [title, FIRST_DAY, slyCell, "2030-03-11 08:00", "2030-03-11 14:00", "6.00", "5.00", "Accepted", "600.00", "RUB", "3000.00"],
      [
        title,
        FIRST_DAY,
        "Worker A",
        "2030-03-11 08:00",
        "2030-03-11 16:30",
        "8.50",
        "8.50",
        "Accepted",
        "600.00",
        "RUB",
        "5100.00",
      ],
      [title, SECOND_DAY, slyCell, "2030-03-12 09:00", "2030-03-12 13:00", "4.00", "4.00", "Disputed", "600.00", "RUB", ""],
      [
        title,
        SECOND_DAY,
        "Worker A",
        "2030-03-12 09:00",
        "2030-03-12 13:00",
        "4.00",
        "4.00",
        "Approved by employer",
        "600.00",
        "RUB",
        "",
      ],
      [title, "Total", slyCell, "", "", "", "5.00", "", "600.00", "RUB", "3000.00"],
      [title, "Total", "Worker A", "", "", "", "8.50", "", "600.00", "RUB", "5100.00"],
    ]);

    const mine = parse((await bed.t.callerAs(anna.id).timesheets.csv({ jobId: job.id })).csv);
    expect(mine.slice(1).map((l) => l[2])).toEqual(["Worker A", "Worker A", "Worker A"]);
    const theirs = parse((await bed.t.callerAs(sly.id).timesheets.csv({ jobId: job.id })).csv);
    expect(theirs.slice(1).every((l) => l[2] === slyCell)).toBe(true);

    for (const caller of [otherWorker.id, otherEmployer.id]) {
      await expectRefusal(bed.t.callerAs(caller).timesheets.csv({ jobId: job.id }), "NOT_FOUND", ERR.jobNotFound);
      await expectRefusal(bed.t.callerAs(caller).timesheets.forJob({ jobId: job.id }), "NOT_FOUND", ERR.jobNotFound);
    }
    await expectRefusal(bed.t.callerAs(null).timesheets.csv({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
  });

  it("writes headers and statuses in the caller's language, and leaves pay blank for a negotiable rate", async () => {
    const scene = await shiftScene(bed.t, 1, { hourlyRate: null });
    const day = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "10:00");
    await bed.t.callerAs(scene.owner.id).timesheets.approve({ timesheetIds: [day.id] });
    await bed.t.callerAs(scene.worker.id).timesheets.accept({ timesheetId: day.id });
    const file = await timesheetsCsv(bed.t.db, { jobId: scene.job.id, callerId: scene.owner.id, now: bed.now, locale: "ru" });
    const lines = parse(file?.csv ?? "");
    expect(lines[0]?.slice(0, 3)).toEqual(["Работа", "Дата", "Работник"]);
    expect(lines[1]?.slice(5)).toEqual(["2.00", "2.00", "Принято", "", "RUB", ""]);
    expect(lines[2]?.slice(1, 3)).toEqual(["Итого", "Worker A"]);
    expect((await bed.t.callerAs(scene.worker.id).timesheets.myEarnings({})).items[0]).toMatchObject({
      agreedMinutes: 120,
      hourlyRate: null,
      amount: null,
    });
  });
});
