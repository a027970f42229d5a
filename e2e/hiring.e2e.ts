import { expect, test } from "@playwright/test";

import { newAccount, postJob, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

test.describe("hiring and reviews", () => {
  test("a worker applies, the employer accepts, completes the job and both review each other", async ({ browser }) => {
    test.setTimeout(120_000);
    const employer = await browser.newContext();
    const worker = await browser.newContext();
    const boss = await employer.newPage();
    const hand = await worker.newPage();
    await startInLanguage(boss, "en");
    await startInLanguage(hand, "en");
    const bossAccount = newAccount("employer");
    const handAccount = newAccount("worker");
    await signUpAndOnboard(boss, bossAccount, "employer", { company: "Birch Café" });
    await signUpAndOnboard(hand, handAccount, "worker");
    const jobId = await postJob(boss, { title: `Wedding waiter ${Date.now().toString(36)}`, workers: 1 });

    // The owner manages the job and is offered no apply card.
    await expect(boss.getByTestId("manage-job-card")).toBeVisible();
    await expect(boss.getByTestId("apply-card")).toHaveCount(0);

    // The worker applies with a message.
    const message = "I served at weddings for two summers and I am free all day.";
    await hand.goto(`/jobs/${jobId}`);
    await expect(hand.getByTestId("contact-button")).toBeVisible();
    await hand.getByTestId("apply-message").fill(message);
    await hand.getByTestId("apply-button").click();
    await expect(hand.getByText(text("en", "apply_submitted"), { exact: true })).toBeVisible();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    await expect(hand.getByTestId("apply-status-text")).toHaveText(text("en", "apply_pending"));
    await expect(hand.getByTestId("apply-button")).toHaveCount(0);
    // The employer, on the job page, hears of it at once: the bell counts it without a reload.
    await expect(boss.getByTestId("nav-notifications-count")).toHaveText("1");

    // Only the owner can manage applications: the worker is told so in place, with the way back to the job.
    await hand.goto(`/jobs/${jobId}/applications`);
    const denied = hand.getByTestId("applications-access-denied");
    await expect(denied).toContainText(text("en", "error_applications_access_denied"));
    await expect(hand).toHaveURL(new RegExp(`/jobs/${jobId}/applications$`));
    await expect(hand.getByTestId("application-card")).toHaveCount(0);
    await denied.getByTestId("applications-denied-back").click();
    await expect(hand).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");

    // Nor can anyone else edit the job: it answers like a missing one.
    await hand.goto(`/jobs/${jobId}/edit`);
    await expect(hand.getByTestId("job-edit-not-found")).toContainText(text("en", "error_job_edit_not_found"));
    await expect(hand.getByTestId("edit-job-form")).toHaveCount(0);
    await hand.goto(`/jobs/${jobId}`);

    // The employer accepts the application on the applications page.
    await boss.getByTestId("job-applications").click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}/applications$`));
    await expect(boss.getByTestId("applications-capacity")).toHaveText(
      text("en", "applications_capacity", { accepted: 0, max: 1 }),
    );
    const application = boss.getByTestId("application-card").filter({ hasText: handAccount.name });
    await expect(application.getByTestId("application-message")).toHaveText(message);
    await expect(application.getByTestId("application-status")).toHaveText(text("en", "applications_status_pending"));
    await application.getByTestId("application-accept").click();
    await expect(boss.getByText(text("en", "applications_accepted_toast"), { exact: true })).toBeVisible();
    await expect(application.getByTestId("application-status")).toHaveText(text("en", "applications_status_accepted"));
    await expect(application.getByTestId("application-accept")).toHaveCount(0);
    await expect(application.getByTestId("application-reject")).toHaveCount(0);
    await expect(boss.getByTestId("applications-capacity")).toHaveText(
      text("en", "applications_capacity", { accepted: 1, max: 1 }),
    );
    await expect(boss.getByText(text("en", "applications_capacity_reached"))).toBeVisible();

    // The worker's open job page turns to "You're hired!" by itself, and the bell counts it.
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "accepted");
    await expect(hand.getByText(text("en", "apply_accepted_title"))).toBeVisible();
    await expect(hand.getByTestId("nav-notifications-count")).toHaveText("1");
    await expect(hand.getByTestId("open-chat")).toBeVisible();
    // The notification leads back to the job and is read once opened.
    await hand.getByTestId("nav-notifications").click();
    const notice = hand.getByTestId("notification").filter({ hasText: text("en", "notification_application_accepted_title") });
    await expect(notice).toHaveAttribute("data-read", "false");
    await notice.getByTestId("notification-link").click();
    await expect(hand).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    await expect(hand.getByTestId("nav-notifications-count")).toHaveCount(0);
    await expect(hand.getByTestId("open-chat")).toHaveAttribute("href", `/jobs/${jobId}/chat`);
    await hand.goto("/my-jobs");
    await expect(
      hand
        .getByTestId("my-job-card")
        .filter({ has: hand.locator(`a[href="/jobs/${jobId}"]`) })
        .getByTestId("my-application-status"),
    ).toContainText(text("en", "my_jobs_application_accepted"));

    // The employer completes the job: nobody presses Start, it is under way once its first shift starts.
    await boss.getByTestId("applications-back").click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    await expect(boss.getByTestId("job-status-start")).toHaveCount(0);
    await boss.getByTestId("job-status-complete").click();
    // The dialog says the hired worker is told.
    await expect(boss.getByTestId("job-complete-dialog")).toContainText(text("en", "job_status_notify_hired"));
    await boss.getByTestId("job-complete-confirm").click();
    await expect(boss.getByText(text("en", "toast_job_completed"), { exact: true })).toBeVisible();

    // The employer reviews the worker: stars are required, the comment is limited.
    const bossReview = boss.getByTestId("review-card");
    await expect(bossReview).toHaveCount(1);
    await expect(bossReview).toContainText(handAccount.name);
    await bossReview.getByTestId("review-submit").click();
    await expect(bossReview.getByText(text("en", "error_rating_range"))).toBeVisible();
    await bossReview.getByTestId("review-star-4").click();
    await bossReview.getByTestId("review-comment").fill("x".repeat(1001));
    await bossReview.getByTestId("review-submit").click();
    await expect(bossReview.getByText(text("en", "error_rating_comment_too_long"))).toBeVisible();
    await bossReview.getByTestId("review-comment").fill("Friendly and quick, the guests loved him.");
    await bossReview.getByTestId("review-submit").click();
    await expect(boss.getByText(text("en", "review_submitted"), { exact: true })).toBeVisible();
    await expect(boss.getByTestId("review-thanks")).toBeVisible();
    await expect(boss.getByTestId("review-thanks")).toContainText(text("en", "review_thanks_title"));
    await expect(boss.getByTestId("review-card")).toHaveCount(0);

    // The worker reviews the employer, choosing the stars with the keyboard.
    await hand.goto(`/jobs/${jobId}`);
    const handReview = hand.getByTestId("review-card");
    await expect(handReview).toHaveCount(1);
    await handReview.getByTestId("review-star-1").click();
    for (let i = 0; i < 4; i += 1) await hand.keyboard.press("ArrowRight", { delay: 50 });
    await expect(handReview.getByTestId("review-star-5")).toHaveAttribute("data-state", "checked");
    await handReview.getByTestId("review-comment").fill("Clear instructions and paid on time.");
    await handReview.getByTestId("review-submit").click();
    await expect(hand.getByText(text("en", "review_submitted"), { exact: true })).toBeVisible();
    await expect(hand.getByTestId("review-thanks")).toBeVisible();
    await expect(hand.getByTestId("review-card")).toHaveCount(0);

    // The thank-you cards stay after a reload.
    await boss.reload();
    await expect(boss.getByTestId("review-thanks")).toBeVisible();
    await hand.reload();
    await expect(hand.getByTestId("review-thanks")).toBeVisible();

    await employer.close();
    await worker.close();
  });

  test("Reject asks first and can be taken back, from the toast or the card, before the worker hears of it", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const employer = await browser.newContext();
    const worker = await browser.newContext();
    const boss = await employer.newPage();
    const hand = await worker.newPage();
    await startInLanguage(boss, "en");
    await startInLanguage(hand, "en");
    const handAccount = newAccount("worker");
    await signUpAndOnboard(boss, newAccount("employer"), "employer", { company: "Elm Kitchen" });
    await signUpAndOnboard(hand, handAccount, "worker");
    const jobId = await postJob(boss, { title: `Dish washer ${Date.now().toString(36)}` });
    await hand.goto(`/jobs/${jobId}`);
    await hand.getByTestId("apply-button").click();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");

    await boss.goto(`/jobs/${jobId}/applications`);
    const application = boss.getByTestId("application-card").filter({ hasText: handAccount.name });
    // The dialog names the worker and what happens; keeping it changes nothing.
    await application.getByTestId("application-reject").click();
    const dialog = boss.getByTestId("application-reject-dialog");
    await expect(dialog).toContainText(handAccount.name);
    await boss.getByTestId("application-reject-keep").click();
    await expect(dialog).toHaveCount(0);
    await expect(application.getByTestId("application-reject")).toBeFocused();
    await expect(application).toHaveAttribute("data-status", "pending");

    // Rejected: the toast offers Undo, which restores it.
    await application.getByTestId("application-reject").click();
    await boss.getByTestId("application-reject-confirm").click();
    await expect(application).toHaveAttribute("data-status", "rejected");
    await toastWith(boss, text("en", "applications_rejected_toast"))
      .getByRole("button", { name: text("en", "applications_undo") })
      .click();
    await expect(boss.getByText(text("en", "applications_restored_toast"), { exact: true })).toBeVisible();
    await expect(application).toHaveAttribute("data-status", "pending");

    // Rejected again: the card keeps Undo while the worker is not told yet; their page still reads pending.
    await application.getByTestId("application-reject").click();
    await boss.getByTestId("application-reject-confirm").click();
    await expect(application.getByTestId("application-undo-note")).toBeVisible();
    await hand.reload();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    await expect(hand.getByTestId("nav-notifications-count")).toHaveCount(0);
    await application.getByTestId("application-undo").click();
    await expect(application).toHaveAttribute("data-status", "pending");
    await expect(application.getByTestId("application-undo")).toHaveCount(0);

    await employer.close();
    await worker.close();
  });

  test("a visitor is sent to sign in before applying; an employer account gets no apply card", async ({ browser }) => {
    const employer = await browser.newContext();
    const visitor = await browser.newContext();
    const boss = await employer.newPage();
    const page = await visitor.newPage();
    await startInLanguage(boss, "en");
    await startInLanguage(page, "en");
    await signUpAndOnboard(boss, newAccount("employer"), "employer", { company: "Oak Bistro" });
    const jobId = await postJob(boss, { title: `Bistro helper ${Date.now().toString(36)}`, workers: 2 });

    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByTestId("apply-card")).toContainText(text("en", "apply_sign_in"));
    await page.getByTestId("apply-button").click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fjobs%2F${jobId}`));

    // Another employer sees the job without an apply card, but can message its owner.
    const other = await visitor.newPage();
    await signUpAndOnboard(other, newAccount("rival"), "employer");
    await other.goto(`/jobs/${jobId}`);
    await expect(other.getByTestId("job-title")).toBeVisible();
    await expect(other.getByTestId("contact-button")).toBeVisible();
    await expect(other.getByTestId("apply-card")).toHaveCount(0);

    await employer.close();
    await visitor.close();
  });
});
