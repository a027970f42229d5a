import { expect, test, type Browser, type Page } from "@playwright/test";

import { localToday, newAccount, pickDay, postJob, signUpAndOnboard, startInLanguage, text, toastWith } from "./support.ts";

// Rehiring (docs/decisions/036) on a phone: the employer marks the worker of a completed job as a
// favourite, posts the job again with that worker invited, the worker accepts from the notice and is
// hired; another worker follows the employer and sees the employer's next job first.

async function phone(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await startInLanguage(page, "en");
  return page;
}

/** Saves the page at 375 px when REHIRING_SHOTS_DIR names a folder (to look at the new screens). */
async function shot(page: Page, name: string) {
  const dir = process.env.REHIRING_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test.describe("rehiring", () => {
  test("favourite a past job's worker, post it again with them invited, they accept and are hired; a follower sees the next job", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const boss = await phone(browser);
    const hand = await phone(browser);
    const fan = await phone(browser);
    const handAccount = newAccount("rehirehand");
    await signUpAndOnboard(boss, newAccount("rehireboss"), "employer", { company: "Rowan Catering" });
    await signUpAndOnboard(hand, handAccount, "worker");
    await signUpAndOnboard(fan, newAccount("rehirefan"), "worker");

    // A job the worker was hired on, started and completed.
    const title = `Banquet waiter ${Date.now().toString(36)}`;
    const pastId = await postJob(boss, { title, rate: 20 });
    await hand.goto(`/jobs/${pastId}`);
    await hand.getByTestId("apply-button").click();
    await expect(hand.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
    await boss.goto(`/jobs/${pastId}/applications`);
    await boss.getByTestId("application-card").filter({ hasText: handAccount.name }).getByTestId("application-accept").click();
    await expect(boss.getByText(text("en", "applications_accepted_toast"), { exact: true })).toBeVisible();
    await boss.goto(`/jobs/${pastId}`);
    await boss.getByTestId("job-status-complete").click();
    await boss.getByTestId("job-complete-confirm").click();
    await expect(boss.getByText(text("en", "toast_job_completed"), { exact: true })).toBeVisible();

    // The worker becomes a favourite from the past job's hired workers, and is on the private list.
    await boss.goto(`/jobs/${pastId}/applications`);
    const rehire = boss.getByTestId("job-rehiring");
    const row = rehire.getByTestId("rehire-worker").filter({ hasText: handAccount.name });
    await row.getByTestId("favourite-toggle").click();
    await expect(row.getByTestId("favourite-toggle")).toHaveAttribute("data-favourite", "true");
    await shot(boss, "applications-hire-again");
    await boss.goto("/favourites");
    await expect(boss.getByTestId("favourite-row").filter({ hasText: handAccount.name })).toBeVisible();
    await boss.getByTestId("favourite-row").getByTestId("invite-open").click();
    await expect(boss.getByTestId("invite-no-jobs")).toBeVisible();
    await shot(boss, "favourites-invite-dialog");
    await boss.keyboard.press("Escape");

    // Post again, from the past job's page: the form comes filled in, the worker checked; pick the date and post.
    await boss.goto(`/jobs/${pastId}`);
    await boss.getByTestId("job-post-again").click();
    await expect(boss).toHaveURL(new RegExp(`/jobs/${pastId}/post-again$`));
    await expect(boss.getByTestId("post-again-form").getByTestId("job-title")).toHaveValue(title);
    await expect(boss.getByTestId("post-again-worker")).toHaveAttribute("data-state", "checked");
    await shot(boss, "post-again");
    await pickDay(boss, "job-start-date", localToday());
    await boss.getByTestId("job-submit").click();
    await expect(toastWith(boss, text("en", "toast_job_posted"))).toBeVisible();
    await expect(boss).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    const againId = boss.url().split("/").pop() ?? "";
    expect(againId).not.toBe(pastId);

    // The worker is told, opens the job from the notice and accepts: hired at once.
    await hand.goto("/notifications");
    const notice = hand.locator('[data-testid="notification"][data-kind="job_invitation"]');
    await expect(notice).toBeVisible();
    await notice.getByRole("link").first().click();
    await expect(hand).toHaveURL(new RegExp(`/jobs/${againId}$`));
    const card = hand.getByTestId("invitation-card");
    await expect(card).toContainText("Rowan Catering");
    // Accept or Decline is the answer: no apply form beside it (docs/decisions/047).
    await expect(hand.getByTestId("apply-card")).toHaveCount(0);
    await expect(hand.getByTestId("apply-form")).toHaveCount(0);
    await shot(hand, "job-invited");
    // Below the job's facts the invitation is mostly out of sight, under the bottom bars: the apply bar
    // brings it up, then steps aside (the card loads its code after the page: the bar follows it).
    const bar = hand.getByTestId("apply-bar");
    await expect(bar).toHaveAttribute("data-hidden", "false");
    await hand.getByTestId("apply-bar-invitation").click();
    await expect(card).toBeInViewport();
    await expect(bar).toHaveAttribute("data-hidden", "true");
    await card.getByTestId("invitation-accept").click();
    await expect(toastWith(hand, text("en", "rehiring_invitation_accepted"))).toBeVisible();
    await expect(card).toHaveCount(0);
    // Hired by the invitation: nobody applied, so no "application was accepted".
    const hired = hand.getByTestId("apply-status");
    await expect(hired).toHaveAttribute("data-by-invitation", "true");
    await expect(hand.getByTestId("apply-status-text")).toHaveText(text("en", "apply_accepted_invitation"));
    await expect(hand.getByTestId("apply-card")).toContainText(text("en", "apply_title_hired"));
    // The invitation was the one notice of the new job.
    await hand.goto("/notifications");
    await expect(hand.locator(`[data-testid="notification"]:has(a[href="/jobs/${againId}"])`)).toHaveCount(1);

    // The employer sees them hired on the new job's applications page.
    await boss.goto(`/jobs/${againId}/applications`);
    await expect(boss.getByTestId("application-card").filter({ hasText: handAccount.name })).toHaveAttribute(
      "data-status",
      "accepted",
    );
    await expect(boss.getByTestId("job-invitation")).toHaveAttribute("data-status", "accepted");

    // Another worker follows the employer from the job page, and sees the employer's next job first.
    await fan.goto(`/jobs/${againId}`);
    const follow = fan.getByTestId("about-employer").getByTestId("follow-toggle");
    await follow.click();
    await expect(follow).toHaveAttribute("data-following", "true");
    await expect(fan.getByTestId("about-employer").getByTestId("followers-count")).toHaveAttribute("data-count", "1");
    const nextTitle = `Buffet runner ${Date.now().toString(36)}`;
    const nextId = await postJob(boss, { title: nextTitle, rate: 21 });
    await fan.goto("/");
    await expect(fan.getByTestId("followed-jobs").getByTestId("followed-job").first()).toContainText(nextTitle);
    await shot(fan, "home-followed");
    await expect(async () => {
      await fan.goto("/notifications");
      await expect(
        fan.locator('[data-testid="notification"][data-kind="followed_employer_job"]').filter({ hasText: nextTitle }),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await fan
      .locator('[data-testid="notification"][data-kind="followed_employer_job"]')
      .filter({ hasText: nextTitle })
      .getByRole("link")
      .first()
      .click();
    await expect(fan).toHaveURL(new RegExp(`/jobs/${nextId}$`));
  });
});
