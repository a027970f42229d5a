import { expect, type Page } from "@playwright/test";

import { confirmHolds, text } from "./support.ts";

/** The six digits the owner's attendance screen shows now. */
export async function codeOn(boss: Page): Promise<string> {
  const digits = boss.getByTestId("attendance-code-digits");
  await expect(digits).toHaveText(/^\d{3} \d{3}$/);
  return (await digits.innerText()).replace(/\s/g, "");
}

/** `hand` applies to the job and its owner `boss` accepts them. */
export async function hireApplicant(boss: Page, hand: Page, jobId: string, handName: string) {
  await hand.goto(`/jobs/${jobId}`);
  await hand.getByTestId("apply-button").click();
  await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
  await boss.goto(`/jobs/${jobId}/applications`);
  await boss.getByTestId("application-card").filter({ hasText: handName }).getByTestId("application-accept").click();
  await expect(boss.getByText(text("en", "applications_accepted_toast"), { exact: true })).toBeVisible();
}

/** The hired `hand` checks in and out with the code on the owner's attendance screen. */
export async function checkInAndOut(boss: Page, hand: Page, jobId: string) {
  await boss.goto(`/jobs/${jobId}/attendance`);
  await hand.goto(`/jobs/${jobId}`);
  const card = hand.getByTestId("worker-shift-card");
  await card.getByTestId("check-in-code").fill(await codeOn(boss));
  await card.getByTestId("check-in-submit").click();
  await expect(card.getByTestId("check-out-submit")).toBeVisible();
  await hand.goto(`/jobs/${jobId}/check-in?code=${await codeOn(boss)}`);
  await hand.getByTestId("check-out-submit").click();
  await expect(hand.getByTestId("check-in-done")).toContainText(text("en", "shift_checked_out"));
}

/**
 * A day's hours agreed the long way, as people do it: `hand` applies and `boss` accepts (and confirms the
 * hold when the job is paid through Daywork), `hand` checks in and out with the owner's code, the owner
 * approves, `hand` disputes claiming `claimed` hours and the owner resolves at `agreed` hours.
 */
export async function hireWorkAndAgree(
  p: { boss: Page; hand: Page; jobId: string; handName: string; throughDaywork: boolean },
  hours: { claimed: string; agreed: string; claim: string; answer: string },
) {
  const { boss, hand, jobId } = p;
  await hireApplicant(boss, hand, jobId, p.handName);
  // The hire asked a hold on the employer's card: confirmed, the job may start (docs/decisions/079).
  if (p.throughDaywork) await confirmHolds(boss, jobId);
  await checkInAndOut(boss, hand, jobId);

  await boss.goto(`/jobs/${jobId}/timesheets`);
  const bossRow = boss.getByTestId("timesheet-row").filter({ has: boss.getByTestId("timesheet-history") });
  await bossRow.getByTestId("timesheet-approve").click();
  await expect(bossRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "approved");
  await hand.goto(`/jobs/${jobId}/timesheets`);
  const handRow = hand.getByTestId("timesheet-row").filter({ has: hand.getByTestId("timesheet-history") });
  await handRow.getByTestId("timesheet-dispute").locator("summary").click();
  await handRow.getByTestId("timesheet-hours").fill(hours.claimed);
  await handRow.getByTestId("timesheet-reason").fill(hours.claim);
  await handRow.getByTestId("timesheet-dispute-submit").click();
  await expect(handRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "disputed");
  await boss.reload();
  await bossRow.getByTestId("timesheet-resolve").locator("summary").click();
  await bossRow.getByTestId("timesheet-hours").fill(hours.agreed);
  await bossRow.getByTestId("timesheet-reason").fill(hours.answer);
  await bossRow.getByTestId("timesheet-resolve-submit").click();
  await expect(bossRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "resolved");
}
