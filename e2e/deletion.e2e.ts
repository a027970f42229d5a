import { expect, test } from "@playwright/test";

import { newAccount, postJob, signIn, signUpAndOnboard, startInLanguage, text } from "./support.ts";

// Deleting an account (docs/decisions/050): it ends on a page that says it is done, in the person's
// language, and what the other side needs stays: the employer still has the worker's recorded day in
// the timesheet, under "Deleted user", and the job still counts them as hired.
test.describe("account deletion", () => {
  test("a worker who checked in deletes their account in Russian; the employer keeps the day and the hire", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const boss = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const hand = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await startInLanguage(boss, "en");
    await startInLanguage(hand, "ru");
    const handAccount = newAccount("leaver");
    await signUpAndOnboard(boss, newAccount("keeper"), "employer", { company: "Kept Records Café" });
    await signUpAndOnboard(hand, handAccount, "worker");
    // Two days from today: one of them is today in the job's city whatever the hour.
    const jobId = await postJob(boss, { title: `Kept shift ${Date.now().toString(36)}`, durationDays: 2, rate: 18 });

    await hand.goto(`/jobs/${jobId}`);
    await hand.getByTestId("apply-button").click();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    await boss.goto(`/jobs/${jobId}/applications`);
    await boss.getByTestId("application-card").filter({ hasText: handAccount.name }).getByTestId("application-accept").click();
    await expect(boss.getByTestId("applications-capacity")).toHaveAttribute("data-accepted", "1");

    // The worker checks in with the code on the owner's screen: a day is recorded.
    await boss.goto(`/jobs/${jobId}/attendance`);
    const digits = boss.getByTestId("attendance-code-digits");
    await expect(digits).toHaveText(/^\d{3} \d{3}$/);
    await hand.goto(`/jobs/${jobId}`);
    const card = hand.getByTestId("worker-shift-card");
    await card.getByTestId("check-in-code").fill((await digits.innerText()).replace(/\s/g, ""));
    await card.getByTestId("check-in-submit").click();
    await expect(card.getByTestId("worker-checked-in-at")).toBeVisible();

    // The worker deletes the account; the last page says it is done, in Russian.
    await hand.goto("/settings/privacy");
    await hand.getByTestId("delete-account").click();
    const dialog = hand.getByTestId("delete-account-dialog");
    await expect(dialog.getByTestId("delete-account-kept")).toHaveText(text("ru", "privacy_delete_kept", { years: 3 }));
    await dialog.getByTestId("delete-account-confirm").click();
    await expect(hand).toHaveURL(/\/account-deleted$/);
    const done = hand.getByTestId("account-deleted");
    await expect(done).toContainText(text("ru", "privacy_deleted_title"));
    await expect(done).toContainText(text("ru", "account_deleted_erased"));
    await expect(hand.getByTestId("account-deleted-kept")).toHaveText(text("ru", "privacy_delete_kept", { years: 3 }));
    // A reload keeps the page: it needs no account.
    expect((await hand.reload())?.status()).toBe(200);
    await expect(hand.getByTestId("account-deleted")).toBeVisible();
    await hand.goto("/auth");
    await signIn(hand, handAccount);
    await expect(hand.getByTestId("sign-in-form").getByText(text("ru", "error_invalid_credentials"))).toBeVisible();

    // The employer still has the day and the hire, under "Deleted user", and nothing of the person.
    await boss.goto(`/jobs/${jobId}/timesheets`);
    const rows = boss.getByTestId("timesheet-row");
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: text("en", "person_deleted") }).first()).toBeVisible();
    await expect(boss.getByTestId("timesheets-page")).not.toContainText(handAccount.name);
    await boss.goto(`/jobs/${jobId}/attendance`);
    await expect(boss.getByTestId("attendance-row").filter({ hasText: text("en", "person_deleted") })).toHaveCount(1);
    await expect(boss.getByTestId("attendance-row").getByTestId("day-times")).toHaveCount(1);
    await boss.goto(`/jobs/${jobId}/applications`);
    await expect(boss.getByTestId("applications-capacity")).toHaveAttribute("data-accepted", "1");
    await expect(boss.getByTestId("application-card")).toContainText(text("en", "person_deleted"));

    await boss.context().close();
    await hand.context().close();
  });
});
