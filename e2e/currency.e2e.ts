import { expect, test } from "@playwright/test";

import { confirmEmail, newAccount, newPage, pickSelect, postJobThroughForm, signUp, signUpAndOnboard, text } from "./support.ts";

// ICU separates amounts and symbols with no-break spaces; compare with plain ones.
const plain = (s: string | null) => (s ?? "").replace(/[\u00a0\u202f]/g, " ");

// Prices in the reader's own money (docs/decisions/049): a Russian newcomer gets roubles, not dollars,
// and a price filter whose brackets split Moscow's day jobs; a Kazakh reader gets tenge; rates that
// stopped arriving say so beside every converted amount.
test("a Russian newcomer reads prices in roubles with rouble brackets; old rates are called out of date", async ({ browser }) => {
  const token = `cur${Date.now().toString(36)}`;
  const employerPage = await newPage(browser, "en");
  await signUpAndOnboard(employerPage, newAccount("employer"), "employer", { company: `Cafe ${token}` });
  // Moscow, so the job is paid in roubles: 450 an hour, as Moscow's day jobs are.
  const jobId = await postJobThroughForm(employerPage, { title: `Barista helper ${token}`, city: "Moscow", rate: 450 });

  // A worker signs up in Russian and names Moscow at onboarding.
  const page = await newPage(browser, "ru");
  const worker = newAccount("worker");
  await signUp(page, worker);
  await confirmEmail(page, worker);
  await page.goto("/onboarding");
  await page.getByTestId("user-type-worker").click();
  await page.getByTestId("onboarding-next").click();
  await page.getByLabel(text("ru", "onboarding_location")).fill("Москва");
  await page.getByTestId("onboarding-next").click();
  await page.getByTestId("onboarding-complete").click();
  await expect(page).toHaveURL(/\/$/);

  // Her currency is the rouble, never the dollar.
  await page.goto("/settings");
  await expect(page.getByTestId("settings-currency")).toContainText("RUB");

  // The job shows its roubles with no "≈" in another currency, and the brackets are rouble ones.
  await page.goto(`/?q=${token}`);
  const card = page.getByTestId("job-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("job-card-rate-converted")).toHaveCount(0);
  await page.getByTestId("filter-price").click();
  expect(plain(await page.getByTestId("filter-price-low").textContent())).toBe("Менее 300 ₽ в час");
  expect(plain(await page.getByTestId("filter-price-mid").textContent())).toBe("От 300 ₽ до 500 ₽ в час");
  expect(plain(await page.getByTestId("filter-price-high").textContent())).toBe("500 ₽ и более в час");
  await page.getByTestId("filter-price-mid").click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(card).toHaveCount(1);
  await pickSelect(page, "filter-price", "high");
  await expect(page.getByTestId("jobs-empty-remove-price")).toBeVisible();
  await pickSelect(page, "filter-price", "low");
  await expect(page.getByTestId("jobs-empty-remove-price")).toBeVisible();

  // An English visitor a month after the newest rate: the "≈" in dollars names the rates' day and says
  // it is out of date, and so does the line above the list.
  const visitor = await newPage(browser, "en");
  await visitor.clock.setFixedTime(new Date(Date.now() + 31 * 86_400_000));
  await visitor.goto(`/?q=${token}`);
  await expect(visitor.getByTestId("job-card-rate-converted")).toHaveText(
    /^≈ \$\d+\.\d\d\/hour at the rate of .+ \(out of date\)$/,
  );
  await expect(visitor.getByTestId("rates-as-of")).toContainText("out of date");
  await visitor.goto(`/jobs/${jobId}`);
  await expect(visitor.getByTestId("job-rate-converted")).toContainText("(out of date)");

  // A visitor reading Kazakh gets tenge brackets.
  const kazakh = await newPage(browser, "kk");
  await kazakh.goto("/");
  await kazakh.getByTestId("filter-price").click();
  expect(plain(await kazakh.getByTestId("filter-price-mid").textContent())).toMatch(/1 500 ₸.*2 500 ₸/);
});
