import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";

import { pdfText } from "../server/testing/pdf-text.ts";
import { hireWorkAndAgree } from "./agreed-day.ts";
import { newAccount, postJob, signUpAndOnboard, startInLanguage } from "./support.ts";

// Money statements (docs/statements.md): a day's hours agreed, the employer opens /money from the profile,
// downloads the job's PDF and CSV, and their figures are the ledger's (the job statement procedure's sums).
// Set STATEMENTS_SHOTS_DIR to also save /money at 375 px in en and ar for both people.

/** A job statement's total pay in minor units, as the procedure sums it over the ledger (superjson writes a bigint as text). */
async function ledgerPay(page: Page, jobId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const input = encodeURIComponent(JSON.stringify({ json: { jobId: id } }));
    const res = await fetch(`/api/trpc/statements.jobStatement?input=${input}`, {
      headers: { "content-type": "application/json" },
    });
    const body = (await res.json()) as { result: { data: { json: { totals: { pay: string } } } } };
    return body.result.data.json.totals.pay;
  }, jobId);
}

/** Saves /money at 375 px in en and ar when STATEMENTS_SHOTS_DIR names a folder. */
async function shots(page: Page, name: string) {
  const dir = process.env.STATEMENTS_SHOTS_DIR;
  if (!dir) return;
  for (const locale of ["en", "ar"]) {
    await page.evaluate((l) => localStorage.setItem("language", l), locale);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("money-title")).toBeVisible();
    await page.screenshot({ path: `${dir}/money-${name}-${locale}-375.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
}

test.describe("money statements", () => {
  test("an employer with agreed hours downloads the job's PDF and CSV, which add up to the ledger", async ({ browser }) => {
    test.setTimeout(240_000);
    const boss = await (await browser.newContext({ viewport: { width: 375, height: 800 }, acceptDownloads: true })).newPage();
    const hand = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await startInLanguage(boss, "en");
    await startInLanguage(hand, "en");
    const handAccount = newAccount("statementworker");
    await signUpAndOnboard(boss, newAccount("statementboss"), "employer", { company: "Birch Café" });
    await signUpAndOnboard(hand, handAccount, "worker");
    const title = `Statement waiter ${Date.now().toString(36)}`;
    const jobId = await postJob(boss, { title, durationDays: 1, rate: 18 });

    // Hired, checked in and out; hours approved, disputed, resolved at 1.5 h (27.00 at 18 an hour).
    await hireWorkAndAgree(
      { boss, hand, jobId, handName: handAccount.name, throughDaywork: false },
      { claimed: "2", agreed: "1.5", claim: "I stayed to clear the tables.", answer: "Tables were cleared by 19:30." },
    );

    // The employer finds /money from the profile and sees the job's spend.
    await boss.goto("/profile");
    await boss.getByTestId("profile-link-money").click();
    await expect(boss).toHaveURL(/\/money$/);
    const row = boss.getByTestId("money-spend-row").filter({ hasText: title });
    await expect(row).toBeVisible();
    const pay = await ledgerPay(boss, jobId);
    expect(pay).toBe("2700");

    // The CSV: the worker's line and the total carry the ledger's pay in major units.
    const csvDownload = boss.waitForEvent("download");
    await row.getByTestId("money-job-csv").click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^job-statement-.*\.csv$/);
    const csv = await readFile(await csvFile.path(), "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${handAccount.name},1.50,RUB,27.00`);
    expect(lines[2]).toContain(",1.50,RUB,27.00");

    // The PDF: a receipt that names the job and the worker, with the same pay.
    const pdfDownload = boss.waitForEvent("download");
    await row.getByTestId("money-job-pdf").click();
    const pdfFile = await pdfDownload;
    expect(pdfFile.suggestedFilename()).toMatch(/^job-statement-.*\.pdf$/);
    const pdf = await readFile(await pdfFile.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/Lang (en)");
    const words = (await pdfText(pdf)).join("").replace(/\s+/g, "");
    expect(words).toContain(title.replace(/\s+/g, ""));
    expect(words).toContain(handAccount.name.replace(/\s+/g, ""));
    expect(words).toContain("₽27.00");
    await shots(boss, "employer");

    // The worker's month: what they were agreed directly, and its PDF.
    await hand.goto("/money");
    await expect(hand.getByTestId("money-month").first()).toContainText("27.00");
    const monthDownload = hand.waitForEvent("download");
    await hand.getByTestId("money-month-pdf").first().click();
    expect((await monthDownload).suggestedFilename()).toMatch(/^earnings-\d{4}-\d{2}\.pdf$/);
    await shots(hand, "worker");
  });
});
