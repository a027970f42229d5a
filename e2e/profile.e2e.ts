import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

import { appTookOver, localToday, newAccount, newPage, signIn, signUpAndOnboard, text, toastWith } from "./support.ts";

/** The smallest file the certificate upload takes for a PDF. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

test.describe("profile, settings and privacy", () => {
  test("a worker edits the profile, interests and certificates, exports the data and deletes the account", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, "en");
    const account = newAccount("worker");
    await signUpAndOnboard(page, account, "worker");

    // Profile information in /settings shows on /profile.
    const bio = "Former barista, happy to help at markets and festivals.";
    const location = "Lindenau, Leipzig";
    await page.goto("/settings");
    await page.getByTestId("settings-bio").fill(bio);
    await page.getByTestId("settings-location").fill(location);
    await page.getByTestId("settings-profile-save").click();
    await expect(toastWith(page, text("en", "profile_updated"))).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByTestId("profile-bio")).toHaveText(bio);
    await expect(page.getByTestId("profile-location")).toHaveText(location);

    // Interests on /profile: add two, remove one.
    const interests = page.getByTestId("interests-card");
    const addInterest = async (interest: string) => {
      await interests.getByTestId("interest-add-open").click();
      await page.getByTestId("interest-dialog-input").fill(interest);
      await page.getByTestId("interest-dialog-save").click();
      await expect(page.getByTestId("interest-dialog")).toHaveCount(0);
      await expect(interests.getByTestId("interest-tag").filter({ hasText: `#${interest}` })).toBeVisible();
    };
    await addInterest("gardening");
    await expect(toastWith(page, text("en", "profile_interest_added"))).toBeVisible();
    await addInterest("festivals");
    await expect(interests.getByTestId("interest-tag")).toHaveText(["#gardening", "#festivals"]);
    await interests.getByTestId("interest-tag").filter({ hasText: "#gardening" }).click();
    await expect(toastWith(page, text("en", "profile_interest_removed"))).toBeVisible();
    await expect(interests.getByTestId("interest-tag")).toHaveText(["#festivals"]);
    await page.reload();
    await expect(interests.getByTestId("interest-tag")).toHaveText(["#festivals"]);

    // A PDF certificate in /settings: uploaded, listed, deleted.
    await page.goto("/settings");
    await appTookOver(page);
    const certificates = page.getByTestId("certificates-card");
    await expect(certificates.getByTestId("certificates-empty")).toBeVisible();
    await certificates
      .getByTestId("certificate-file-input")
      .setInputFiles({ name: "First aid.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(toastWith(page, text("en", "certificates_uploaded"))).toBeVisible();
    await expect(certificates.getByTestId("certificate-item")).toHaveCount(1);
    await expect(certificates.getByTestId("certificate-name")).toHaveText("First aid.pdf");
    await certificates.getByTestId("certificate-delete").click();
    await page.getByTestId("certificate-delete-dialog").getByTestId("certificate-delete-confirm").click();
    await expect(toastWith(page, text("en", "certificates_deleted"))).toBeVisible();
    await expect(certificates.getByTestId("certificates-empty")).toBeVisible();
    await expect(certificates.getByTestId("certificate-item")).toHaveCount(0);

    // The data export downloads one JSON file named with today's date.
    await page.goto("/settings/privacy");
    const before = localToday();
    const downloading = page.waitForEvent("download");
    await page.getByTestId("privacy-export").click();
    const download = await downloading;
    const after = localToday();
    expect([`daywork-data-${before}.json`, `daywork-data-${after}.json`]).toContain(download.suggestedFilename());
    const exported: unknown = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(exported).toMatchObject({ email: account.email, profile: { bio } });
    await expect(toastWith(page, text("en", "privacy_export_done_title"))).toBeVisible();

    // Deleting the account, after confirming, ends on a page that says it is done, signed out for good.
    await page.getByTestId("delete-account").click();
    const dialog = page.getByTestId("delete-account-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("delete-account-kept")).toHaveText(text("en", "privacy_delete_kept", { years: 3 }));
    await dialog.getByTestId("delete-account-confirm").click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    const done = page.getByTestId("account-deleted");
    await expect(done).toContainText(text("en", "privacy_deleted_title"));
    await expect(done).toContainText(text("en", "account_deleted_erased"));
    await expect(page.getByTestId("nav-sign-in")).toBeVisible();
    await page.goto("/auth");

    await signIn(page, account);
    await expect(toastWith(page, text("en", "error_invalid_credentials"))).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await page.context().close();
  });

  test("a profile made private shows as not found to other people", async ({ browser }) => {
    const owner = await newPage(browser, "en");
    const other = await newPage(browser, "en");
    const ownerAccount = newAccount("private");
    await signUpAndOnboard(owner, ownerAccount, "worker");
    await signUpAndOnboard(other, newAccount("visitor"), "employer");

    await owner.goto("/profile");
    const href = await owner.getByTestId("profile-view-public").getAttribute("href");
    const profileId = href?.split("/").pop() ?? "";
    expect(profileId).toMatch(/^[\w-]+$/);

    // Public by default.
    await other.goto(`/profile/${profileId}`);
    await expect(other.getByTestId("public-profile").getByTestId("profile-name")).toHaveText(ownerAccount.name);

    await owner.goto("/settings/privacy");
    const visible = owner.getByTestId("privacy-profile-visible");
    await expect(visible).toHaveAttribute("data-state", "checked");
    await visible.click();
    await expect(visible).toHaveAttribute("data-state", "unchecked");
    await owner.getByTestId("privacy-save").click();
    await expect(toastWith(owner, text("en", "privacy_saved_title"))).toBeVisible();

    await other.reload();
    await expect(other.getByTestId("profile-not-found")).toContainText(text("en", "profile_not_available"));
    await expect(other.getByTestId("public-profile")).toHaveCount(0);

    // The owner still sees it, with the hidden notice.
    await owner.goto(`/profile/${profileId}`);
    await expect(owner.getByTestId("public-profile")).toBeVisible();
    await expect(owner.getByTestId("profile-hidden-notice")).toHaveText(text("en", "profile_hidden_notice"));

    await owner.context().close();
    await other.context().close();
  });
});
