import { expect, test, type Browser, type Page } from "@playwright/test";

import { newAccount, postJob, signUpAndOnboard, startInLanguage, text } from "./support.ts";

// Employers' pay held before the shift (docs/decisions/079), against the YooKassa stand-in the server
// starts (PAYMENT_STAND_INS=auto outside production): an employer posts a job paid through Daywork in
// roubles, hires two workers, confirms each hold on the stand-in's payment page with a test card
// (docs/payments.md), and a hired worker sees "pay secured". Set HOLDS_SHOTS_DIR to save the job page's
// states on a desktop, a phone and in Arabic.

const SHOTS = process.env.HOLDS_SHOTS_DIR;

/** Saves the page when HOLDS_SHOTS_DIR names a folder (screenshots cost CI time and nobody reads them there). */
async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function person(browser: Browser, viewport = { width: 1280, height: 900 }, language = "en"): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await startInLanguage(page, language);
  return page;
}

test("an employer's card is held before the shift, and a hired worker sees their pay secured", async ({ browser }) => {
  test.setTimeout(240_000);
  const boss = await person(browser);
  const phone = { width: 375, height: 800 };
  const first = await person(browser, phone);
  const workers = [first, await person(browser, phone, "ar")];
  const accounts = [newAccount("heldone"), newAccount("heldtwo")];
  await signUpAndOnboard(boss, newAccount("heldboss"), "employer", { company: "Kazan Catering" });
  for (const [i, page] of workers.entries()) await signUpAndOnboard(page, accounts[i] ?? newAccount(), "worker");

  const jobId = await postJob(boss, {
    title: `Banquet ${Date.now().toString(36)}`,
    currency: "RUB",
    rate: 500,
    workers: 2,
    payMode: "through_daywork",
  });
  await expect(boss.getByTestId("job-pay-mode")).toContainText(text("en", "job_pay_secured"));

  for (const [i, page] of workers.entries()) {
    await page.goto(`/jobs/${jobId}`);
    // Said before a worker applies: what is held, in plain words.
    await expect(page.getByTestId("pay-held")).toContainText(text(i === 1 ? "ar" : "en", "pay_held_hours_fact", { hours: 8 }));
    await page.getByTestId("apply-button").click();
    await expect(page.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
  }
  await boss.goto(`/jobs/${jobId}/applications`);
  for (const account of accounts) {
    const card = boss.getByTestId("application-card").filter({ hasText: account.name });
    await card.getByTestId("application-accept").click();
    await expect(card).toHaveAttribute("data-status", "accepted");
  }

  // Each hire asked a hold; the employer confirms them on the provider's page, one after the other.
  const pay = boss.getByTestId("job-pay-state");
  for (let confirmed = 0; confirmed < 2; confirmed++) {
    await expect(pay).toHaveAttribute("data-state", "waiting", { timeout: 20_000 });
    if (confirmed === 0) await shot(boss, "applications-waiting-desktop");
    await boss.getByTestId("pay-confirm").click();
    await expect(boss.getByRole("heading", { name: "YooKassa test payment" })).toBeVisible();
    await boss.getByLabel("Card number").fill("5555 5555 5555 4477");
    await boss.getByRole("button", { name: "Pay" }).click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}/applications`));
  }
  await expect(pay).toHaveAttribute("data-state", "secured", { timeout: 20_000 });
  await boss.goto(`/jobs/${jobId}`);
  await expect(boss.getByTestId("job-pay-state")).toHaveAttribute("data-state", "secured");
  await shot(boss, "job-secured-desktop");

  // Each hired worker sees that their pay is secured: on a phone, and in Arabic.
  for (const [i, page] of workers.entries()) {
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByTestId("pay-secured")).toHaveAttribute("data-secured", "true");
    await expect(page.getByTestId("pay-secured")).toContainText(text(i === 1 ? "ar" : "en", "pay_secured_yes"));
    await shot(page, `job-worker-secured-${i === 1 ? "ar" : "en"}-phone`);
  }
  // And on their list of jobs.
  await first.goto("/my-jobs");
  await expect(first.getByTestId("my-job-pay-secured")).toHaveAttribute("data-secured", "true");
});

test("a declined card: the employer is told why and asks again, on a phone in Arabic", async ({ browser }) => {
  test.setTimeout(180_000);
  const boss = await person(browser, { width: 375, height: 800 }, "ar");
  const worker = await person(browser, { width: 375, height: 800 });
  const account = newAccount("heldnot");
  await signUpAndOnboard(boss, newAccount("heldarboss"), "employer");
  await signUpAndOnboard(worker, account, "worker");
  const jobId = await postJob(boss, {
    title: `وليمة ${Date.now().toString(36)}`,
    currency: "RUB",
    rate: 450,
    payMode: "through_daywork",
  });
  await worker.goto(`/jobs/${jobId}`);
  await worker.getByTestId("apply-button").click();
  await expect(worker.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");

  await boss.goto(`/jobs/${jobId}/applications`);
  const card = boss.getByTestId("application-card").filter({ hasText: account.name });
  await card.getByTestId("application-accept").click();
  await expect(card).toHaveAttribute("data-status", "accepted");
  const pay = boss.getByTestId("job-pay-state");
  await expect(pay).toHaveAttribute("data-state", "waiting", { timeout: 20_000 });
  await boss.getByTestId("pay-confirm").click();
  await boss.getByLabel("Card number").fill("4000 0000 0000 0002");
  await boss.getByRole("button", { name: "Pay" }).click();
  await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}/applications`));

  await expect(pay).toHaveAttribute("data-state", "failed", { timeout: 20_000 });
  await expect(boss.getByTestId("job-pay-state-text")).toContainText(text("ar", "pay_hold_reason_declined"));
  await boss.goto(`/jobs/${jobId}`);
  await expect(boss.getByTestId("job-pay-state")).toHaveAttribute("data-state", "failed");
  await shot(boss, "job-failed-ar-phone");
  // Until it is held, the hired worker reads that their pay is not secured yet.
  await worker.goto(`/jobs/${jobId}`);
  await expect(worker.getByTestId("pay-secured")).toHaveAttribute("data-secured", "false");

  await boss.getByTestId("pay-retry").click();
  await expect(boss.getByTestId("job-pay-state")).toHaveAttribute("data-state", "waiting", { timeout: 20_000 });
  await shot(boss, "job-waiting-ar-phone", false);
});
