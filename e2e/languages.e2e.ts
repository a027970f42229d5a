import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

import { LANGUAGES } from "../domain/languages.ts";
import { newAccount, postJob, signUpAndOnboard, startInLanguage, text } from "./support.ts";

const SCREENSHOTS = path.join("e2e", "screenshots");

/** Chooses a language in the header's switcher; a different language reloads the page in it. */
async function chooseLanguage(page: Page, code: string) {
  await page.getByTestId("language-switcher").click();
  const reloaded = page.waitForEvent("load");
  await page.getByTestId(`language-${code}`).click();
  await reloaded;
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

test.describe("languages", () => {
  for (const { code } of LANGUAGES) {
    test(`the header's switcher turns the interface to ${code}, and it stays after a reload`, async ({ page }) => {
      // The browser prefers Russian (playwright.config.ts); start from English to switch to Russian.
      const from = code === "ru" ? "en" : "ru";
      if (from === "en") await startInLanguage(page, "en");
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", from);

      await chooseLanguage(page, code);
      await page.reload();

      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", code);
      await expect(html).toHaveAttribute("dir", code === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(code, "home_title"));
      expect(await page.evaluate(() => localStorage.getItem("language"))).toBe(code);
    });
  }
});

test.describe("layout at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("home and a job page fit the screen in Arabic, Russian and Chinese", async ({ page }) => {
    await startInLanguage(page, "en");
    await signUpAndOnboard(page, newAccount("employer"), "employer", { company: "Birch Café" });
    const jobId = await postJob(page, {
      title: "Waiter for a Saturday banquet with sixty guests and a long programme",
      description: "Serve the tables, clear the dishes and help in the kitchen. Uniform and meals provided.",
    });

    for (const code of ["ar", "ru", "zh"] as const) {
      await page.evaluate((l) => localStorage.setItem("language", l), code);

      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("dir", code === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(code, "home_title"));
      await expect(page.locator(`[data-testid=job-card][data-job-id="${jobId}"]`)).toBeVisible();
      await expectNoHorizontalOverflow(page, `${code} home`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${code}-375-home.png`), fullPage: true });

      await page.goto(`/jobs/${jobId}`);
      await expect(page.getByTestId("job-title")).toBeVisible();
      // The rate is written the reader's way: "18 ₽/час", "₽18/小时", "‏18 ₽ في الساعة".
      const amount = await page.evaluate(
        (l) =>
          new Intl.NumberFormat(l, {
            style: "currency",
            currency: "RUB",
            currencyDisplay: "narrowSymbol",
            maximumFractionDigits: 0,
          }).format(18),
        code,
      );
      await expect(page.getByTestId("job-rate")).toHaveText(text(code, "job_card_per_hour", { amount }));
      await expectNoHorizontalOverflow(page, `${code} job page`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${code}-375-job.png`), fullPage: true });
    }
  });
});
