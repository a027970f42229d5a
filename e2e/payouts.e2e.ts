import { expect, test, type Page } from "@playwright/test";

import { hireWorkAndAgree } from "./agreed-day.ts";
import { newAccount, postJob, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

// Workers are paid fast (issue 39 item 4, docs/decisions/081): a worker whose day's hours are agreed on a
// job paid through Daywork adds a card on the provider's own form (the YooKassa stand-in's), checks their
// ИНН as self-employed, takes the money now and sees it paid with the tax receipt's link. Set
// PAYOUTS_SHOTS_DIR to save /payouts at 375 and 1280 px in en and ar.

/** The self-employed person the development stand-ins know (server/payments/open-payments.ts). */
const SELF_EMPLOYED_INN = "500100732259";

/** Saves `page` at both widths in en and ar when PAYOUTS_SHOTS_DIR names a folder. */
async function shots(page: Page, name: string) {
  const dir = process.env.PAYOUTS_SHOTS_DIR;
  if (!dir) return;
  for (const locale of ["en", "ar"]) {
    await page.evaluate((l) => localStorage.setItem("language", l), locale);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("payouts-page")).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${locale}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
}

test.describe("payouts", () => {
  test("a worker adds a card on the provider's form, is checked self-employed, takes the money and sees it paid", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const boss = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const hand = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await startInLanguage(boss, "en");
    await startInLanguage(hand, "en");
    const handAccount = newAccount("payee");
    await signUpAndOnboard(boss, newAccount("payer"), "employer", { company: "Birch Café" });
    await signUpAndOnboard(hand, handAccount, "worker");
    // Kazan's job, in roubles, paid through Daywork at 600 ₽ an hour.
    const jobId = await postJob(boss, {
      title: `Payout waiter ${Date.now().toString(36)}`,
      durationDays: 2,
      rate: 600,
      currency: "RUB",
      payMode: "through_daywork",
    });

    // Hired, checked in and out; the day's hours agreed at eight: approved, disputed, resolved at them.
    await hireWorkAndAgree(
      { boss, hand, jobId, handName: handAccount.name, throughDaywork: true },
      { claimed: "8", agreed: "8", claim: "I worked the whole day.", answer: "Agreed: eight hours." },
    );

    // Payouts, from the settings: 4 800 ₽ available.
    await hand.goto("/settings");
    await hand.getByTestId("settings-link-payouts").click();
    await expect(hand).toHaveURL(/\/payouts$/);
    await expect(hand.getByTestId("payouts-money")).toHaveAttribute("data-currency", "RUB");
    await expect(hand.getByTestId("payouts-money")).toContainText(/4[\s\u00a0\u202f,]?800/);

    // A card on the provider's own form: its number never reaches Daywork.
    await hand.getByTestId("payouts-add-card").click();
    await expect(hand.getByLabel("Card number")).toBeVisible();
    await hand.getByLabel("Card number").fill("5555 5555 5555 4477");
    await hand.getByRole("button", { name: "Save card" }).click();
    await expect(hand).toHaveURL(/\/payouts$/);
    await expect(toastWith(hand, text("en", "payouts_method_added"))).toBeVisible();
    await expect(hand.getByTestId("payout-method")).toContainText("4477");

    // Roubles need the self-employed status: without it, taking is refused with the reason.
    await hand.getByTestId("payouts-take-now").click();
    await expect(toastWith(hand, text("en", "error_payout_tax_status_required"))).toBeVisible();
    await hand.getByTestId("payouts-inn").fill(SELF_EMPLOYED_INN);
    await hand.getByTestId("payouts-tax-check").click();
    await expect(hand.getByTestId("payouts-tax-status")).toHaveAttribute("data-status", "self_employed");

    // Take it now: on its way, then paid (the provider is looked at shortly after), with the tax receipt.
    await hand.getByTestId("payouts-take-now").click();
    await expect(toastWith(hand, text("en", "payouts_taken"))).toBeVisible();
    await expect(hand.getByTestId("payout").first()).toHaveAttribute("data-status", /pending|succeeded/);
    await expect(hand.getByTestId("payouts-available")).toContainText(text("en", "payouts_available_none"));
    await expect(async () => {
      await hand.reload();
      await expect(hand.getByTestId("payout").first()).toHaveAttribute("data-status", "succeeded", { timeout: 1_000 });
    }).toPass({ timeout: 90_000, intervals: [3_000] });
    const receipt = hand.getByTestId("payout-receipt").first();
    await expect(receipt).toHaveAttribute("href", /\/npd\/receipts\/\w+$/);
    await expect(hand.getByTestId("payout").first()).toContainText(text("en", "payouts_status_succeeded"));
    await shots(hand, "payouts");
  });
});
