import { expect, test, type Page } from "@playwright/test";

import { newAccount, newPage, postJob, signUpAndOnboard, text, toastWith } from "./support.ts";

// Issue 17's "done when", lived through as an employer and two workers would: a two-day job starting
// tomorrow at 08:00 in Kazan (UTC+3, no daylight saving), the server's and the browsers' clocks moved
// through both days. Attendance by the owner's code, one late check-in and one late check-out, the
// hours of that day changed, disputed and resolved, pay per worker, reviews, the reliability figures
// that follow, and the same worker booked again in two taps.

const KAZAN_OFFSET_HOURS = 3;

/** The UTC date after the machine's today: the job's first day. */
function dayAfter(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Moves the server's clock (E2E_MOVABLE_CLOCK) and every browser's to `time` (HH:MM) on `date` in Kazan. */
async function clockTo(pages: [Page, ...Page[]], date: string, time: string) {
  const at = new Date(`${date}T${time}:00+0${KAZAN_OFFSET_HOURS}:00`);
  const hours = (at.getTime() - Date.now()) / 3_600_000;
  // The origin guard wants our origin on a change, as a page of ours sends it.
  const origin = new URL(pages[0].url()).origin;
  const moved = await pages[0].request.put("/api/test/clock", { data: { hours }, headers: { origin } });
  expect(moved.status(), await moved.text()).toBe(200);
  for (const page of pages) await page.clock.setSystemTime(at);
}

/** The six digits the owner's code screen shows now (it follows the server's clock). */
async function codeOn(boss: Page): Promise<string> {
  await boss.reload();
  const digits = boss.getByTestId("attendance-code-digits");
  await expect(digits).toHaveText(/^\d{3} \d{3}$/);
  return (await digits.innerText()).replace(/\s/g, "");
}

/** The worker checks in or out on the job page with the code the owner shows. */
async function tapCode(hand: Page, boss: Page, jobId: string, action: "in" | "out") {
  await hand.goto(`/jobs/${jobId}/check-in?code=${await codeOn(boss)}`);
  await hand.getByTestId(action === "in" ? "check-in-submit" : "check-out-submit").click();
  await expect(hand.getByTestId("check-in-done")).toContainText(
    text("en", action === "in" ? "shift_checked_in" : "shift_checked_out"),
  );
}

test.describe("a two-day job, from hiring to rebooking", () => {
  test("attendance, a disputed late check-out, pay, reviews, reliability and a rebooking", async ({ browser }) => {
    test.setTimeout(360_000);
    const [boss, ann, ben] = await Promise.all([newPage(browser, "en"), newPage(browser, "en"), newPage(browser, "en")]);
    const everyone: [Page, ...Page[]] = [boss, ann, ben];
    for (const page of everyone) await page.setViewportSize({ width: 375, height: 800 });
    await Promise.all(everyone.map((page) => page.clock.install()));
    const annAccount = newAccount("ann");
    const benAccount = newAccount("ben");
    await signUpAndOnboard(boss, newAccount("boss"), "employer", { company: "Pine Hall" });
    await signUpAndOnboard(ann, annAccount, "worker");
    await signUpAndOnboard(ben, benAccount, "worker");

    const first = dayAfter(1);
    const second = dayAfter(2);
    const title = `Conference crew ${Date.now().toString(36)}`;
    const jobId = await postJob(boss, { title, startDate: first, startTime: "08:00", durationDays: 2, workers: 2, rate: 20 });

    // Both apply; the owner hires both.
    for (const hand of [ann, ben]) {
      await hand.goto(`/jobs/${jobId}`);
      await hand.getByTestId("apply-button").click();
      await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    }
    await boss.goto(`/jobs/${jobId}/applications`);
    for (const account of [annAccount, benAccount]) {
      await boss.getByTestId("application-card").filter({ hasText: account.name }).getByTestId("application-accept").click();
      await expect(boss.getByTestId("application-card").filter({ hasText: account.name })).toHaveAttribute(
        "data-status",
        "accepted",
      );
    }

    // Day one: both arrive before eight and check in with the code on the owner's phone.
    await clockTo(everyone, first, "07:50");
    // Nobody presses Start: the job is under way once its first shift starts (docs/decisions/048).
    await boss.goto(`/jobs/${jobId}/attendance`);
    await tapCode(ann, boss, jobId, "in");
    await tapCode(ben, boss, jobId, "in");
    await clockTo(everyone, first, "17:00");
    await tapCode(ann, boss, jobId, "out");
    await tapCode(ben, boss, jobId, "out");

    // Day two: Ann is on time, Ben 25 minutes late; Ann leaves at five, Ben taps out only at half past nine.
    await clockTo(everyone, second, "07:55");
    await tapCode(ann, boss, jobId, "in");
    await clockTo(everyone, second, "08:25");
    await tapCode(ben, boss, jobId, "in");
    await clockTo(everyone, second, "17:00");
    await tapCode(ann, boss, jobId, "out");
    await clockTo(everyone, second, "21:30");
    await tapCode(ben, boss, jobId, "out");

    // The owner approves Ann's days and changes Ben's second day to nine hours, with the reason.
    await boss.goto(`/jobs/${jobId}/timesheets`);
    const rowOf = (page: Page, name: string | null, date: string) =>
      page
        .getByTestId("timesheet-row")
        .filter(name ? { hasText: name } : {})
        .and(page.locator(`[data-date="${date}"]`));
    for (const date of [first, second]) {
      const row = rowOf(boss, annAccount.name, date);
      await row.getByTestId("timesheet-approve").click();
      await expect(row.getByTestId("timesheet-status")).toHaveAttribute("data-status", "approved");
    }
    await rowOf(boss, benAccount.name, first).getByTestId("timesheet-approve").click();
    const benLate = rowOf(boss, benAccount.name, second);
    // 08:25 to 21:30 by the moved clock; the real seconds each tap takes may cost the last minute.
    expect(Number(await benLate.getByTestId("timesheet-minutes").getAttribute("data-minutes"))).toBeGreaterThanOrEqual(
      13 * 60 + 4,
    );
    await benLate.getByTestId("timesheet-edit").locator("summary").click();
    await benLate.getByTestId("timesheet-hours").fill("9");
    await benLate.getByTestId("timesheet-reason").fill("The hall closed at 17:30; the check-out was tapped late.");
    await benLate.getByTestId("timesheet-edit-submit").click();
    await expect(benLate.getByTestId("timesheet-status")).toHaveAttribute("data-status", "edited");

    // Ben disputes: he stayed to pack the stage until half past seven.
    await ben.goto(`/jobs/${jobId}/timesheets`);
    const benOwn = rowOf(ben, null, second);
    await benOwn.getByTestId("timesheet-dispute").locator("summary").click();
    await benOwn.getByTestId("timesheet-hours").fill("11");
    await benOwn.getByTestId("timesheet-reason").fill("I packed the stage with the crew until 19:30.");
    await benOwn.getByTestId("timesheet-dispute-submit").click();
    await expect(benOwn.getByTestId("timesheet-status")).toHaveAttribute("data-status", "disputed");
    await rowOf(ben, null, first).getByTestId("timesheet-accept").click();

    // The owner resolves at ten hours; Ann accepts both her days.
    await boss.reload();
    await benLate.getByTestId("timesheet-resolve").locator("summary").click();
    await benLate.getByTestId("timesheet-hours").fill("10");
    await benLate.getByTestId("timesheet-reason").fill("The stage crew signed out at 18:30.");
    await benLate.getByTestId("timesheet-resolve-submit").click();
    await expect(benLate.getByTestId("timesheet-status")).toHaveAttribute("data-status", "resolved");
    await ann.goto(`/jobs/${jobId}/timesheets`);
    for (const date of [first, second]) {
      await rowOf(ann, null, date).getByTestId("timesheet-accept").click();
      await expect(rowOf(ann, null, date).getByTestId("timesheet-status")).toHaveAttribute("data-status", "accepted");
    }

    // Pay per worker at 20 an hour: Ann 9 h 10 min + 9 h 5 min = 365, Ben 9 h 10 min + 10 h = 383.33
    // (each tap's real seconds may cost a recorded minute: a third of a rouble).
    const earned = async (page: Page) => Number((await page.getByTestId("timesheets-earned").innerText()).replace(/[^\d.]/g, ""));
    expect(await earned(ann)).toBeGreaterThan(364.3);
    expect(await earned(ann)).toBeLessThanOrEqual(365);
    await ben.reload();
    await expect(ben.getByTestId("timesheets-earned")).toBeVisible();
    expect(await earned(ben)).toBeGreaterThanOrEqual(383);
    expect(await earned(ben)).toBeLessThanOrEqual(383.34);

    // Every day of both workers is agreed: the job completes itself, and everyone reviews.
    await boss.goto(`/jobs/${jobId}`);
    await expect(async () => {
      await boss.reload();
      await expect(boss.getByTestId("job-status").first()).toHaveAttribute("data-status", "completed", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    for (const [name, stars] of [
      [annAccount.name, 5],
      [benAccount.name, 4],
    ] as const) {
      const card = boss.getByTestId("review-card").filter({ hasText: name });
      await card.getByTestId(`review-star-${stars}`).click();
      await card.getByTestId("review-submit").click();
      await expect(toastWith(boss, text("en", "review_submitted")).first()).toBeVisible();
    }
    await ann.goto(`/jobs/${jobId}`);
    await ann.getByTestId("review-card").getByTestId("review-star-5").click();
    await ann.getByTestId("review-card").getByTestId("review-submit").click();
    await expect(ann.getByTestId("review-thanks")).toBeVisible();

    // Reliability follows from what happened: two shifts each, Ann on time both days, Ben on one.
    for (const [page, onTime] of [
      [ann, "2"],
      [ben, "1"],
    ] as const) {
      await page.goto("/profile");
      const card = page.getByTestId("reliability-card");
      await expect(card.getByTestId("reliability-shifts")).toHaveText("2");
      await expect(card.getByTestId("reliability-on-time")).toHaveText(
        text("en", "reliability_on_time_value", { onTime, total: 2 }),
      );
      await expect(card.getByTestId("reliability-no-shows")).toHaveText("0");
    }

    // Rebooking Ann: on the finished job's applications page, her "Invite to a job", then the next job:
    // two taps.
    const nextTitle = `${title} II`;
    const nextJob = await postJob(boss, { title: nextTitle, startDate: dayAfter(5), startTime: "08:00", durationDays: 1 });
    await boss.goto(`/jobs/${jobId}/applications`);
    const annAgain = boss.getByTestId("rehire-worker").filter({ hasText: annAccount.name });
    await annAgain.getByTestId("invite-open").click();
    await boss.getByTestId("invite-dialog").getByTestId("invite-job").filter({ hasText: nextTitle }).click();
    await expect(toastWith(boss, text("en", "rehiring_invite_sent"))).toBeVisible();

    // Ann is told, opens the job from the notice and accepts: she is hired, in one more tap.
    await ann.goto("/notifications");
    await ann.getByTestId("notification").filter({ hasText: nextTitle }).getByTestId("notification-link").click();
    await expect(ann).toHaveURL(new RegExp(`/jobs/${nextJob}$`));
    await ann.getByTestId("invitation-accept").click();
    await expect(ann.getByTestId("apply-status")).toHaveAttribute("data-status", "accepted");
    await boss.goto(`/jobs/${nextJob}/applications`);
    await expect(boss.getByTestId("application-card").filter({ hasText: annAccount.name })).toHaveAttribute(
      "data-status",
      "accepted",
    );
  });
});
