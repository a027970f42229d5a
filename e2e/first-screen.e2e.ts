import { expect, test, type Page } from "@playwright/test";

import { newAccount, newPage, postJob, signUpAndOnboard, text } from "./support.ts";

/** Sums the page's layout shifts (those not caused by input) from its very start. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The tRPC procedures the page asks for over HTTP, from now on (a batch counts each of its calls). */
function watchReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    const match = request.url().match(/\/api\/trpc\/([^?]+)/);
    if (match?.[1]) reads.push(...match[1].split(","));
  });
  return reads;
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

test("a new visitor on a phone sees jobs from the first response, and nothing on the page moves", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const boss = await newPage(browser, "en");
  await signUpAndOnboard(boss, newAccount("employer"), "employer");
  const title = `Warehouse shift ${Date.now().toString(36)}`;
  // Two days: Tashkent's today ends two hours before Kazan's, the journeys' (playwright.config.ts).
  const jobId = await postJob(boss, { title, city: "Tashkent", durationDays: 2 });
  // A visitor's home page drawn in the last seconds (by another journey) is served as it was until it is
  // VISITOR_PAGE_CACHE_MS old: the visitor below comes once visitors reading English are served the list
  // with this job. Pages are kept per language, so the poll asks in the visitor's.
  const englishHome = async () => (await request.get("/", { headers: { "accept-language": "en-US" } })).text();
  await expect.poll(async () => (await englishHome()).includes(title), { timeout: 15_000 }).toBe(true);

  // A visitor who never came before: language from the browser, a narrow screen.
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await watchLayoutShifts(page);
  const reads = watchReads(page);

  await page.goto("/");
  await expect(page.getByTestId("job-card").filter({ hasText: title })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The list, who is signed in and the exchange rates came with the page: the SPA did not ask again.
  expect(reads.filter((name) => ["jobs.search", "profiles.me", "currency.rates"].includes(name))).toEqual([]);
  expect(await layoutShift(page)).toBeLessThan(0.05);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The server drew the list and the app drew it again in its place (nothing moved, above).
  await expect(page.locator("#root > [inert]")).toHaveCount(0);

  // A job page opened from a link elsewhere (a full load): the job is in the page too.
  const jobPage = await context.newPage();
  await watchLayoutShifts(jobPage);
  const jobReads = watchReads(jobPage);
  // On a slow network the page's own code comes late (held back 1.5 s here): the server's copy stays
  // until the page can replace it, never its loading shape in between.
  await jobPage.route(/\/assets\/_jobId-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await jobPage.goto(`/jobs/${jobId}`);
  await expect(jobPage.getByTestId("job-page")).toContainText(title);
  await jobPage.waitForLoadState("networkidle");
  expect(jobReads.filter((name) => name === "jobs.byId")).toEqual([]);
  // The app took over the server's copy (public/first-paint.js started it after the first paint).
  await expect(jobPage.locator("#root > [inert]")).toHaveCount(0);
  // The server drew the job (src/entry-server.tsx) and the app drew it again in its place: nothing moved.
  expect(await layoutShift(jobPage)).toBeLessThan(0.05);
  await context.close();

  // Before any of the app's code has run, the jobs are already on the screen: a phone paints them from
  // the HTML alone, in the reader's language, styled. (No JavaScript here, so the page stays the server's.)
  for (const [locale, language] of [
    ["en-US", "en"],
    ["ar", "ar"],
  ] as const) {
    const noScript = await browser.newContext({ locale, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await noScript.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "home_title"));
    await expect(page.getByTestId("job-card").filter({ hasText: title })).toBeVisible();
    // A phone's filters: the one button; the row of a wide screen is drawn too, and hidden.
    await expect(page.getByTestId("filters-open")).toBeVisible();
    await expect(page.getByTestId("filter-category")).toBeHidden();
    await expect(page.locator("#root > [inert]")).toHaveCount(1);
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByTestId("job-title")).toHaveText(title);
    await expect(page.getByTestId("job-page")).toContainText("Help set up the tables");
    await expect(page.getByTestId("job-page")).toContainText(text(language, "job_page_posted"));
    // Styled from the page itself: the page has its width.
    expect(await page.getByTestId("job-page").evaluate((main) => getComputedStyle(main).maxWidth)).toBe("1024px");
    // Inert until the app takes over: nothing on this copy takes a tap or the focus.
    await expect(page.locator("#root > [inert]")).toHaveCount(1);
    await noScript.close();
  }

  // A wide screen: the server's copy shows the row of filters (CSS chose it), and the app's own draws
  // the same row in its place.
  for (const javaScriptEnabled of [false, true]) {
    const wide = await browser.newContext({ locale: "en-US", javaScriptEnabled, viewport: { width: 1280, height: 800 } });
    const page = await wide.newPage();
    await watchLayoutShifts(page);
    await page.goto("/");
    await expect(page.getByTestId("job-card").filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId("filter-category")).toBeVisible();
    await expect(page.getByTestId("filters-open")).toBeHidden();
    if (javaScriptEnabled) {
      await expect(page.locator("#root > [inert]")).toHaveCount(0);
      expect(await layoutShift(page)).toBeLessThan(0.05);
    }
    await wide.close();
  }
  await boss.context().close();
});

test("the server writes the page in the visitor's language and right to left for Arabic", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ar" });
  const page = await context.newPage();
  const response = await page.goto("/");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await context.close();
});
