import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

/** A message's text in a language, straight from messages/{locale}.json (placeholders filled in). */
export function text(locale: string, key: string, inputs: Record<string, string | number> = {}): string {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Catalogue;
    catalogues.set(locale, catalogue);
  }
  const value = catalogue[key];
  if (typeof value !== "string") throw new Error(`no plain message ${key} in ${locale}`);
  return value.replace(/\{(\w+)\}/g, (_, name: string) => String(inputs[name] ?? `{${name}}`));
}

/** Chooses the interface language before the app starts (what the switcher keeps in localStorage). */
export async function useLanguage(page: Page, locale: string) {
  await page.addInitScript((l) => {
    if (!localStorage.getItem("language")) localStorage.setItem("language", l);
  }, locale);
}

let counter = 0;
export type Account = { email: string; password: string; name: string };

/** A unique account for one journey. */
export function newAccount(prefix = "person"): Account {
  counter += 1;
  return { email: `${prefix}-${Date.now()}-${counter}@example.com`, password: "secret123", name: `${prefix} ${counter}` };
}

/** Signs up through /auth and completes onboarding as a worker or an employer; ends on the home page. */
export async function signUpAndOnboard(page: Page, account: Account, role: "worker" | "employer", extra: { company?: string } = {}) {
  await page.goto("/auth?tab=sign-up");
  const form = page.getByTestId("sign-up-form");
  await form.getByLabel(/name|имя/i).first().fill(account.name);
  await form.locator("input[type=email]").fill(account.email);
  await form.locator("input[type=password]").fill(account.password);
  for (const box of ["ageConfirmed", "consentDataProcessing", "termsAccepted"]) await page.getByTestId(`confirm-${box}`).click();
  await page.getByTestId("sign-up-submit").click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByTestId(`user-type-${role}`).click();
  await page.getByTestId("onboarding-next").click();
  if (extra.company) await page.locator("input[autocomplete=organization]").fill(extra.company);
  await page.getByTestId("onboarding-next").click();
  await page.getByTestId("onboarding-complete").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("nav-profile")).toBeVisible();
}

/** Signs in through /auth (on the page already open when `stay` is set, keeping its return path). */
export async function signIn(page: Page, account: Account, options: { stay?: boolean } = {}) {
  if (!options.stay) await page.goto("/auth");
  const form = page.getByTestId("sign-in-form");
  await form.locator("input[type=email]").fill(account.email);
  await form.locator("input[type=password]").fill(account.password);
  await form.locator("button[type=submit]").click();
}

/** Today's date as YYYY-MM-DD in the local time zone (the browser's too). */
export function localToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export type JobDraft = { title: string; description?: string; location?: string; workers?: number };

/**
 * Posts a job through /post-job (category catering, starting today, one day at 18 per hour) as the
 * signed-in employer, in English; ends on the new job's page and returns its id.
 */
export async function postJob(page: Page, job: JobDraft): Promise<string> {
  await page.goto("/post-job");
  await page.getByTestId("job-title").fill(job.title);
  await page.getByTestId("job-description").fill(job.description ?? "Help set up the tables and serve the guests at a wedding party.");
  await page.getByTestId("job-category").click();
  await page.getByTestId("job-category-catering").click();
  await page.getByTestId("job-location").fill(job.location ?? "Old Town Hall");
  await page.getByTestId("job-start-date").click();
  await page.locator(`[data-day="${localToday()}"] button`).click();
  await page.getByTestId("job-duration").fill("1");
  await page.getByTestId("job-rate").fill("18");
  await page.getByTestId("job-workers").fill(String(job.workers ?? 1));
  await page.getByTestId("job-submit").click();
  await expect(page.getByText(text("en", "toast_job_posted"))).toBeVisible();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop() ?? "";
}

/** A toast (sonner) whose text contains `title`. */
export function toastWith(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}
