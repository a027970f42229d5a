import { expect, test } from "@playwright/test";

import { linkFromMail, newAccount, signIn, signUp, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

// docs/decisions/017: a forgotten password is recovered from the mail alone, and an address is confirmed
// from the banner's mail. The e2e server keeps its mail in the local inbox (support.ts reads it).
test.describe("account recovery and confirmation", () => {
  test("a forgotten password is recovered from the mail alone", async ({ page }) => {
    await startInLanguage(page, "en");
    const account = newAccount("forgetful");
    await signUpAndOnboard(page, account, "worker");
    await page.getByTestId("nav-sign-out").click();
    await expect(page).toHaveURL(/\/auth$/);

    // "Forgot password?" carries the address typed on the sign-in form.
    await page.getByTestId("sign-in-form").locator("input[type=email]").fill(account.email);
    await page.getByTestId("forgot-password-link").click();
    await expect(page).toHaveURL(/\/forgot-password/);
    await expect(page.getByTestId("forgot-password-email")).toHaveValue(account.email);
    await page.getByTestId("forgot-password-submit").click();
    await expect(page.getByTestId("forgot-password-sent")).toContainText(text("en", "forgot_password_sent"));

    // The mail, in the language the person signed up in, leads to the reset page.
    const link = await linkFromMail(account.email, "/reset-password", text("en", "mail_reset_subject"));
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "reset_password_title"));
    await page.getByTestId("reset-password-new").fill("a-new-secret");
    await page.getByTestId("reset-password-confirm").fill("a-new-secreT");
    await page.getByTestId("reset-password-submit").click();
    await expect(page.getByText(text("en", "error_passwords_mismatch"))).toBeVisible();
    await page.getByTestId("reset-password-confirm").fill("a-new-secret");
    await page.getByTestId("reset-password-submit").click();
    await expect(page.getByTestId("reset-password-done")).toContainText(text("en", "reset_password_done"));

    // The old password no longer signs in; the new one does.
    await page.getByTestId("reset-password-sign-in").click();
    await signIn(page, account, { stay: true });
    await expect(toastWith(page, text("en", "error_invalid_credentials"))).toBeVisible();
    await signIn(page, { ...account, password: "a-new-secret" });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("nav-profile")).toBeVisible();

    // The link worked once: opened again, it says so and offers a new one.
    await page.goto(link);
    await page.getByTestId("reset-password-new").fill("a-third-secret");
    await page.getByTestId("reset-password-confirm").fill("a-third-secret");
    await page.getByTestId("reset-password-submit").click();
    await expect(page.getByTestId("reset-password-link-invalid")).toContainText(text("en", "error_reset_link_invalid"));
    await page.getByTestId("reset-password-request-new").click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("the banner asks to confirm the address, sends the link again, and goes once it is followed", async ({ page }) => {
    await startInLanguage(page, "de");
    const account = newAccount("unconfirmed");
    await signUp(page, account);
    const banner = page.getByTestId("verify-banner");
    await expect(banner).toContainText(text("de", "verify_banner_text", { email: account.email }));

    await banner.getByTestId("verify-resend").click();
    await expect(toastWith(page, text("de", "verify_banner_sent"))).toBeVisible();

    // The newest confirmation mail, written in German like the interface at sign-up.
    const link = await linkFromMail(account.email, "/verify-email", text("de", "mail_verify_subject"));
    await page.goto(link);
    await expect(page.getByTestId("verify-email-done")).toContainText(text("de", "verify_email_done_title"));
    await expect(banner).toBeHidden();
    await page.goto("/onboarding");
    await expect(page.getByTestId("user-type-worker")).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

// docs/decisions/058: wrong passwords make an address wait; the mailed link lets its owner in at once.
test.describe("sign-in after too many wrong passwords", () => {
  test("the form tells how long to wait and that a link was mailed; the link lets the owner in", async ({ page }) => {
    await startInLanguage(page, "en");
    const account = newAccount("guessed");
    await signUpAndOnboard(page, account, "worker");
    await page.getByTestId("nav-sign-out").click();
    await expect(page).toHaveURL(/\/auth$/);

    const attempt = async (password: string) => {
      const answered = page.waitForResponse((res) => res.url().endsWith("/api/auth/sign-in/email"));
      await signIn(page, { ...account, password }, { stay: true });
      return (await answered).status();
    };
    for (let i = 0; i < 5; i++) expect(await attempt(`wrong-guess-${i}`)).toBe(401);
    // Now even the right password waits, and the form says so above the button.
    expect(await attempt(account.password)).toBe(429);
    await expect(page.getByTestId("sign-in-wait")).toHaveText(text("en", "error_sign_in_locked", { minutes: 1 }));

    const link = await linkFromMail(account.email, "/auth", text("en", "mail_unlock_subject"));
    await page.goto(link);
    await expect(page.getByTestId("sign-in-unlock-note")).toHaveText(text("en", "auth_unlock_notice"));
    await signIn(page, account, { stay: true });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("nav-profile")).toBeVisible();
  });
});
