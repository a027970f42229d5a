// The evening-before reminders follow each person's own days (docs/decisions/046): the owner before the
// job's first day; each hired worker before each day they are hired for, never before another; and the
// hired notice and its e-mail name the worker's own days, start time and rate.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobApplications, notifications } from "../../db/schema/index.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { writeDueReminders } from "./reminders.ts";

const bed = mailTestbed();

/** The days a person was reminded of for `jobId`, in order. */
async function remindedDays(userId: string, jobId: string): Promise<string[]> {
  const rows = await bed.t.db
    .select({ kind: notifications.kind, payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
  return rows
    .filter((row) => row.kind === "job_reminder" && (row.payload as { jobId: string }).jobId === jobId)
    .map((row) => (row.payload as { startDate: string }).startDate);
}

const pass = (at: string) => writeDueReminders(bed.t.db, bed.t.services.queue, new Date(at));

describe("the reminder before each day of work", () => {
  it("reminds the owner before the first day, each worker before each of their own days and no other", async () => {
    const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner" });
    const everyDay = await createWorker(bed.t.db, { fullName: "Erik Everyday" });
    const secondOnly = await createWorker(bed.t.db, { fullName: "Sasha Second" });
    const firstAndThird = await createWorker(bed.t.db, { fullName: "Fatima Firstthird" });
    const pending = await createWorker(bed.t.db);
    const job = await createJob(bed.t.db, owner.id, {
      title: "Stage crew",
      startDate: "2030-06-11",
      durationDays: 3,
      partialDays: true,
      maxWorkers: 5,
      startTime: "08:30",
      hourlyRate: 450,
    });
    await createAcceptedApplication(bed.t.db, job.id, everyDay.id);
    const second = await createAcceptedApplication(bed.t.db, job.id, secondOnly.id);
    const ends = await createAcceptedApplication(bed.t.db, job.id, firstAndThird.id);
    await bed.t.db
      .update(jobApplications)
      .set({ days: ["2030-06-12"] })
      .where(eq(jobApplications.id, second.id));
    await bed.t.db
      .update(jobApplications)
      .set({ days: ["2030-06-11", "2030-06-13"] })
      .where(eq(jobApplications.id, ends.id));
    await createApplication(bed.t.db, job.id, pending.id, { days: ["2030-06-12"] });

    // Before 18:00 on the eve: nobody.
    expect(await pass("2030-06-10T17:30:00Z")).toBe(0);
    // The evening before each day, the people working it (everyone's clock is UTC here).
    await pass("2030-06-10T18:10:00Z");
    await pass("2030-06-11T18:10:00Z");
    await pass("2030-06-12T18:10:00Z");
    // The day of the job's last day and after: nothing more; a repeated pass writes nothing.
    expect(await pass("2030-06-13T18:10:00Z")).toBe(0);
    expect(await pass("2030-06-12T19:00:00Z")).toBe(0);

    expect(await remindedDays(owner.id, job.id)).toEqual(["2030-06-11"]);
    expect(await remindedDays(everyDay.id, job.id)).toEqual(["2030-06-11", "2030-06-12", "2030-06-13"]);
    expect(await remindedDays(secondOnly.id, job.id)).toEqual(["2030-06-12"]);
    expect(await remindedDays(firstAndThird.id, job.id)).toEqual(["2030-06-11", "2030-06-13"]);
    expect(await remindedDays(pending.id, job.id)).toEqual([]);
  });

  it("follows the worker's time zone for their own day, and its mail says the day, the start time and the rate", async () => {
    const owner = await createEmployer(bed.t.db, { timeZone: "Asia/Tashkent" });
    const worker = await createWorker(bed.t.db, { fullName: "Dana Daytwo", timeZone: "Europe/Madrid", language: "en" });
    const job = await createJob(bed.t.db, owner.id, {
      title: "Harvest help",
      startDate: "2031-09-01",
      durationDays: 2,
      partialDays: true,
      startTime: "07:00",
      hourlyRate: 450,
      currency: "RUB",
    });
    const hire = await createAcceptedApplication(bed.t.db, job.id, worker.id);
    await bed.t.db
      .update(jobApplications)
      .set({ days: ["2031-09-02"] })
      .where(eq(jobApplications.id, hire.id));

    // 18:10 in Madrid (UTC+2) on the eve of the first day: not hers.
    await pass("2031-08-31T16:10:00Z");
    expect(await remindedDays(worker.id, job.id)).toEqual([]);
    // 17:50 in Madrid on the eve of her day: not yet; 18:05: now.
    await pass("2031-09-01T15:50:00Z");
    expect(await remindedDays(worker.id, job.id)).toEqual([]);
    await pass("2031-09-01T16:05:00Z");
    expect(await remindedDays(worker.id, job.id)).toEqual(["2031-09-02"]);

    await bed.t.runBackground();
    const mail = await bed.smtp.waitFor((m) => m.to.includes(worker.email));
    expect(mail.subject).toBe("Tomorrow: Harvest help");
    expect(mail.text).toContain("“Harvest help” starts on September 2, 2031.");
    expect(mail.text).toContain("Start: September 2, 2031, 07:00");
    expect(mail.text).toContain("Rate: ₽450 an hour");
    expect(mail.text).not.toContain("September 1");
  });
});

describe("the hired notice of a worker hired for some days", () => {
  it("names their own days, who hired them, the start time and the rate, with the brand's button", async () => {
    const owner = await createEmployer(bed.t.db, { fullName: "Anna Boss" });
    const worker = await createWorker(bed.t.db, { fullName: "Petra Parttime", language: "en" });
    const first = dateFromToday(5);
    const second = dateFromToday(6);
    const job = await createJob(bed.t.db, owner.id, {
      title: "Warehouse loader",
      startDate: first,
      durationDays: 2,
      partialDays: true,
      startTime: "09:15",
      hourlyRate: 20.5,
      currency: "EUR",
    });
    const applied = await bed.t.callerAs(worker.id).applications.submit({ jobId: job.id, message: null, days: [second] });
    await bed.t.callerAs(owner.id).applications.accept({ applicationId: applied.id });
    const [notice] = await bed.t.db.select().from(notifications).where(eq(notifications.userId, worker.id));
    expect(notice?.payload).toMatchObject({
      kind: "application_accepted",
      startDate: second,
      days: [second],
      employerName: "Anna Boss",
      startTime: "09:15",
      hourlyRate: 20.5,
      currency: "EUR",
    });

    await bed.t.runBackground();
    const mail = await bed.smtp.waitFor((m) => m.to.includes(worker.email) && m.subject.includes("Warehouse loader"));
    const long = (date: string) =>
      new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
    expect(mail.subject).toBe("Anna Boss hired you for Warehouse loader");
    expect(mail.text).toContain(`You are hired for “Warehouse loader” on these days only: ${long(second)}.`);
    expect(mail.text).toContain(`Start: ${long(second)}, 09:15`);
    expect(mail.text).toContain("Rate: €20.50 an hour");
    expect(mail.text).not.toContain(long(first));
    expect(mail.html).toContain("background:#007d61;color:#ffffff");
  });
});
