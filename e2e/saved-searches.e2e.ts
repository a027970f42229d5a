import { expect, test } from "@playwright/test";

import { newAccount, postJob, signUpAndOnboard, startInLanguage } from "./support.ts";

test.describe("saved searches", () => {
  test("a worker in Tashkent saves a search near them and hears of a new matching job without a reload", async ({ browser }) => {
    test.setTimeout(120_000);
    const token = `sv${Date.now().toString(36)}`;
    const hand = await (await browser.newContext()).newPage();
    const boss = await (await browser.newContext()).newPage();
    await startInLanguage(hand, "en");
    await startInLanguage(boss, "en");
    await signUpAndOnboard(hand, newAccount("worker"), "worker");
    await signUpAndOnboard(boss, newAccount("employer"), "employer", { company: `Tashkent Couriers ${token}` });

    // The worker searches for the word within 15 km of Tashkent (nothing yet) and keeps the search.
    await hand.goto(`/?q=${token}&cityId=1512569&km=15`);
    await expect(hand.getByTestId("jobs-empty")).toContainText("within 15 km of Tashkent");
    await hand.getByTestId("save-search").click();
    await expect(hand.getByTestId("search-saved")).toBeVisible();

    // A job in Almaty with the word does not match (about 680 km away); one in Tashkent does.
    await postJob(boss, { title: `Courier ${token} far away`, city: "Almaty", durationDays: 2 });
    const jobId = await postJob(boss, { title: `Courier ${token} in the old town`, city: "Tashkent", durationDays: 2 });

    // The worker is told at once, in the bell, and the notice opens the job.
    await expect(hand.getByTestId("nav-notifications-count")).toHaveText("1", { timeout: 30_000 });
    await hand.getByTestId("nav-notifications").click();
    const notice = hand.getByTestId("notification").filter({ hasText: `Courier ${token} in the old town` });
    await expect(notice).toHaveCount(1);
    await expect(hand.getByTestId("notification").filter({ hasText: "far away" })).toHaveCount(0);
    await notice.getByTestId("notification-link").click();
    await expect(hand).toHaveURL(new RegExp(`/jobs/${jobId}$`));

    // The saved search is managed in settings, named in words, and opens the search again.
    await hand.goto("/settings/saved-searches");
    const saved = hand.getByTestId("saved-search");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByTestId("saved-search-summary")).toContainText(token);
    await expect(saved.getByTestId("saved-search-summary")).toContainText("Tashkent");
    await saved.getByTestId("saved-search-open").click();
    await expect(hand).toHaveURL(/cityId=1512569/);
    await expect(hand.getByTestId("job-card")).toHaveCount(1);
  });
});
