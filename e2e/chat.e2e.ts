import { expect, test, type Page } from "@playwright/test";

import { newAccount, newPage, postJob, signUpAndOnboard, text, toastWith } from "./support.ts";

/** A 1×1 PNG: small, but a real image the server's type sniffing and the browser both accept. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Marks the page's window so that a later check can tell it was never reloaded. */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { __e2eNoReload: true }));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => "__e2eNoReload" in window && window.__e2eNoReload)).toBe(true);
}

async function sendText(page: Page, message: string) {
  await page.getByTestId("chat-composer-input").fill(message);
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-composer-input")).toHaveValue("");
}

test.describe("chat", () => {
  test("an accepted worker and the employer talk live in the job's group chat; outsiders are turned away", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const boss = await newPage(browser, "en");
    const hand = await newPage(browser, "en");
    const bossAccount = newAccount("employer");
    const handAccount = newAccount("worker");
    await signUpAndOnboard(boss, bossAccount, "employer", { company: "Linden Catering" });
    await signUpAndOnboard(hand, handAccount, "worker");
    const jobTitle = `Banquet waiter ${Date.now().toString(36)}`;
    const jobId = await postJob(boss, { title: jobTitle });

    // The worker applies from the job page; the employer accepts.
    await hand.goto(`/jobs/${jobId}`);
    await hand.getByTestId("apply-message").fill("I have waited tables at banquets for three years.");
    await hand.getByTestId("apply-button").click();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    await boss.goto(`/jobs/${jobId}/applications`);
    const application = boss.getByTestId("application-card").filter({ hasText: handAccount.name });
    await application.getByTestId("application-accept").click();
    await expect(application.getByTestId("application-status")).toHaveText(text("en", "applications_status_accepted"));

    // Both open the group chat.
    await boss.goto(`/jobs/${jobId}/chat`);
    await hand.goto(`/jobs/${jobId}/chat`);
    for (const page of [boss, hand]) {
      await expect(page.getByTestId("chat-view")).toHaveAttribute("data-kind", "group");
      await expect(page.getByTestId("chat-title")).toHaveText(jobTitle);
      await expect(page.getByTestId("chat-empty")).toBeVisible();
    }
    await markWindow(boss);
    await markWindow(hand);

    // The worker writes; the employer sees it arrive without reloading, and answers live.
    const hello = "Hello! Which entrance should I use tomorrow?";
    await sendText(hand, hello);
    await expect(hand.getByTestId("chat-message").filter({ hasText: hello })).toHaveAttribute("data-own", "true");
    const received = boss.getByTestId("chat-message").filter({ hasText: hello });
    await expect(received).toBeVisible();
    await expect(received).toHaveAttribute("data-own", "false");
    await expect(received.getByTestId("chat-message-sender")).toHaveText(handAccount.name);

    const reply = "The kitchen door on the courtyard side, at 7 am.";
    await sendText(boss, reply);
    await expect(hand.getByTestId("chat-message").filter({ hasText: reply })).toHaveAttribute("data-own", "false");
    await expect(boss.getByTestId("chat-message-text")).toHaveText([hello, reply]);
    await expect(hand.getByTestId("chat-message-text")).toHaveText([hello, reply]);

    // The worker sends a photo with a caption; the employer sees the image itself.
    const caption = "This is the badge I will wear.";
    await hand.getByTestId("chat-attach-input").setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: PNG });
    await expect(hand.getByTestId("chat-image-preview")).toBeVisible();
    await sendText(hand, caption);
    await expect(hand.getByTestId("chat-image-preview")).toHaveCount(0);
    const photo = boss.getByTestId("chat-message").filter({ hasText: caption });
    const image = photo.getByTestId("chat-message-image");
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("alt", text("en", "chat_image_alt", { name: handAccount.name }));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(boss.getByTestId("chat-image-failed")).toHaveCount(0);
    await expectNotReloaded(boss);
    await expectNotReloaded(hand);

    // /chats lists the group chat for the worker with the last message.
    await hand.goto("/chats");
    const card = hand.getByTestId("chat-card").filter({ hasText: jobTitle });
    await expect(card).toHaveAttribute("data-kind", "group");
    await expect(card.getByTestId("chat-card-title")).toHaveText(jobTitle);
    await expect(card.getByTestId("chat-card-last")).toHaveText(`${text("en", "chats_you_label")} ${caption}`);

    // Someone who was not accepted is refused.
    const stranger = await newPage(browser, "en");
    await signUpAndOnboard(stranger, newAccount("stranger"), "worker");
    await stranger.goto(`/jobs/${jobId}/chat`);
    await expect(stranger.getByTestId("chat-access-denied")).toContainText(text("en", "chat_access_denied"));
    await expect(stranger.getByTestId("chat-view")).toHaveCount(0);

    for (const page of [boss, hand, stranger]) await page.context().close();
  });

  test("a worker messages the employer from the job page and the employer finds the private conversation", async ({
    browser,
  }) => {
    const boss = await newPage(browser, "en");
    const hand = await newPage(browser, "en");
    const handAccount = newAccount("worker");
    await signUpAndOnboard(boss, newAccount("employer"), "employer", { company: "Maple Events" });
    await signUpAndOnboard(hand, handAccount, "worker");
    const jobTitle = `Stage hand ${Date.now().toString(36)}`;
    const jobId = await postJob(boss, { title: jobTitle });

    const question = "Is the job suitable for someone without a driving licence?";
    await hand.goto(`/jobs/${jobId}`);
    await hand.getByTestId("contact-button").click();
    const dialog = hand.getByTestId("contact-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("contact-message").fill(question);
    await dialog.getByTestId("contact-send").click();
    await expect(toastWith(hand, text("en", "chat_message_sent"))).toBeVisible();
    await expect(dialog.getByRole("heading", { name: text("en", "chat_message_sent") })).toBeVisible();
    await expect(dialog.getByTestId("contact-open-conversation")).toBeVisible();

    await boss.goto("/chats");
    const card = boss.getByTestId("chat-card").filter({ hasText: handAccount.name });
    await expect(card).toHaveAttribute("data-kind", "direct");
    await expect(card.getByTestId("chat-card-title")).toHaveText(handAccount.name);
    await expect(card.getByTestId("chat-card-subtitle")).toHaveText(jobTitle);
    await expect(card.getByTestId("chat-card-last")).toHaveText(question);

    // It opens as the private conversation with the worker's message in it.
    await card.click();
    await expect(boss).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(boss.getByTestId("chat-view")).toHaveAttribute("data-kind", "direct");
    await expect(boss.getByTestId("chat-message-text")).toHaveText([question]);

    for (const page of [boss, hand]) await page.context().close();
  });
});
