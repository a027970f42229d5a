import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { appTookOver, newAccount, postJob, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

// Shift operations (docs/product.md): the owner shows the rotating code, the hired worker checks in and
// out with it, the owner approves, the worker disputes, the owner resolves; both read the history and the
// worker their earnings. Set SHIFTS_SHOTS_DIR to also save each new page at 375 and 1280 px in en and ar.

/** The six digits the owner's screen shows now. */
async function codeOn(boss: Page): Promise<string> {
  const digits = boss.getByTestId("attendance-code-digits");
  await expect(digits).toHaveText(/^\d{3} \d{3}$/);
  return (await digits.innerText()).replace(/\s/g, "");
}

/** Critical and serious axe violations on the page as it is now. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  // A toast fading out is caught mid-animation at half contrast: the shared toaster is not these pages'.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${where}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Saves `page` at both widths in en and ar when SHIFTS_SHOTS_DIR names a folder. */
async function shots(page: Page, name: string, ready: string) {
  const dir = process.env.SHIFTS_SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize() ?? { width: 375, height: 800 };
  for (const locale of ["en", "ar"]) {
    await page.evaluate((l) => localStorage.setItem("language", l), locale);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId(ready)).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${locale}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.setViewportSize(size);
  await page.reload();
}

test.describe("shift operations", () => {
  test("check in and out with the owner's code, approve, dispute, resolve, history and earnings", async ({ browser }) => {
    test.setTimeout(240_000);
    const boss = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    const hand = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await startInLanguage(boss, "en");
    await startInLanguage(hand, "en");
    const handAccount = newAccount("shiftworker");
    await signUpAndOnboard(boss, newAccount("shiftboss"), "employer", { company: "Birch Café" });
    await signUpAndOnboard(hand, handAccount, "worker");
    // Two days from today (the machine's date): one of them is today in Kazan whatever the hour.
    const jobId = await postJob(boss, { title: `Shift waiter ${Date.now().toString(36)}`, durationDays: 2, rate: 18 });

    // Hire the worker.
    await hand.goto(`/jobs/${jobId}`);
    await hand.getByTestId("apply-button").click();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    await boss.goto(`/jobs/${jobId}/applications`);
    await boss.getByTestId("application-card").filter({ hasText: handAccount.name }).getByTestId("application-accept").click();
    await expect(boss.getByText(text("en", "applications_accepted_toast"), { exact: true })).toBeVisible();

    // The owner opens the code screen from the job page: the QR code, six digits, the countdown.
    await boss.goto(`/jobs/${jobId}`);
    await shots(boss, "job-owner", "owner-shift-card");
    await boss.getByTestId("owner-shift-card").getByTestId("open-attendance").click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}/attendance$`));
    await expect(boss.getByRole("img", { name: text("en", "shift_qr_label") }).locator("svg")).toBeVisible();
    await expect(boss.getByTestId("attendance-code-countdown")).toContainText(/\d+/);
    const problems = await axeProblems(boss, "attendance (owner)");

    // A wrong code is refused in the worker's language.
    await hand.goto(`/jobs/${jobId}`);
    const card = hand.getByTestId("worker-shift-card");
    await expect(card.getByTestId("check-in-submit")).toBeVisible();
    const right = await codeOn(boss);
    await card.getByTestId("check-in-code").fill(right === "000000" ? "111111" : "000000");
    await card.getByTestId("check-in-submit").click();
    await expect(card.getByRole("alert")).toHaveText(text("en", "error_attendance_code_wrong"));

    // The worker types the digits the owner's screen shows and is checked in.
    await card.getByTestId("check-in-code").fill(await codeOn(boss));
    await card.getByTestId("check-in-submit").click();
    await expect(toastWith(hand, text("en", "shift_checked_in"))).toBeVisible();
    await expect(card.getByTestId("worker-checked-in-at")).toBeVisible();
    await expect(card.getByTestId("check-out-submit")).toBeVisible();
    await shots(hand, "job-worker", "worker-shift-card");

    // The QR code's address checks out after one tap.
    await hand.goto(`/jobs/${jobId}/check-in?code=${await codeOn(boss)}`);
    await expect(hand.getByTestId("check-in-card")).toBeVisible();
    problems.push(...(await axeProblems(hand, "check-in (worker)")));
    await shots(hand, "check-in", "check-in-card");
    await hand.goto(`/jobs/${jobId}/check-in?code=${await codeOn(boss)}`);
    await hand.getByTestId("check-out-submit").click();
    await expect(hand.getByTestId("check-in-done")).toContainText(text("en", "shift_checked_out"));

    // The owner sees the day recorded and approves its timesheet.
    await boss.reload();
    await expect(boss.getByTestId("attendance-row").getByTestId("day-times")).toHaveCount(1);
    await shots(boss, "attendance", "attendance-days");
    // Absent is not offered before it may be recorded: this job states no start time, so not before
    // the day is over; the form says from when (docs/decisions/056).
    const today = boss.getByTestId("attendance-row");
    await today.locator("summary").click();
    await expect(today.getByRole("radio", { name: text("en", "shift_absent") })).toBeDisabled();
    await expect(today.getByTestId("absent-from")).toContainText(/00:00/);
    await boss.goto(`/jobs/${jobId}/timesheets`);
    const bossRow = boss.getByTestId("timesheet-row").filter({ has: boss.getByTestId("timesheet-history") });
    await expect(bossRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "pending_employer");
    await bossRow.getByTestId("timesheet-approve").click();
    await expect(bossRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "approved");

    // The worker disputes, claiming two hours.
    await hand.goto(`/jobs/${jobId}/timesheets`);
    await appTookOver(hand);
    const handRow = hand.getByTestId("timesheet-row").filter({ has: hand.getByTestId("timesheet-history") });
    await expect(handRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "approved");
    await handRow.getByTestId("timesheet-dispute").locator("summary").click();
    await handRow.getByTestId("timesheet-hours").fill("2");
    await handRow.getByTestId("timesheet-reason").fill("I stayed to clear the tables.");
    await handRow.getByTestId("timesheet-dispute-submit").click();
    await expect(handRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "disputed");

    // The owner resolves with an hour and a half, in the app's page: a figure typed into the server's copy
    // would be lost when the app takes over.
    await boss.reload();
    await appTookOver(boss);
    await expect(bossRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "disputed");
    await bossRow.getByTestId("timesheet-resolve").locator("summary").click();
    await bossRow.getByTestId("timesheet-hours").fill("1.5");
    await bossRow.getByTestId("timesheet-reason").fill("Tables were cleared by 19:30.");
    await bossRow.getByTestId("timesheet-resolve-submit").click();
    await expect(bossRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "resolved");
    await expect(bossRow.getByTestId("timesheet-minutes")).toHaveAttribute("data-minutes", "90");

    // Both read the whole history: recorded, approved, disputed, resolved.
    for (const [page, row] of [
      [boss, bossRow],
      [hand, handRow],
    ] as const) {
      if (page === hand) await hand.reload();
      await row.getByTestId("timesheet-history").locator("summary").click();
      const lines = row.getByTestId("timesheet-history").getByTestId("timesheet-change");
      await expect(lines).toHaveCount(4);
      await expect(lines.last()).toContainText("Tables were cleared by 19:30.");
    }
    problems.push(...(await axeProblems(boss, "timesheets (owner)")));
    problems.push(...(await axeProblems(hand, "timesheets (worker)")));

    // The worker's earnings: 1.5 agreed hours at 18 an hour.
    await expect(hand.getByTestId("timesheets-earned")).toContainText("27");

    // The CSV downloads under the server's file name.
    const download = hand.waitForEvent("download");
    await hand.getByTestId("timesheets-csv").click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    await shots(hand, "timesheets-worker", "timesheets-list");
    await shots(boss, "timesheets-owner", "timesheets-list");

    expect(problems, problems.join("\n")).toEqual([]);
  });
});
