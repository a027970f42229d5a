import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";

import { newAccount, newPage, signUpAndOnboard, text, type Account } from "./support.ts";

// Operators' ledger corrections (docs/decisions/080): an admin finds a worker by e-mail on /ops/money,
// credits them with a reasoned correction (a double click posts once), then reverses it from the
// statement; both show in the statement and in the audit log.
//
// The admin is made with the README's CLI (npm run ops:make-admin), which opens the server's database:
// on Postgres only (E2E_DATABASE_URL), as e2e/moderation.e2e.ts explains.

const DATABASE_URL = process.env.E2E_DATABASE_URL;

function makeAdmin(email: string) {
  execFileSync("npm", ["run", "--silent", "ops:make-admin", "--", email], {
    env: { ...process.env, DATABASE_URL },
    stdio: "pipe",
  });
}

/** The audit log's corrections by the account with this e-mail address, oldest first. */
async function correctionsAudited(email: string) {
  const sql = postgres(DATABASE_URL ?? "", { max: 1, onnotice: () => undefined });
  try {
    return await sql<{ reason: string; note: string }[]>`
      select a.reason, a.note from operator_audit a join "user" u on u.id = a.operator_id
      where lower(u.email) = lower(${email}) and a.action = 'correct_ledger' order by a.at`;
  } finally {
    await sql.end();
  }
}

/** Submits the correction form and waits for the server to take it. */
async function postCorrection(page: Page, clicks = 1) {
  const answered = page.waitForResponse(
    (r) => r.url().includes("/api/trpc/ledgerCorrections.post") && r.request().method() === "POST",
  );
  const submit = page.getByTestId("correction-submit");
  await (clicks === 2 ? submit.dblclick() : submit.click());
  expect((await answered).ok()).toBe(true);
  await expect(page.getByTestId("correction-reason")).toHaveValue("");
}

test.describe("ledger corrections", () => {
  test.skip(!DATABASE_URL, "needs E2E_DATABASE_URL: the console's admin is made with npm run ops:make-admin");

  test("an admin credits a worker with a reason, once, then reverses it; statement and audit log keep both", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin: Account = newAccount("moneyadmin");
    const worker: Account = newAccount("moneyworker");
    const page = await newPage(browser, "en");
    const workerPage = await newPage(browser, "en");
    await signUpAndOnboard(workerPage, worker, "worker");
    await signUpAndOnboard(page, admin, "worker");
    makeAdmin(admin.email);

    await page.goto("/ops/money");
    await expect(page.getByTestId("ops-nav-money")).toHaveAttribute("aria-current", "page");
    // Before a search: what the nightly reconciliation found (docs/decisions/082), here nothing or a list.
    await expect(page.getByTestId("reconciliation").getByTestId(/^reconciliation-(empty|list)$/)).toBeVisible();
    if (process.env.CORRECTIONS_SHOTS_DIR)
      await page.screenshot({ path: `${process.env.CORRECTIONS_SHOTS_DIR}/reconciliation.png`, fullPage: true });
    await page.getByTestId("money-search-input").fill(worker.email);
    await page.getByTestId("money-search-submit").click();
    await page.getByTestId("money-found-person").click();
    await expect(page.getByTestId("money-panel")).toContainText(worker.name);
    await expect(page.getByTestId("money-panel")).toContainText(text("en", "ops_money_no_party"));

    // Credit the worker, borne by Daywork: 150,75 as typed with a decimal comma; a double click posts once.
    const reason = "Paid the bus fare for the cancelled shift";
    await page.getByTestId("correction-kind").selectOption("platform_to_worker");
    await page.getByTestId("correction-worker").selectOption({ index: 1 });
    await page.getByTestId("correction-currency").selectOption("RUB");
    await page.getByTestId("correction-amount").fill("150,75");
    await page.getByTestId("correction-reason").fill(reason);
    await postCorrection(page, 2);
    await expect(page.getByTestId("money-line")).toHaveCount(1);
    await expect(page.getByTestId("money-line-memo")).toContainText(reason);
    await expect(page.getByTestId("money-balance-worker_payable")).toContainText("150.75");
    await expect(page.getByTestId("money-balance-worker_payable")).toContainText(
      text("en", "ops_money_credit", { amount: "" }).trim(),
    );

    // Reverse it from its statement line.
    await page.getByTestId("money-line-reverse").click();
    await expect(page.getByTestId("correction-kind")).toHaveValue("reverse");
    const why = "Credited the wrong worker";
    await page.getByTestId("correction-reason").fill(why);
    await postCorrection(page);
    await expect(page.getByTestId("money-line")).toHaveCount(2);
    await expect(page.getByTestId("money-balances")).toHaveCount(0);
    await expect(page.getByTestId("money-panel")).toContainText(text("en", "ops_money_no_balances"));
    await expect(page.getByTestId("money-line-reverse")).toHaveCount(1);

    expect(await correctionsAudited(admin.email)).toEqual([
      { reason: "platform_to_worker", note: reason },
      { reason: "reverse", note: why },
    ]);
    for (const p of [page, workerPage]) await p.context().close();
  });
});
