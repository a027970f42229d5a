import { expect, test } from "@playwright/test";

import { newAccount, newPage, signUpAndOnboard, text } from "./support.ts";

// Push itself needs a browser vendor's push service, which this network cannot reach; the server's
// side is tested against a stand-in (server/push/notification-push.test.ts). Here: the worker is
// served so a real browser installs it for the whole site under our CSP, and the settings page says
// what this browser does, asking nothing until a click.
test.describe("push notifications in the browser", () => {
  test("the service worker installs for the whole site; the settings page tells this browser's state", async ({ browser }) => {
    const page = await newPage(browser, "en");
    await signUpAndOnboard(page, newAccount("pusher"), "worker");
    const origin = new URL(page.url()).origin;

    await page.goto("/settings/notifications");
    const push = page.getByTestId("notifications-push");
    const status = page.getByTestId("push-device-status");
    // Push is on for the account by default, but this browser was never asked: it offers, it does not ask.
    await expect(push).toBeChecked();
    await expect(status).toHaveText(text("en", "push_status_off_here"));
    await expect(page.getByTestId("push-enable-here")).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe("default");

    // The worker script is served as JavaScript at the root, and the browser takes it (CSP, MIME, scope).
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${origin}/`);

    // Allowed: the browser subscribes at its vendor's push service. Out of reach (as on this closed
    // network) that fails, which is said, and this browser is left as it was.
    await page.context().grantPermissions(["notifications"], { origin });
    await page.getByTestId("push-enable-here").click();
    const failed = page.getByText(text("en", "push_enable_failed"));
    await expect(failed.or(status.getByText(text("en", "push_status_on_here")))).toBeVisible({ timeout: 30_000 });
    if (await failed.isVisible()) await expect(status).toHaveText(text("en", "push_status_off_here"));

    // Notifications blocked in the browser's settings: said so, and the saved switch keeps its meaning.
    const cdp = await page.context().newCDPSession(page);
    const { targetInfo } = await cdp.send("Target.getTargetInfo");
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin,
      browserContextId: targetInfo.browserContextId,
    });
    await page.reload();
    await expect(status).toHaveText(text("en", "push_status_blocked"));
    await expect(page.getByTestId("push-enable-here")).toHaveCount(0);
    // The switch moves before the server has the change: the reload waits for its answer.
    let saved = page.waitForResponse((response) => response.url().includes("profiles.setNotifications") && response.ok());
    await push.click();
    await expect(push).not.toBeChecked();
    await expect(status).toHaveText(text("en", "push_status_blocked"));
    await saved;
    await page.reload();
    await expect(push).not.toBeChecked();
    saved = page.waitForResponse((response) => response.url().includes("profiles.setNotifications") && response.ok());
    await push.click();
    await expect(push).toBeChecked();
    await expect(status).toHaveText(text("en", "push_status_blocked"));
    await saved;
    await page.reload();
    await expect(push).toBeChecked();
  });
});
