import { expect, test } from "@playwright/test";

import { newAccount, signIn, signUp, signUpAndOnboardThroughForms, startInLanguage, text } from "./support.ts";

test.describe("accounts and onboarding", () => {
  test("a newcomer signs up in Russian, completes onboarding, signs out and back in", async ({ page }) => {
    const account = newAccount("worker");
    await page.goto("/auth?tab=sign-up");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByTestId("sign-up-submit")).toBeDisabled();

    await page.goto("/auth?tab=sign-up");
    const form = page.getByTestId("sign-up-form");
    await form.locator("input[type=email]").fill("not-an-email");
    for (const box of ["ageConfirmed", "consentDataProcessing", "termsAccepted"])
      await page.getByTestId(`confirm-${box}`).click();
    await page.getByTestId("sign-up-submit").click();
    await expect(form.getByText(text("ru", "error_email_invalid"))).toBeVisible();
    await expect(form.getByText(text("ru", "error_name_required"))).toBeVisible();

    await signUpAndOnboardThroughForms(page, account, "worker");
    await expect(page.getByText(text("ru", "toast_profile_created"))).toBeVisible();

    await page.getByTestId("nav-sign-out").click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId("nav-sign-in")).toBeVisible();

    await signIn(page, account);
    await expect(page.getByText(text("ru", "toast_welcome_back"))).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("nav-profile")).toBeVisible();

    // A signed-in visitor of /auth goes home.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an employer signs up in English and the onboarding asks for the company", async ({ page }) => {
    await startInLanguage(page, "en");
    await signUpAndOnboardThroughForms(page, newAccount("employer"), "employer", { company: "Birch Café" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "home_title"));
  });

  test("a protected page sends a visitor to sign in and back", async ({ page }) => {
    const account = newAccount("returning");
    await signUpAndOnboardThroughForms(page, account, "worker");
    await page.getByTestId("nav-sign-out").click();
    // Signed out once the app is on /auth: leaving earlier could cut the sign-out request off.
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/onboarding");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fonboarding/);
    await signIn(page, account, { stay: true });
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("before onboarding is finished, the privacy page is reachable and other pages lead back", async ({ page }) => {
    await startInLanguage(page, "en");
    await signUp(page, newAccount("halfway"));
    await page.getByTestId("onboarding-privacy").click();
    await expect(page).toHaveURL(/\/settings\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "privacy_settings_title"));
    await page.goto("/my-jobs");
    // Onboarding keeps the page that was asked for, to go on to it afterwards.
    await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fmy-jobs$/);
  });

  test("wrong password shows the server's message", async ({ page }) => {
    await startInLanguage(page, "en");
    const account = newAccount("wrong");
    await signUpAndOnboardThroughForms(page, account, "worker");
    await page.getByTestId("nav-sign-out").click();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, { ...account, password: "not-the-password" });
    // Beside the password, as well as in the toast (e2e/way-in.e2e.ts).
    await expect(page.getByTestId("sign-in-form").getByText(text("en", "error_invalid_credentials"))).toBeVisible();
  });
});

test.describe("languages", () => {
  test("the chosen language survives a reload and sets lang and dir", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    for (const [code, dir] of [
      ["en", "ltr"],
      ["ar", "rtl"],
    ] as const) {
      await page.getByTestId("language-switcher").click();
      await page.getByTestId(`language-${code}`).click();
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", code);
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(code, "home_title"));
      expect(await page.evaluate(() => localStorage.getItem("language"))).toBe(code);
    }
  });

  test("an unknown page shows the 404 and logs the path", async ({ page }) => {
    await startInLanguage(page, "en");
    const errors: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: text("en", "not_found_title") })).toBeVisible();
    expect(errors.some((e) => e.includes("/no-such-page"))).toBe(true);
  });
});
