import { expect, test, type Browser, type Page } from "@playwright/test";

import { newAccount, postJob, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

// The shift day (docs/decisions/047) on a phone: the hired worker's Check in leads the job page, above
// the description, and the bottom bar checks in instead of opening the chat; the owner's code counts down
// by the server's clock on a device whose clock is minutes off; the QR code's address keeps its code as
// written; after check-out the card says what was recorded; the timesheet shows hours as h:mm and its
// edit form closes once saved. On the way: the applicant's card shows their reliability, and the owner's
// job page leads to the group chat. Set SHIFT_DAY_SHOTS_DIR to save the new screens (en and ar, 375 px).

async function phone(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await startInLanguage(page, "en");
  return page;
}

/** Saves the page in English and Arabic when SHIFT_DAY_SHOTS_DIR names a folder. */
async function shots(page: Page, name: string, ready: string) {
  const dir = process.env.SHIFT_DAY_SHOTS_DIR;
  if (!dir) return;
  for (const locale of ["en", "ar"]) {
    await page.evaluate((l) => localStorage.setItem("language", l), locale);
    await page.reload();
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await page.screenshot({ path: `${dir}/${name}-${locale}.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
}

/** The six digits the owner's screen shows now. */
async function codeOn(boss: Page): Promise<string> {
  const digits = boss.getByTestId("attendance-code-digits");
  await expect(digits).toHaveText(/^\d{3} \d{3}$/);
  return (await digits.innerText()).replace(/\s/g, "");
}

test.describe("the shift day", () => {
  test("check-in leads the hired worker's job page and bar; the day recorded; hours in h:mm", async ({ browser }) => {
    test.setTimeout(240_000);
    const boss = await phone(browser);
    const hand = await phone(browser);
    const handAccount = newAccount("shiftdayhand");
    await signUpAndOnboard(boss, newAccount("shiftdayboss"), "employer", { company: "Linden Hall" });
    await signUpAndOnboard(hand, handAccount, "worker");
    // Two days from the machine's today: one of them is today in Kazan whatever the hour.
    const jobId = await postJob(boss, { title: `Cloakroom ${Date.now().toString(36)}`, durationDays: 2, rate: 18 });

    // The worker applies; the applicant's card shows their reliability figures and certificates.
    await hand.goto(`/jobs/${jobId}`);
    await expect(hand.getByTestId("apply-card")).toContainText(text("en", "apply_title"));
    await hand.getByTestId("apply-button").click();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    await expect(hand.getByTestId("apply-card")).toContainText(text("en", "apply_title_yours"));
    await boss.goto(`/jobs/${jobId}/applications`);
    const applicant = boss.getByTestId("application-card").filter({ hasText: handAccount.name });
    const figures = applicant.getByTestId("applicant-reliability");
    await expect(figures).toContainText(text("en", "reliability_shifts_completed"));
    for (const id of ["reliability-shifts", "reliability-late", "reliability-no-shows", "reliability-active"]) {
      await expect(figures.getByTestId(id)).toHaveText("0");
    }
    await expect(applicant.getByTestId("applicant-certificates")).toContainText(text("en", "certificates_empty"));
    await applicant.getByTestId("application-accept").click();
    await expect(applicant).toHaveAttribute("data-status", "accepted");

    // The owner's job page leads to the group chat.
    await boss.goto(`/jobs/${jobId}`);
    await boss.getByTestId("job-group-chat").click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}/chat$`));
    await expect(boss.getByTestId("chat-view")).toBeVisible();

    // The hired worker's job page: today's shift first, above the description; the card is no apply card.
    await hand.goto(`/jobs/${jobId}`);
    const shift = hand.getByTestId("worker-shift-card");
    await expect(shift).toHaveAttribute("data-placement", "lead");
    await expect(shift.getByTestId("check-in-submit")).toBeVisible();
    const shiftTop = (await shift.boundingBox())?.y ?? Infinity;
    const descriptionTop = (await hand.getByTestId("job-description").boundingBox())?.y ?? -Infinity;
    expect(shiftTop).toBeLessThan(descriptionTop);
    const applyCard = hand.getByTestId("apply-card");
    await expect(applyCard).toContainText(text("en", "apply_title_hired"));
    await expect(applyCard).not.toContainText(text("en", "apply_title"));
    await shots(hand, "job-shift-day", "worker-shift-card");

    // Scrolled down, the bottom bar checks in (not Open chat), bringing up the code's field.
    await hand.getByTestId("about-employer").scrollIntoViewIfNeeded();
    const bar = hand.getByTestId("apply-bar");
    await expect(bar).toHaveAttribute("data-hidden", "false");
    await expect(hand.getByTestId("apply-bar-chat")).toHaveCount(0);
    await expect(hand.getByTestId("apply-bar-shift")).toHaveAttribute("data-action", "in");
    await expect(hand.getByTestId("apply-bar-shift")).toHaveText(text("en", "shift_check_in"));
    await hand.getByTestId("apply-bar-shift").click();
    await expect(shift.getByTestId("check-in-code")).toBeFocused();
    await expect(bar).toHaveAttribute("data-hidden", "true");

    // The owner shows the code at the door on a tablet whose clock runs 7 minutes fast: the countdown
    // follows the server's clock (by the device's it would sit at 0 s, asking again and again).
    const door = await boss.context().newPage();
    await door.clock.install({ time: new Date(Date.now() + 7 * 60_000) });
    await door.goto(`/jobs/${jobId}/attendance`);
    const countdown = door.getByTestId("attendance-code-countdown");
    await expect(countdown).toContainText(/\d+/);
    const seconds = Number(/(\d+)/.exec(await countdown.innerText())?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(30);

    // The worker types the code on the job page and is checked in; the bar now checks out.
    await shift.getByTestId("check-in-code").fill(await codeOn(door));
    await shift.getByTestId("check-in-submit").click();
    await expect(toastWith(hand, text("en", "shift_checked_in"))).toBeVisible();
    await expect(shift.getByTestId("check-out-submit")).toBeVisible();
    const checkedIn = (await shift.getByTestId("worker-checked-in-at").innerText()).match(/\d{2}:\d{2}/)?.[0] ?? "";
    expect(checkedIn).toMatch(/^\d{2}:\d{2}$/);
    await hand.getByTestId("about-employer").scrollIntoViewIfNeeded();
    await expect(hand.getByTestId("apply-bar-shift")).toHaveAttribute("data-action", "out");

    // The QR code's address opens the check-in page with the code as written (no quotes added), and checks out.
    const code = await codeOn(door);
    await hand.goto(`/jobs/${jobId}/check-in?code=${code}`);
    await expect(hand.getByTestId("check-in-card")).toBeVisible();
    await expect(hand).toHaveURL(new RegExp(`/check-in\\?code=${code}$`));
    await expect(hand.getByTestId("check-in-code")).toHaveValue(code);
    await hand.getByTestId("check-out-submit").click();
    await expect(hand.getByTestId("check-in-done")).toContainText(text("en", "shift_checked_out"));

    // Back on the job page the card says what was recorded, not "You can't check in now"; the bar opens the chat.
    await hand.goto(`/jobs/${jobId}`);
    const recorded = shift.getByTestId("worker-day-recorded");
    await expect(recorded).toContainText(checkedIn);
    await expect(recorded).toContainText(/recorded/);
    await expect(shift).not.toContainText(text("en", "shift_none_now"));
    await shots(hand, "job-shift-recorded", "worker-day-recorded");
    await hand.getByTestId("about-employer").scrollIntoViewIfNeeded();
    await expect(hand.getByTestId("apply-bar-chat")).toBeVisible();
    await expect(hand.getByTestId("apply-bar-shift")).toHaveCount(0);

    // The owner's timesheet shows the hours as h:mm; an edit to 0:45 saves and the form closes.
    await boss.goto(`/jobs/${jobId}/timesheets`);
    const row = boss.getByTestId("timesheet-row").filter({ has: boss.getByTestId("timesheet-history") });
    await expect(row.getByTestId("timesheet-minutes")).toHaveText(/^\d+:\d{2} hrs$/);
    const edit = row.getByTestId("timesheet-edit");
    await edit.locator("summary").click();
    await expect(row.getByTestId("timesheet-hours")).toHaveValue(/^\d+:\d{2}$/);
    await row.getByTestId("timesheet-hours").fill("0:45");
    await row.getByTestId("timesheet-reason").fill("Left early, agreed at the door.");
    await row.getByTestId("timesheet-edit-submit").click();
    await expect(row.getByTestId("timesheet-minutes")).toHaveAttribute("data-minutes", "45");
    await expect(row.getByTestId("timesheet-minutes")).toHaveText(text("en", "shift_hours", { hours: "0:45" }));
    await expect(edit).not.toHaveAttribute("open");
    await expect(row.getByTestId("timesheet-reason")).toBeHidden();
    await shots(boss, "timesheets-hmm", "timesheets-list");
  });
});
