import { expect, test, type Locator, type Page } from "@playwright/test";

import { linkFromMail, localToday, newAccount, startInLanguage, text, toastWith } from "./support.ts";

// docs/decisions/053: a newcomer who wants to hire finds "Post a job" at the top of the first screen, it
// opens Sign Up, and the job form is where sign-up, onboarding and the confirmation link lead; the
// return path only ever leads within the site.

/** Counts what a person does (a click, a field filled) on the way, and the pages they pass through. */
function walk(page: Page) {
  let actions = 0;
  const paths: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname.replace(/\/jobs\/[^/]+$/, "/jobs/{id}");
    if (paths.at(-1) !== path) paths.push(path);
  });
  return {
    click: async (target: Locator) => {
      actions += 1;
      await target.click();
    },
    fill: async (target: Locator, value: string) => {
      actions += 1;
      await target.fill(value);
    },
    get actions() {
      return actions;
    },
    paths,
  };
}

/** The texts inside `box` that are cut (ellipsis, clipped or scrolled out of sight): wider or taller than their room. */
async function cutLabels(box: Locator): Promise<string[]> {
  return box.evaluate((root) =>
    [root, ...root.querySelectorAll<HTMLElement>("ul, a, a *")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent?.trim() ?? ""),
  );
}

for (const locale of ["ru", "en"] as const) {
  test(`${locale}: from the home page to a posted job in a handful of steps, the intent kept throughout`, async ({ page }) => {
    test.setTimeout(120_000);
    await startInLanguage(page, locale);
    const account = newAccount(`employer-${locale}`);
    const steps = walk(page);
    await page.goto("/");

    // The header offers it to a visitor, and it opens Sign Up with the job form as the way back.
    await steps.click(page.getByTestId("nav-post-job"));
    await expect(page).toHaveURL(/\/auth\?/);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("sign-up");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/post-job");
    const form = page.getByTestId("sign-up-form");
    await expect(form).toBeVisible();
    await steps.fill(form.locator("input[autocomplete=name]"), account.name);
    await steps.fill(form.locator("input[type=email]"), account.email);
    await steps.fill(form.locator("input[autocomplete=new-password]"), account.password);
    for (const box of ["ageConfirmed", "consentDataProcessing", "termsAccepted"]) {
      await steps.click(page.getByTestId(`confirm-${box}`));
    }
    await steps.click(page.getByTestId("sign-up-submit"));

    // Onboarding carries the intent; an employer's has two steps.
    await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fpost-job$/);
    await steps.click(page.getByTestId("user-type-employer"));
    await steps.click(page.getByTestId("onboarding-next"));
    await expect(page.getByTestId("onboarding-step")).toHaveText(text(locale, "onboarding_step", { step: 2, total: 2 }));
    await steps.click(page.getByTestId("onboarding-complete"));
    await expect(page).toHaveURL(/\/post-job$/);
    await expect(page.getByTestId("post-job-form")).toBeVisible();
    await expect(page.getByTestId("verify-banner")).toBeVisible();
    await expect(page.getByTestId("unconfirmed-notice")).toBeVisible();

    // The confirmation link, followed in another tab, continues to the form, and this tab's banner and
    // notice leave without a reload.
    const link = await linkFromMail(account.email, "/verify-email");
    expect(new URL(link).searchParams.get("redirect")).toBe("/post-job");
    const mailTab = await page.context().newPage();
    await mailTab.goto(link);
    await expect(mailTab.getByTestId("verify-email-done")).toBeVisible();
    await expect(page.getByTestId("verify-banner")).toBeHidden();
    await expect(page.getByTestId("unconfirmed-notice")).toBeHidden();
    await mailTab.getByTestId("verify-email-continue").click();
    await expect(mailTab).toHaveURL(/\/post-job$/);
    await mailTab.close();

    // The job itself: the required fields, the rest left as they come.
    await steps.fill(page.getByTestId("job-title"), locale === "ru" ? "Помощь на кухне кафе" : "Kitchen help at a cafe");
    await steps.fill(
      page.getByTestId("job-description"),
      locale === "ru" ? "Мыть посуду и помогать повару в течение дня." : "Wash dishes and help the cook through the day.",
    );
    await steps.click(page.getByTestId("job-category"));
    await steps.click(page.getByTestId("job-category-catering"));
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await steps.click(page.getByTestId("job-city"));
    await steps.fill(page.getByTestId("job-city-input"), "Kazan");
    await steps.click(page.getByTestId("job-city-option").first());
    await steps.click(page.getByTestId("job-start-date"));
    await steps.click(page.locator(`[data-day="${localToday()}"] button`));
    await steps.click(page.getByTestId("job-submit"));
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    await expect(toastWith(page, text(locale, "toast_job_posted"))).toBeVisible();

    // Five pages, and what the person did on them (the mail's link besides): 11 to get an account and
    // say who they are, 10 for the job. The first version took 39 actions and ended on the job search.
    expect(steps.paths).toEqual(["/", "/auth", "/onboarding", "/post-job", "/jobs/{id}"]);
    expect(steps.actions).toBeLessThanOrEqual(21);

    // My jobs keeps a way to post the next one once a job exists.
    await page.getByTestId("nav-my-jobs").click();
    await expect(page.getByTestId("my-jobs-title")).toHaveText(text(locale, "my_jobs_title_employer"));
    await expect(page.getByTestId("nav-my-jobs")).toContainText(text(locale, "nav_my_jobs"));
    await page.getByTestId("my-jobs-post-new").click();
    await expect(page).toHaveURL(/\/post-job$/);

    // At 375 px no label of the tab bar or of My jobs' tabs is cut, in any language (the longest too).
    await page.setViewportSize({ width: 375, height: 760 });
    const cut: Record<string, string[]> = {};
    for (const language of ["ru", "en", "ar", "kk", "uz", "tk", "de", "fr", "es", "zh"]) {
      await page.evaluate((l) => localStorage.setItem("language", l), language);
      await page.goto("/my-jobs");
      await expect(page.getByTestId("my-jobs-title")).toHaveText(text(language, "my_jobs_title_employer"));
      const labels = [...(await cutLabels(page.getByTestId("tab-bar"))), ...(await cutLabels(page.getByTestId("my-jobs-tab")))];
      if (labels.length > 0) cut[language] = labels;
    }
    expect(cut).toEqual({});
  });
}

test("a visitor on a phone finds Post a job in the tab bar, and it opens Sign Up", async ({ page }) => {
  await startInLanguage(page, "ru");
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto("/");
  const tab = page.getByTestId("tab-post-job");
  await expect(tab).toHaveText(text("ru", "nav_tab_post_job"));
  await tab.click();
  await expect(page).toHaveURL(/\/auth\?/);
  expect(new URL(page.url()).searchParams.get("tab")).toBe("sign-up");
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/post-job");
  await expect(page.getByTestId("sign-up-form")).toBeVisible();
  await expect(page.getByTestId("tab-sign-up")).toHaveAttribute("aria-selected", "true");
});

test("sign-in errors stand beside the field as well as in a toast that leaves the navigation clear; the password can be shown", async ({
  page,
}) => {
  await startInLanguage(page, "en");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 760 });
    await page.goto("/auth");
    const form = page.getByTestId("sign-in-form");
    const password = form.locator("input[autocomplete=current-password]");
    await form.locator("input[type=email]").fill("nobody-here@example.com");
    await password.fill("wrong-password");

    const toggle = form.getByTestId("password-toggle");
    await expect(toggle).toHaveAccessibleName(text("en", "auth_show_password"));
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("wrong-password");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "password");

    await form.locator("button[type=submit]").click();
    const message = text("en", "error_invalid_credentials");
    // Beside the field, tied to it for screen readers.
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(message);
    await expect(form.getByRole("alert")).toHaveText(message);
    // And in the toast, which sits below the header and above the tab bar.
    const toast = toastWith(page, message);
    await expect(toast).toBeVisible();
    const headerBox = await page.locator("header").boundingBox();
    const headerBottom = (headerBox?.y ?? 0) + (headerBox?.height ?? 0);
    // Once it has slid in (sonner animates it from above the screen).
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
    if (width === 375) {
      const barTop = (await page.getByTestId("tab-bar").boundingBox())?.y ?? 0;
      const toastBox = await toast.boundingBox();
      expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeLessThanOrEqual(barTop);
    }
    await toast.getByRole("button").first().click();
  }
});

test("the return path leads only within the site: a foreign one is dropped", async ({ page, baseURL }) => {
  await startInLanguage(page, "en");
  const account = newAccount("return-path");
  // An account to sign in with: signed up through the form, then signed out.
  await page.goto("/auth?tab=sign-up");
  const form = page.getByTestId("sign-up-form");
  await form.locator("input[autocomplete=name]").fill(account.name);
  await form.locator("input[type=email]").fill(account.email);
  await form.locator("input[autocomplete=new-password]").fill(account.password);
  for (const box of ["ageConfirmed", "consentDataProcessing", "termsAccepted"]) await page.getByTestId(`confirm-${box}`).click();
  await page.getByTestId("sign-up-submit").click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByTestId("user-type-worker").click();
  await page.getByTestId("onboarding-next").click();
  await page.getByTestId("onboarding-next").click();
  await page.getByTestId("onboarding-complete").click();
  await expect(page).toHaveURL(/\/$/);

  const origin = new URL(baseURL ?? "").origin;
  for (const foreign of ["//evil.example/post-job", "/\\evil.example", "https://evil.example/", "/\n/evil.example"]) {
    await page.getByTestId("nav-sign-out").click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto(`/auth?redirect=${encodeURIComponent(foreign)}`);
    const signIn = page.getByTestId("sign-in-form");
    await signIn.locator("input[type=email]").fill(account.email);
    await signIn.locator("input[autocomplete=current-password]").fill(account.password);
    await signIn.locator("button[type=submit]").click();
    await expect(page.getByTestId("nav-sign-out")).toBeVisible();
    // A worker without a return path starts from the job list, on our own site.
    await expect(page).toHaveURL(`${origin}/`);
  }

  // Our own path is kept.
  await page.getByTestId("nav-sign-out").click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto(`/auth?redirect=${encodeURIComponent("/settings/notifications")}`);
  const signIn = page.getByTestId("sign-in-form");
  await signIn.locator("input[type=email]").fill(account.email);
  await signIn.locator("input[autocomplete=current-password]").fill(account.password);
  await signIn.locator("button[type=submit]").click();
  await expect(page).toHaveURL(`${origin}/settings/notifications`);
});
