import { expect, test } from "@playwright/test";

import { newAccount, newPage, signUpAndOnboard, text } from "./support.ts";

test.describe("reliability", () => {
  test("a new worker's own and public profile show their reliability as numbers, with no strikes", async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await newPage(browser, "de");
    await signUpAndOnboard(page, newAccount("worker"), "worker");

    await page.goto("/profile");
    const own = page.getByTestId("reliability-card");
    await expect(own).toContainText(text("de", "reliability_title"));
    for (const id of ["reliability-shifts", "reliability-late", "reliability-no-shows", "reliability-active"]) {
      await expect(own.getByTestId(id)).toHaveText("0");
    }
    await expect(own.getByTestId("reliability-no-strikes")).toHaveText(text("de", "reliability_no_strikes"));

    await page.getByTestId("profile-view-public").click();
    const shown = page.getByTestId("public-profile").getByTestId("reliability-card");
    await expect(shown.getByTestId("reliability-shifts")).toHaveText("0");
    await expect(shown).toContainText(text("de", "reliability_intro", { count: 5 }));
  });

  test("an employer's card shows only an employer's figures", async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await newPage(browser, "ru");
    await signUpAndOnboard(page, newAccount("boss"), "employer", { company: "Сосновый двор" });
    await page.goto("/profile");
    const own = page.getByTestId("reliability-card");
    await expect(own.getByTestId("reliability-shifts")).toHaveText("0");
    await expect(own).toContainText(text("ru", "reliability_shifts_on_jobs"));
    await expect(own.getByTestId("reliability-late")).toHaveText("0");
    await expect(own.getByTestId("reliability-active")).toHaveText("0");
    // A worker's figures: an employer neither checks in late nor fails to show up.
    await expect(own.getByTestId("reliability-no-shows")).toHaveCount(0);
    await expect(own.getByTestId("reliability-on-time")).toHaveCount(0);
  });
});
