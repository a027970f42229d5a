import { expect, test, type Browser, type Page } from "@playwright/test";

import { inbox, newAccount, postJob, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

// Issue 34, item 1 (docs/decisions/046): a worker hired for the second day only of a two-day job is told
// that day everywhere: the hired notice in the app and by mail, the My jobs card, and the evening-before
// reminder, which comes before their day and not before the job's first. Everyone's clock is UTC; the
// server's clock is moved to the two evenings (E2E_MOVABLE_CLOCK), which writes the reminders due then.

/** The UTC date `days` after the machine's today. */
function dayAfter(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A date as the English interface writes it in lists and notices ("Dec 1, 2026"). */
function medium(date: string): string {
  return new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await startInLanguage(page, "en");
  return page;
}

/** Moves the server's clock to `time` (HH:MM, UTC) on `date`. */
async function clockTo(page: Page, date: string, time: string) {
  const hours = (Date.parse(`${date}T${time}:00Z`) - Date.now()) / 3_600_000;
  const origin = new URL(page.url()).origin;
  const moved = await page.request.put("/api/test/clock", { data: { hours }, headers: { origin } });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** The person's notices of `kind` on /notifications, waiting (reloading) until `count` are listed. */
async function noticesOf(page: Page, kind: string, count: number) {
  const notices = page.locator(`[data-testid=notification][data-kind=${kind}]`);
  await expect(async () => {
    await page.goto("/notifications");
    await expect(notices).toHaveCount(count, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return notices;
}

test("hired for the second day: the notice, the mail, My jobs and the reminder say that day", async ({ browser }) => {
  test.setTimeout(240_000);
  const boss = await phone(browser);
  const hand = await phone(browser);
  const bossAccount = newAccount("someboss");
  const handAccount = newAccount("somehand");
  await signUpAndOnboard(boss, bossAccount, "employer", { company: "Linden Hall" });
  await signUpAndOnboard(hand, handAccount, "worker");

  // A two-day job from the day after tomorrow, 08:00, that lets workers choose days.
  const first = dayAfter(2);
  const second = dayAfter(3);
  const title = `Fair stand ${Date.now().toString(36)}`;
  const jobId = await postJob(boss, { title, startDate: first, startTime: "08:00", durationDays: 2, workers: 1, rate: 21 });
  await boss.goto(`/jobs/${jobId}/edit`);
  await boss.getByTestId("job-partial-days").click();
  await expect(boss.getByTestId("job-partial-days")).toHaveAttribute("data-state", "checked");
  await boss.getByTestId("job-submit").click();
  await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}$`));

  // The worker applies for the second day only; the owner hires them.
  await hand.goto(`/jobs/${jobId}`);
  await hand.locator(`[data-testid=apply-day][data-date="${first}"]`).click();
  await expect(hand.locator(`[data-testid=apply-day][data-date="${first}"]`)).toHaveAttribute("data-state", "unchecked");
  await hand.getByTestId("apply-button").click();
  await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
  await boss.goto(`/jobs/${jobId}/applications`);
  await boss.getByTestId("application-card").filter({ hasText: handAccount.name }).getByTestId("application-accept").click();
  await expect(toastWith(boss, text("en", "applications_accepted_toast"))).toBeVisible();

  // The hired notice in the app names the second day, never the first.
  const hired = await noticesOf(hand, "application_accepted", 1);
  await expect(hired).toContainText(medium(second));
  await expect(hired).not.toContainText(medium(first));

  // So does its mail, whose subject names who hired and the job, with the start time and the rate.
  const hiredMail = () => inbox().find((m) => m.to === handAccount.email && m.subject.includes(title));
  await expect.poll(hiredMail, { message: "the hired mail" }).toBeTruthy();
  const mail = hiredMail();
  expect(mail?.subject).toBe(`${bossAccount.name} hired you for ${title}`);
  const long = (date: string) =>
    new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  expect(mail?.text).toContain(`Start: ${long(second)}, 08:00`);
  expect(mail?.text).toContain("Rate: ₽21 an hour");
  expect(mail?.text).not.toContain(long(first));

  // My jobs: their own start and one day.
  await hand.goto("/my-jobs?view=applied");
  const start = hand.locator(`[data-testid=my-job-card][data-job-id="${jobId}"]`).getByTestId("my-job-start");
  await expect(start).toHaveAttribute("data-date", second);
  await expect(start).toContainText(medium(second));
  await expect(start).toContainText(text("en", "job_card_days", { count: 1 }));

  // The evening before the first day: the owner is reminded, the worker is not (it is not their day).
  await clockTo(boss, dayAfter(1), "18:30");
  await noticesOf(boss, "job_reminder", 1);
  await hand.goto("/notifications");
  await expect(hand.locator("[data-testid=notification][data-kind=job_reminder]")).toHaveCount(0);

  // The evening before the second day: the worker is reminded of it.
  await clockTo(boss, first, "18:30");
  const reminder = await noticesOf(hand, "job_reminder", 1);
  await expect(reminder).toContainText(medium(second));
  await expect(reminder).not.toContainText(medium(first));
  await noticesOf(boss, "job_reminder", 1);
});
