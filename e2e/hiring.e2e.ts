import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpAndOnboard, text, useLanguage } from "./support.ts";

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Posts a job through /post-job and returns its id (the job page it lands on). */
async function postJob(page: Page, title: string, workers: number) {
  await page.goto("/post-job");
  await page.getByTestId("job-title").fill(title);
  await page.getByTestId("job-description").fill("Help set up the tables and serve the guests at a wedding party.");
  await page.getByTestId("job-category").click();
  await page.getByTestId("job-category-catering").click();
  await page.getByTestId("job-location").fill("Old Town Hall");
  await page.getByTestId("job-start-date").click();
  await page.locator(`[data-day="${today()}"] button`).click();
  await page.getByTestId("job-duration").fill("1");
  await page.getByTestId("job-rate").fill("18");
  await page.getByTestId("job-workers").fill(String(workers));
  await page.getByTestId("job-submit").click();
  await expect(page.getByText(text("en", "toast_job_posted"))).toBeVisible();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop() ?? "";
}

test.describe("hiring and reviews", () => {
  test("a worker applies, the employer accepts, completes the job and both review each other", async ({ browser }) => {
    test.setTimeout(120_000);
    const employer = await browser.newContext();
    const worker = await browser.newContext();
    const boss = await employer.newPage();
    const hand = await worker.newPage();
    await useLanguage(boss, "en");
    await useLanguage(hand, "en");
    const bossAccount = newAccount("employer");
    const handAccount = newAccount("worker");
    await signUpAndOnboard(boss, bossAccount, "employer", { company: "Birch Café" });
    await signUpAndOnboard(hand, handAccount, "worker");
    const jobId = await postJob(boss, `Wedding waiter ${Date.now().toString(36)}`, 1);

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

    // Only the owner can manage applications: the worker is sent back to the job page.
    await hand.goto(`/jobs/${jobId}/applications`);
    await expect(hand.getByText(text("en", "error_applications_access_denied"))).toBeVisible();
    await expect(hand).toHaveURL(new RegExp(`/jobs/${jobId}$`));

    // The employer accepts the application on the applications page.
    await boss.getByTestId("job-applications").click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}/applications$`));
    await expect(boss.getByTestId("applications-capacity")).toHaveText(text("en", "applications_capacity", { accepted: 0, max: 1 }));
    const application = boss.getByTestId("application-card").filter({ hasText: handAccount.name });
    await expect(application.getByTestId("application-message")).toHaveText(message);
    await expect(application.getByTestId("application-status")).toHaveText(text("en", "applications_status_pending"));
    await application.getByTestId("application-accept").click();
    await expect(boss.getByText(text("en", "applications_accepted_toast"), { exact: true })).toBeVisible();
    await expect(application.getByTestId("application-status")).toHaveText(text("en", "applications_status_accepted"));
    await expect(application.getByTestId("application-accept")).toHaveCount(0);
    await expect(application.getByTestId("application-reject")).toHaveCount(0);
    await expect(boss.getByTestId("applications-capacity")).toHaveText(text("en", "applications_capacity", { accepted: 1, max: 1 }));
    await expect(boss.getByText(text("en", "applications_capacity_reached"))).toBeVisible();

    // The worker now sees Open Chat, and /my-jobs shows the application as accepted.
    await hand.reload();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "accepted");
    await expect(hand.getByTestId("open-chat")).toBeVisible();
    await expect(hand.getByTestId("open-chat")).toHaveAttribute("href", `/jobs/${jobId}/chat`);
    await hand.goto("/my-jobs");
    await expect(
      hand.getByTestId("my-job-card").filter({ has: hand.locator(`a[href="/jobs/${jobId}"]`) }).getByTestId("my-application-status"),
    ).toContainText(text("en", "my_jobs_application_accepted"));

    // The employer starts and completes the job.
    await boss.getByTestId("applications-back").click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    await boss.getByTestId("job-status-start").click();
    await expect(boss.getByText(text("en", "toast_job_started"), { exact: true })).toBeVisible();
    await boss.getByTestId("job-status-complete").click();
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

  test("a visitor is sent to sign in before applying; an employer account gets no apply card", async ({ browser }) => {
    const employer = await browser.newContext();
    const visitor = await browser.newContext();
    const boss = await employer.newPage();
    const page = await visitor.newPage();
    await useLanguage(boss, "en");
    await useLanguage(page, "en");
    await signUpAndOnboard(boss, newAccount("employer"), "employer", { company: "Oak Bistro" });
    const jobId = await postJob(boss, `Bistro helper ${Date.now().toString(36)}`, 2);

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
