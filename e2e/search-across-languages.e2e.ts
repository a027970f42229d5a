import { expect, test, type Page } from "@playwright/test";

import { newAccount, postJob, signUpAndOnboard, startInLanguage } from "./support.ts";

async function search(page: Page, query: string) {
  await page.getByTestId("search-input").fill(query);
  await expect(page).toHaveURL(/[?&]q=/);
}

// Issue 34, item 8 (docs/decisions/051): "barista" found nothing while a Russian "Бариста-помощник" was
// open, and a new job's words were corrected to only after five minutes.
test("a visitor finds a Russian barista job by 'barista', and a typo of a new job's word at once", async ({ browser }) => {
  // A word no other job has, letters first: the spelling dictionary's kind of word.
  const token = `zq${Date.now().toString(36)}`;
  const typo = token.slice(0, 3) + token.slice(4);

  const employer = await browser.newContext();
  const employerPage = await employer.newPage();
  await startInLanguage(employerPage, "en");
  await signUpAndOnboard(employerPage, newAccount("employer"), "employer", { company: "Coffee Cart" });
  await postJob(employerPage, {
    title: "Бариста-помощник",
    description: `Готовить кофе за стойкой на ярмарке, смена ${token}.`,
    category: "catering",
  });

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await startInLanguage(page, "en");
  await page.goto("/");
  // "barista" is Catering's word in every language: the Russian job is found, nothing is "corrected".
  await search(page, `barista ${token}`);
  await expect(page.getByTestId("job-card")).toHaveCount(1);
  await expect(page.getByTestId("job-card").first()).toContainText("Бариста-помощник");
  await expect(page.getByTestId("search-corrected")).toHaveCount(0);

  // The new job's word is in the dictionary as soon as it was posted: its typo is corrected to it.
  await search(page, typo);
  await expect(page.getByTestId("search-corrected")).toContainText(token);
  await expect(page.getByTestId("job-card")).toHaveCount(1);
  await expect(page.getByTestId("job-card").first()).toContainText("Бариста-помощник");

  await employer.close();
  await visitor.close();
});
