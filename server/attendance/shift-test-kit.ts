import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob, type NewJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { notifications } from "../../db/schema/index.ts";
import { instantAt } from "../../domain/attendance.ts";
import { createTestApp, type TestApp, type TestAppOptions } from "../testing/test-app.ts";

/** The zone of the factories' default city (Moscow): the scenes' jobs count their days there. */
export const SCENE_ZONE = "Europe/Moscow";
/** The scenes' jobs start on this day and last two days. */
export const FIRST_DAY = "2030-03-11";
export const SECOND_DAY = "2030-03-12";

/**
 * A test app on a clock the test sets (`services.now()`), for one test file: call it at the top level
 * (it registers beforeAll/afterAll), then `bed.at("2030-03-11", "09:00")` moves the clock to that wall
 * time of SCENE_ZONE.
 */
export function shiftTestbed(options: TestAppOptions = {}) {
  let t: TestApp | undefined;
  let now = instantAt(FIRST_DAY, "09:00", SCENE_ZONE);
  beforeAll(async () => {
    t = await createTestApp({ ...options, services: { ...options.services, now: () => now } });
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      if (!t) throw new Error("shiftTestbed: used before beforeAll ran");
      return t;
    },
    /** Sets the clock to `time` (HH:MM) on `date` in SCENE_ZONE, answering that instant. */
    at(date: string, time: string): Date {
      now = instantAt(date, time, SCENE_ZONE);
      return now;
    },
    /** Moves the clock on by `minutes`. */
    later(minutes: number): Date {
      now = new Date(now.getTime() + minutes * 60_000);
      return now;
    },
    get now() {
      return now;
    },
  };
}

/**
 * An employer's two-day job from FIRST_DAY (600 an hour, roubles) with `workers` hired, and an outsider
 * of each kind: another worker, another employer.
 */
export async function shiftScene(t: TestApp, workers = 1, job: NewJob = {}) {
  const owner = await createEmployer(t.db, { fullName: "Olga Owner" });
  const posted = await createJob(t.db, owner.id, {
    title: "Warehouse shifts",
    startDate: FIRST_DAY,
    durationDays: 2,
    hourlyRate: 600,
    currency: "RUB",
    maxWorkers: Math.max(workers, 1) + 2,
    ...job,
  });
  const hires = [];
  for (let i = 0; i < workers; i += 1) {
    const worker = await createWorker(t.db, { fullName: `Worker ${String.fromCharCode(65 + i)}` });
    const application = await createAcceptedApplication(t.db, posted.id, worker.id);
    hires.push({ worker, application });
  }
  const otherWorker = await createWorker(t.db, { fullName: "Stas Stranger" });
  const otherEmployer = await createEmployer(t.db, { fullName: "Erik Elsewhere" });
  const first = hires[0];
  if (!first) throw new Error("a scene needs a hired worker");
  return { owner, job: posted, hires, worker: first.worker, hire: first.application, otherWorker, otherEmployer };
}

/** The code the owner's screen shows now. */
export async function ownerCodeNow(t: TestApp, ownerId: string, jobId: string): Promise<string> {
  return (await t.callerAs(ownerId).attendance.code({ jobId })).code;
}

/** The notices of `kind` a person has, oldest first. */
export async function noticesOf(t: TestApp, userId: string, kind: string) {
  return t.db
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(notifications.createdAt);
}

/**
 * The hired `workerId` checks in at `from` and out at `to` (HH:MM of `date`, SCENE_ZONE) through the
 * procedures, with the owner's code of each moment; answers the day's timesheet (pending the owner).
 */
export async function workDay(
  bed: ReturnType<typeof shiftTestbed>,
  scene: { owner: { id: string }; job: { id: string } },
  workerId: string,
  date: string,
  from: string,
  to: string,
) {
  const { owner, job } = scene;
  bed.at(date, from);
  await bed.t.callerAs(workerId).attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
  bed.at(date, to);
  const out = await bed.t
    .callerAs(workerId)
    .attendance.checkOut({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
  return out.timesheet;
}
