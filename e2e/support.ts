import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";

import { defaultCurrencyFor } from "../domain/countries.ts";
import { DEFAULT_JOB_CURRENCY } from "../domain/currencies.ts";
import { linksIn, type StoredMail } from "../server/mail/create-mailer.ts";

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

/** A message's text in a language, straight from messages/{locale}.json (placeholders filled in). */
export function text(locale: string, key: string, inputs: Record<string, string | number> = {}): string {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    const parsed: unknown = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8"));
    if (typeof parsed !== "object" || parsed === null) throw new Error(`messages/${locale}.json is not a message catalogue`);
    catalogue = Object.fromEntries(Object.entries(parsed));
    catalogues.set(locale, catalogue);
  }
  const value = pluralVariant(catalogue[key], locale, inputs);
  if (typeof value !== "string") throw new Error(`no message ${key} in ${locale}`);
  return value.replace(/\{(\w+)\}/g, (_, name: string) => String(inputs[name] ?? `{${name}}`));
}

/**
 * A plain message as it is; of a plural one (inlang message format: declarations
 * "local xPlural = x: plural", match keys "xPlural=few"), the variant the inputs' numbers select.
 */
function pluralVariant(value: unknown, locale: string, inputs: Record<string, string | number>): unknown {
  if (!Array.isArray(value)) return value;
  const [message] = value as { declarations?: string[]; match?: Record<string, string> }[];
  const categories = new Map<string, string>();
  for (const declaration of message?.declarations ?? []) {
    const [, local, input] = /^local (\w+) = (\w+): plural$/.exec(declaration) ?? [];
    if (local && input) categories.set(local, new Intl.PluralRules(locale).select(Number(inputs[input])));
  }
  const chosen = Object.entries(message?.match ?? {}).find(([key]) =>
    key.split(",").every((part) => {
      const [selector, category] = part.trim().split("=");
      return category === "*" || categories.get(selector ?? "") === category;
    }),
  );
  return chosen?.[1];
}

/** The language each page was started in, for accounts made without a page of the app open. */
const startedIn = new WeakMap<Page, string>();

/** Chooses the interface language before the app starts (what the switcher keeps in localStorage). */
export async function startInLanguage(page: Page, locale: string) {
  startedIn.set(page, locale);
  await page.addInitScript((l) => {
    if (!localStorage.getItem("language")) localStorage.setItem("language", l);
  }, locale);
}

/** A page in a browser context of its own (a separate person), reading `locale` when given. */
export async function newPage(browser: Browser, locale?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (locale) await startInLanguage(page, locale);
  return page;
}

let counter = 0;
export type Account = { email: string; password: string; name: string };

/** A unique account for one journey (the worker's process id apart: two workers may run the same file's code at once). */
export function newAccount(prefix = "person"): Account {
  counter += 1;
  return {
    email: `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`,
    password: "secret123",
    name: `${prefix} ${counter}`,
  };
}

/** Signs up through /auth; ends on the first onboarding step. */
export async function signUp(page: Page, account: Account) {
  await page.goto("/auth?tab=sign-up");
  const form = page.getByTestId("sign-up-form");
  await form
    .getByLabel(/name|имя/i)
    .first()
    .fill(account.name);
  await form.locator("input[type=email]").fill(account.email);
  await form.locator("input[type=password]").fill(account.password);
  for (const box of ["ageConfirmed", "consentDataProcessing", "termsAccepted"]) await page.getByTestId(`confirm-${box}`).click();
  await page.getByTestId("sign-up-submit").click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

/** The e2e server's local inbox: it has no SMTP_URL, so its mails are files in DATA_DIR/mail (playwright.config.ts). */
export function inbox(): StoredMail[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "mail");
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  // File names sort by sending time.
  return files.sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as StoredMail);
}

/** The newest mail to `to` with a link to `linkPath` on our site, waiting for it to arrive; answers that link. */
export async function linkFromMail(to: string, linkPath: string, subject?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = inbox().filter((mail) => mail.to === to && (subject === undefined || mail.subject === subject));
        link = mails
          .flatMap((mail) => linksIn(mail))
          .filter((l) => new URL(l).pathname === linkPath)
          .at(-1);
        return link;
      },
      { message: `a mail to ${to} linking to ${linkPath}` },
    )
    .toBeTruthy();
  return link ?? "";
}

/** Confirms the account's address the way its owner does: opens the link of its confirmation mail. */
export async function confirmEmail(page: Page, account: Account) {
  await page.goto(await linkFromMail(account.email, "/verify-email"));
  await expect(page.getByTestId("verify-email-done")).toBeVisible();
}

/**
 * Signs up through /auth, completes onboarding as a worker or an employer and confirms the address
 * from the mail (as people who post jobs and write to employers must, docs/decisions/017); ends on the
 * home page. The journeys about accounts take this path; others make their people with signUpAndOnboard.
 */
export async function signUpAndOnboardThroughForms(
  page: Page,
  account: Account,
  role: "worker" | "employer",
  extra: { company?: string } = {},
) {
  await signUp(page, account);
  await confirmEmail(page, account);
  await page.goto("/onboarding");
  await page.getByTestId(`user-type-${role}`).click();
  await page.getByTestId("onboarding-next").click();
  if (extra.company) await page.locator("input[autocomplete=organization]").fill(extra.company);
  // A worker's third step is their interests and certificates; an employer's onboarding ends here.
  if (role === "worker") await page.getByTestId("onboarding-next").click();
  await page.getByTestId("onboarding-complete").click();
  await expect(page).toHaveURL(/\/$/);
  // Sign-out is in the header at every width (Profile moves to the tab bar on phones).
  await expect(page.getByTestId("nav-sign-out")).toBeVisible();
}

/**
 * The same account as signUpAndOnboardThroughForms makes, through the endpoints those forms call (sign-up,
 * the mail's link, onboarding), in the page's own browser context so it holds the session: the usual
 * way to set up a journey's people without driving forms that the account journeys already test.
 * Ends on the home page, signed in.
 */
export async function signUpAndOnboard(
  page: Page,
  account: Account,
  role: "worker" | "employer",
  extra: { company?: string } = {},
) {
  const baseURL = test.info().project.use.baseURL ?? "";
  const headers = { origin: new URL(baseURL).origin };
  // The config's browser locale is Russian: a page started in no language reads Russian.
  const language = startedIn.get(page) ?? "ru";
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    headers,
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      ageConfirmed: true,
      consentDataProcessing: true,
      termsAccepted: true,
      language,
      callbackURL: new URL("/verify-email", baseURL).href,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const token = new URL(await linkFromMail(account.email, "/verify-email")).searchParams.get("token") ?? "";
  const verified = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status(), await verified.text()).toBe(200);
  const profile = { userType: role, fullName: account.name, ...(extra.company ? { companyName: extra.company } : {}) };
  const onboarded = await page.request.post("/api/trpc/profiles.completeOnboarding", {
    headers: { ...headers, "x-locale": language },
    data: { json: profile },
  });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  await page.goto("/");
  await expect(page.getByTestId("nav-sign-out")).toBeVisible();
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

/** Opens a select (`testId`) and chooses its item `value`. */
export async function pickSelect(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-${value}`).click();
  // The list has closed and handed focus back to its trigger: a popover opened before that would see the
  // focus leave it and close again.
  await expect(page.getByRole("listbox")).toHaveCount(0);
}

/** Opens a city picker (`testId`), types `name` and takes the first suggestion. */
export async function pickCity(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-input`).fill(name);
  await page.getByTestId(`${testId}-option`).first().click();
  // The list has closed (a click meant for the next field would otherwise only close it).
  await expect(page.getByTestId(`${testId}-input`)).toHaveCount(0);
}

/** Opens a date picker (`testId`) and chooses the day `iso` (YYYY-MM-DD) of the month it shows. */
export async function pickDay(page: Page, testId: string, iso: string) {
  await page.getByTestId(testId).click();
  await page.locator(`[data-day="${iso}"] button`).click();
}

export type JobDraft = {
  title: string;
  description?: string;
  category?: string;
  /** Typed into the city autocomplete; its first suggestion is taken. */
  city?: string;
  district?: string;
  address?: string;
  /** The first day (YYYY-MM-DD, a day of the month the date picker opens on); today when left out. */
  startDate?: string;
  /** When each day's shift starts (HH:MM); not stated when left out. */
  startTime?: string;
  durationDays?: number;
  currency?: string;
  rate?: number;
  workers?: number;
  skill?: string;
  /** How the job is paid (domain/pay-mode.ts); directly when left out, as the form's default. */
  payMode?: "through_daywork" | "direct";
};

/**
 * Posts a job through /post-job as the signed-in employer, in English, starting today; what the draft
 * leaves out is catering in Kazan, one day at 18 per hour in the city's currency, one worker.
 * Ends on the new job's page and returns its id. The journeys about posting take this path.
 */
export async function postJobThroughForm(page: Page, job: JobDraft): Promise<string> {
  await page.goto("/post-job");
  await page.getByTestId("job-title").fill(job.title);
  await page
    .getByTestId("job-description")
    .fill(job.description ?? "Help set up the tables and serve the guests at a wedding party.");
  await pickSelect(page, "job-category", job.category ?? "catering");
  await pickCity(page, "job-city", job.city ?? "Kazan");
  if (job.district) await page.getByTestId("job-district").fill(job.district);
  if (job.address) await page.getByTestId("job-address").fill(job.address);
  await pickDay(page, "job-start-date", job.startDate ?? localToday());
  if (job.startTime) await page.getByTestId("job-start-time").fill(job.startTime);
  await page.getByTestId("job-duration").fill(String(job.durationDays ?? 1));
  if (job.currency) await pickSelect(page, "job-currency", job.currency);
  await page.getByTestId("job-rate").fill(String(job.rate ?? 18));
  await page.getByTestId("job-workers").fill(String(job.workers ?? 1));
  if (job.skill) {
    await page.getByTestId("job-skill-input").fill(job.skill);
    await page.getByTestId("job-skill-input").press("Enter");
  }
  await page.getByTestId("job-submit").click();
  await expect(page.getByText(text("en", "toast_job_posted"))).toBeVisible();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop() ?? "";
}

/** A call to a tRPC procedure from the page's browser context (its session), as the app makes it. */
async function callProcedure(page: Page, procedure: string, input: unknown, kind: "query" | "mutation"): Promise<unknown> {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const headers = { origin, "x-locale": startedIn.get(page) ?? "ru" };
  const body = { json: input };
  const res =
    kind === "query"
      ? await page.request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(body))}`, { headers })
      : await page.request.post(`/api/trpc/${procedure}`, { headers, data: body });
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  const answer = (await res.json()) as { result: { data: { json: unknown } } };
  return answer.result.data.json;
}

/**
 * The job postJobThroughForm posts, through the procedure the form calls (the city the form's
 * autocomplete would offer first, its country's currency unless the draft names one), then opens its
 * page: the usual way to set up a journey's job. Returns its id.
 */
export async function postJob(page: Page, job: JobDraft): Promise<string> {
  const [city] = (await callProcedure(page, "places.cities", { q: job.city ?? "Kazan" }, "query")) as {
    id: number;
    country: string;
  }[];
  expect(city, `a city for "${job.city ?? "Kazan"}"`).toBeTruthy();
  const created = (await callProcedure(
    page,
    "jobs.create",
    {
      title: job.title,
      description: job.description ?? "Help set up the tables and serve the guests at a wedding party.",
      category: job.category ?? "catering",
      cityId: city?.id,
      district: job.district ?? "",
      address: job.address ?? "",
      startDate: job.startDate ?? localToday(),
      startTime: job.startTime ?? "",
      durationDays: job.durationDays ?? 1,
      currency: job.currency ?? defaultCurrencyFor(city?.country) ?? DEFAULT_JOB_CURRENCY,
      hourlyRate: job.rate ?? 18,
      maxWorkers: job.workers ?? 1,
      skills: job.skill ? [job.skill] : [],
      ...(job.payMode ? { payMode: job.payMode } : {}),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: startedIn.get(page) ?? "ru",
    },
    "mutation",
  )) as { id: string };
  await page.goto(`/jobs/${created.id}`);
  await appTookOver(page);
  return created.id;
}

/** A toast (sonner) whose text contains `title`. */
export function toastWith(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

/**
 * Waits until the app has taken over a page the server drew (decision 052): the server's copy is inert
 * and has no handlers, so a file set on its input, say, would go nowhere.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator("#root > [inert]")).toHaveCount(0);
}

/**
 * The owner of a job paid through Daywork confirms the holds its hires asked (`count`, one per hire) on
 * the YooKassa stand-in's payment page with a test card (docs/payments.md), until the pay is secured.
 */
export async function confirmHolds(boss: Page, jobId: string, count = 1) {
  await boss.goto(`/jobs/${jobId}/applications`);
  const pay = boss.getByTestId("job-pay-state");
  for (let confirmed = 0; confirmed < count; confirmed++) {
    await expect(pay).toHaveAttribute("data-state", "waiting", { timeout: 20_000 });
    await boss.getByTestId("pay-confirm").click();
    await boss.getByLabel("Card number").fill("5555 5555 5555 4477");
    await boss.getByRole("button", { name: "Pay" }).click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${jobId}/applications`));
  }
  await expect(pay).toHaveAttribute("data-state", "secured", { timeout: 20_000 });
}
