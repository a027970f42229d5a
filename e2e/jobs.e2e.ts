import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpAndOnboard, text, useLanguage } from "./support.ts";

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

async function pickSelect(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-${value}`).click();
}

async function pickDay(page: Page, testId: string, iso: string) {
  await page.getByTestId(testId).click();
  await page.locator(`[data-day="${iso}"] button`).click();
}

async function postJob(page: Page, job: { title: string; description: string; location: string; skill: string }) {
  await page.goto("/post-job");
  await page.getByTestId("job-title").fill(job.title);
  await page.getByTestId("job-description").fill(job.description);
  await pickSelect(page, "job-category", "delivery");
  await page.getByTestId("job-location").fill(job.location);
  await pickDay(page, "job-start-date", today());
  await page.getByTestId("job-duration").fill("3");
  await pickSelect(page, "job-currency", "EUR");
  await page.getByTestId("job-rate").fill("20");
  await page.getByTestId("job-workers").fill("2");
  await page.getByTestId("job-skill-input").fill(job.skill);
  await page.getByTestId("job-skill-input").press("Enter");
  await page.getByTestId("job-submit").click();
  await expect(page.getByText(text("en", "toast_job_posted"))).toBeVisible();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop() ?? "";
}

async function searchFor(page: Page, query: string) {
  await page.getByTestId("search-input").fill(query);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query)}`));
}

test("an employer posts a job; a visitor finds it by text and by each filter; the employer edits and manages it", async ({ browser }) => {
  const token = `zx${Date.now().toString(36)}`;
  const job = {
    title: `Parcel courier ${token}`,
    description: `Deliver parcels around the old town by bike, route briefing at 8 am (${token}desc).`,
    location: `Riverside ${token}loc`,
    skill: `cargo-bike-${token}`,
  };

  const employer = await browser.newContext();
  const employerPage = await employer.newPage();
  await useLanguage(employerPage, "en");
  await signUpAndOnboard(employerPage, newAccount("employer"), "employer", { company: `Courier Co ${token}` });
  const jobId = await postJob(employerPage, job);
  await expect(employerPage.getByRole("heading", { level: 1 })).toHaveText(job.title);

  // A visitor without an account finds the job by each searchable field, case-insensitively.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await useLanguage(page, "en");
  await page.goto("/");
  for (const query of [token.toUpperCase(), `${token}desc`, `${token}LOC`, `cargo-bike-${token}`]) {
    await searchFor(page, query);
    await expect(page.getByTestId("job-card")).toHaveCount(1);
    await expect(page.getByTestId("job-card").first()).toContainText(job.title);
  }

  // Each filter keeps it when it matches and drops it when it does not.
  await searchFor(page, token);
  await pickSelect(page, "filter-category", "delivery");
  await expect(page.getByTestId("job-card")).toHaveCount(1);
  await pickSelect(page, "filter-category", "cleaning");
  await expect(page.getByText(text("en", "home_empty"))).toBeVisible();
  await pickSelect(page, "filter-category", "delivery");
  await pickSelect(page, "filter-duration", "2-3");
  await expect(page.getByTestId("job-card")).toHaveCount(1);
  await pickSelect(page, "filter-price", "15-25");
  await expect(page.getByTestId("job-card")).toHaveCount(1);
  await pickSelect(page, "filter-price", "under-15");
  await expect(page.getByText(text("en", "home_empty"))).toBeVisible();
  await pickSelect(page, "filter-price", "15-25");
  await pickDay(page, "filter-date", today());
  await expect(page.getByTestId("job-card")).toHaveCount(1);

  // The search lives in the URL: a reload keeps it, and the back button undoes the last filter.
  await page.reload();
  await expect(page.getByTestId("job-card")).toHaveCount(1);
  await page.goBack();
  await expect(page).not.toHaveURL(/date=/);

  await page.getByTestId("job-card-link").first().click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect(page.getByTestId("job-employer")).toContainText(`Courier Co ${token}`);
  await expect(page.getByTestId("manage-job-card")).toHaveCount(0);

  // The owner edits the job.
  await employerPage.getByTestId("job-edit").click();
  await expect(employerPage).toHaveURL(new RegExp(`/jobs/${jobId}/edit$`));
  await employerPage.getByTestId("job-title").fill(`${job.title} (updated)`);
  await employerPage.getByTestId("job-submit").click();
  await expect(employerPage.getByText(text("en", "toast_job_updated"))).toBeVisible();
  await expect(employerPage).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect(employerPage.getByRole("heading", { level: 1 })).toHaveText(`${job.title} (updated)`);

  // It is listed in /my-jobs, and the status actions move it along.
  await employerPage.goto("/my-jobs");
  await expect(employerPage.getByTestId("my-job-card").filter({ hasText: token })).toHaveCount(1);
  await employerPage.getByTestId("my-job-card").filter({ hasText: token }).click();
  await employerPage.getByTestId("job-status-start").click();
  await expect(employerPage.getByTestId("job-status").first()).toHaveText(text("en", "job_status_in_progress"));
  await employerPage.getByTestId("job-status-complete").click();
  await expect(employerPage.getByTestId("job-status").first()).toHaveText(text("en", "job_status_completed"));
  await expect(employerPage.getByTestId("job-status-cancel")).toHaveCount(0);

  // A completed job is no longer listed on the home page.
  await page.goto(`/?q=${token}`);
  await expect(page.getByText(text("en", "home_empty"))).toBeVisible();

  // A second job is cancelled after confirming.
  await postJob(employerPage, { ...job, title: `Second ${job.title}` });
  await employerPage.getByTestId("job-status-cancel").click();
  await employerPage.getByTestId("job-cancel-confirm").click();
  await expect(employerPage.getByTestId("job-status").first()).toHaveText(text("en", "job_status_cancelled"));

  await employer.close();
  await visitor.close();
});
