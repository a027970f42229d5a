import { expect, test, type Page } from "@playwright/test";

import { newAccount, postJob, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

// Per-day applications and withdrawal (docs/decisions/035), on phones: a worker applies for one day of a
// two-day, one-worker job that allows it, the owner sees that day and accepts, a second worker takes the
// other day, then the first withdraws and the owner sees it.

async function phone(browser: import("@playwright/test").Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await startInLanguage(page, "en");
  return page;
}

test("apply for one day, hire per day, withdraw", async ({ browser }) => {
  test.setTimeout(240_000);
  const boss = await phone(browser);
  const first = await phone(browser);
  const second = await phone(browser);
  const firstAccount = newAccount("dayone");
  const secondAccount = newAccount("daytwo");
  await signUpAndOnboard(boss, newAccount("dayboss"), "employer", { company: "Birch Café" });
  await signUpAndOnboard(first, firstAccount, "worker");
  await signUpAndOnboard(second, secondAccount, "worker");

  // A two-day job for one worker a day, whose owner lets workers choose days (ticked on the edit form).
  const jobId = await postJob(boss, { title: `Two-day stall ${Date.now().toString(36)}`, durationDays: 2, workers: 1 });
  await boss.goto(`/jobs/${jobId}/edit`);
  await boss.getByTestId("job-partial-days").click();
  await expect(boss.getByTestId("job-partial-days")).toHaveAttribute("data-state", "checked");
  await boss.getByTestId("job-submit").click();
  await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}$`));

  // The first worker applies for the second day only.
  await first.goto(`/jobs/${jobId}`);
  await expect(first.getByText(text("en", "job_partial_days_note"))).toBeVisible();
  const days = first.getByTestId("apply-day");
  await expect(days).toHaveCount(2);
  const [dayOne, dayTwo] = [await days.nth(0).getAttribute("data-date"), await days.nth(1).getAttribute("data-date")];
  if (!dayOne || !dayTwo) throw new Error("the job's days are missing");
  await days.nth(0).click();
  await expect(days.nth(0)).toHaveAttribute("data-state", "unchecked");
  await first.getByTestId("apply-button").click();
  await expect(first.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
  await expect(first.getByTestId("apply-my-days")).toBeVisible();

  // The owner sees the day asked for and accepts; that day is now full.
  await boss.goto(`/jobs/${jobId}/applications`);
  const firstCard = boss.getByTestId("application-card").filter({ hasText: firstAccount.name });
  await expect(firstCard.getByTestId("application-days")).toBeVisible();
  await firstCard.getByTestId("application-accept").click();
  await expect(toastWith(boss, text("en", "applications_accepted_toast"))).toBeVisible();
  await expect(boss.locator(`[data-testid=day-staffing-day][data-date="${dayTwo}"]`)).toHaveAttribute("data-accepted", "1");
  await expect(boss.locator(`[data-testid=day-staffing-day][data-date="${dayOne}"]`)).toHaveAttribute("data-accepted", "0");

  // The second worker finds the second day full and takes the first.
  await second.goto(`/jobs/${jobId}`);
  await expect(second.locator(`[data-testid=apply-day][data-date="${dayTwo}"]`)).toHaveAttribute("data-full", "true");
  await expect(second.locator(`[data-testid=apply-day][data-date="${dayOne}"]`)).toHaveAttribute("data-state", "checked");
  await second.getByTestId("apply-button").click();
  await expect(second.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
  await boss.reload();
  const secondCard = boss.getByTestId("application-card").filter({ hasText: secondAccount.name });
  await secondCard.getByTestId("application-accept").click();
  await expect(secondCard).toHaveAttribute("data-status", "accepted");
  await expect(boss.locator(`[data-testid=day-staffing-day][data-date="${dayOne}"]`)).toHaveAttribute("data-accepted", "1");

  // The first worker withdraws after reading what it means.
  await first.reload();
  await expect(first.getByTestId("apply-status")).toHaveAttribute("data-status", "accepted");
  await first.getByTestId("apply-withdraw").click();
  const dialog = first.getByTestId("apply-withdraw-dialog");
  await expect(dialog).toContainText(text("en", "apply_withdraw_hired_title"));
  await dialog.getByTestId("apply-withdraw-confirm").click();
  await expect(toastWith(first, text("en", "apply_withdrawn_toast"))).toBeVisible();
  await expect(first.getByTestId("apply-status")).toHaveAttribute("data-status", "withdrawn");
  // The job is still open: they may apply again.
  await expect(first.getByTestId("apply-form")).toBeVisible();

  // The owner sees it: the application withdrawn, the day open again, and a notice.
  await boss.reload();
  await expect(firstCard).toHaveAttribute("data-status", "withdrawn");
  await expect(firstCard.getByTestId("application-status")).toHaveText(text("en", "applications_status_withdrawn"));
  await expect(boss.locator(`[data-testid=day-staffing-day][data-date="${dayTwo}"]`)).toHaveAttribute("data-accepted", "0");
  await boss.goto("/notifications");
  await expect(boss.locator('[data-testid=notification][data-kind="application_withdrawn"]')).toHaveCount(1);

  // Nothing on these pages is wider than the phone.
  for (const page of [boss, first]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
