import { execFileSync } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import postgres from "postgres";

import { checkInAndOut, hireApplicant } from "./agreed-day.ts";
import { newAccount, newPage, pickSelect, postJob, signIn, signUpAndOnboard, text, toastWith, type Account } from "./support.ts";

// Trust and safety (docs/decisions/069, 073, 074): a held scam job rejected with a statement of reasons,
// a harassing message's sender restricted and reinstated on appeal by a second moderator, a ban that
// ends an open chat socket, and a disputed timesheet settled by an operator.
//
// The console's first admin is made with the README's CLI (npm run ops:make-admin), which opens the
// server's database: on Postgres only (CI's .ci/run sets E2E_DATABASE_URL); the embedded database is the
// running server's own and cannot be opened twice.

const DATABASE_URL = process.env.E2E_DATABASE_URL;

/** An account whose name is unique across runs (the queue shows who each item is about). */
function person(prefix: string): Account {
  return { ...newAccount(prefix), name: `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}` };
}

/** Makes an existing account the console's admin, as the README says: `npm run ops:make-admin -- <email>`. */
function makeAdmin(email: string) {
  execFileSync("npm", ["run", "--silent", "ops:make-admin", "--", email], {
    env: { ...process.env, DATABASE_URL },
    stdio: "pipe",
  });
}

/**
 * The one SQL shortcut: a dispute made `hours` ago (the escalation opens 48 hours after it). The event
 * log is append-only by a trigger (migration 0012); this transaction alone runs as a replica, whose
 * writes ordinary triggers do not see (the e2e database's owner is a superuser).
 */
async function backdateDispute(jobId: string, hours: number) {
  const sql = postgres(DATABASE_URL ?? "", { max: 1, onnotice: () => undefined });
  try {
    const moved = await sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      return tx`
        update timesheet_events e set created_at = e.created_at - make_interval(hours => ${hours})
        from timesheets t
        where t.id = e.timesheet_id and t.job_id = ${jobId} and e.action = 'disputed'
        returning e.id`;
    });
    expect(moved).toHaveLength(1);
  } finally {
    await sql.end();
  }
}

/** A signed-in page of `account` (an operator) in a context of its own. */
async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const page = await newPage(browser, "en");
  await signIn(page, account);
  await expect(page.getByTestId("nav-sign-out")).toBeVisible();
  return page;
}

/** Opens the queue item matching `selector` from /ops/queue, by its link. */
async function openQueueItem(page: Page, selector: string, filter: { hasText?: string; href?: string }) {
  await page.goto("/ops/queue");
  let item = page.locator(selector);
  if (filter.hasText) item = item.filter({ hasText: filter.hasText });
  if (filter.href) item = item.filter({ has: page.locator(`[data-testid=queue-item-link][href$="/${filter.href}"]`) });
  await expect(item).toHaveCount(1);
  await item.getByTestId("queue-item-link").click();
}

/** Fills the item page's decision form: an action, a ground, a note, days for a restriction. */
async function decide(page: Page, d: { action: string; ground: string; note: string; days?: number }) {
  const form = page.getByTestId("decide-form");
  await expect(form).toBeVisible();
  await form.getByRole("radio", { name: text("en", `ops_do_${d.action}`), exact: true }).check();
  await page.getByTestId("decide-ground").selectOption(d.ground);
  if (d.days !== undefined) await page.getByTestId("decide-days").fill(String(d.days));
  await page.getByTestId("decide-note").fill(d.note);
}

/** Clicks a console form's submit button and waits for the server's answer to `procedure`: it took it. */
async function submitTo(page: Page, testId: string, procedure: string) {
  const answered = page.waitForResponse((r) => r.url().includes(`/api/trpc/${procedure}`) && r.request().method() === "POST");
  await page.getByTestId(testId).click();
  expect((await answered).ok()).toBe(true);
}

/** Opens the newest statement of reasons from the person's notifications (they arrive on their own). */
async function openStatement(page: Page): Promise<void> {
  await page.goto("/notifications");
  const notice = page.locator("[data-testid=notification][data-kind=moderation_decision]");
  await expect(async () => {
    await page.reload();
    await expect(notice.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await notice.first().getByTestId("notification-link").click();
  await expect(page).toHaveURL(/\/decisions\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("decision-statement")).toBeVisible();
}

/** A worker writes to a job's employer from the job page; ends on the worker's side of the conversation. */
async function writeToEmployer(hand: Page, jobId: string, message: string) {
  await hand.goto(`/jobs/${jobId}`);
  await hand.getByTestId("contact-button").click();
  const dialog = hand.getByTestId("contact-dialog");
  await dialog.getByTestId("contact-message").fill(message);
  await dialog.getByTestId("contact-send").click();
  await dialog.getByTestId("contact-open-conversation").click();
  await expect(hand).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  await expect(hand.getByTestId("chat-view")).toHaveAttribute("data-kind", "direct");
}

async function sendText(page: Page, message: string) {
  await page.getByTestId("chat-composer-input").fill(message);
  await page.getByTestId("chat-send").click();
}

/** Reports a message of the open conversation (its text `message`); answers the message's id. */
async function reportMessage(page: Page, message: string, reason: string, comment: string): Promise<string> {
  const bubble = page.getByTestId("chat-message").filter({ hasText: message });
  const id = (await bubble.getAttribute("data-message-id")) ?? "";
  await bubble.getByTestId("chat-message-report").click();
  const dialog = page.getByTestId("report-dialog");
  await dialog.getByTestId(`report-reason-${reason}`).check();
  await dialog.getByTestId("report-comment").fill(comment);
  await dialog.getByTestId("report-send").click();
  await expect(dialog.getByTestId("report-done")).toHaveText(text("en", "report_thanks"));
  await dialog.getByTestId("report-close").click();
  return id;
}

test.describe("trust and safety", () => {
  test.skip(
    !DATABASE_URL,
    "needs E2E_DATABASE_URL: the console's first admin is made with npm run ops:make-admin, which cannot open the running server's embedded database",
  );

  // Two operators for the file: an admin made with the CLI, and a moderator the admin grants in /ops/team.
  const admin = person("opsadmin");
  const moderator = person("opsmoderator");
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    const adminPage = await newPage(browser, "en");
    const moderatorPage = await newPage(browser, "en");
    await signUpAndOnboard(adminPage, admin, "worker");
    await signUpAndOnboard(moderatorPage, moderator, "worker");
    makeAdmin(admin.email);
    await adminPage.goto("/ops/team");
    await adminPage.getByTestId("ops-grant-email").fill(moderator.email);
    await pickSelect(adminPage, "ops-grant-role", "moderator");
    await adminPage.getByTestId("ops-grant-submit").click();
    await expect(adminPage.getByTestId("ops-operator").filter({ hasText: moderator.name })).toHaveAttribute(
      "data-role",
      "moderator",
    );
    for (const page of [adminPage, moderatorPage]) await page.context().close();
  });

  test("a job asking for a registration fee is held, a moderator rejects it and the owner reads why", async ({ browser }) => {
    test.setTimeout(120_000);
    const boss = await newPage(browser, "en");
    const company = `Quick Start Staffing ${Date.now().toString(36)}`;
    await signUpAndOnboard(boss, person("feeboss"), "employer", { company });
    const title = `Warehouse packer ${Date.now().toString(36)}`;
    const jobId = await postJob(boss, {
      title,
      description: "Pack parcels on the night shift. Every new packer pays a registration fee of 3000 before the first day.",
    });
    // Held: its owner reads that it is under review.
    await expect(boss.getByTestId("job-moderation-note")).toHaveText(text("en", "moderation_under_review_note"));

    // The moderator finds the hold in the queue and rejects the post as a scam.
    const mod = await signedIn(browser, moderator);
    await openQueueItem(mod, "[data-testid=queue-item][data-kind=hold][data-subject-type=job]", { href: jobId });
    await expect(mod).toHaveURL(new RegExp(`/ops/queue/job/${jobId}$`));
    await expect(mod.getByText(title).first()).toBeVisible();
    const note = "Asking workers to pay before they start is not allowed on Daywork.";
    await decide(mod, { action: "remove", ground: "scam", note });
    await submitTo(mod, "decide-submit", "moderation.decide");
    // The item has left the queue.
    await mod.goto("/ops/queue");
    await expect(mod.locator(`[data-testid=queue-item-link][href$="/${jobId}"]`)).toHaveCount(0);

    // The owner is told, and reads the statement of reasons: what, on which ground, the note, how to appeal.
    await openStatement(boss);
    await expect(boss.getByTestId("decision-heading")).toContainText(title);
    await expect(boss.getByTestId("decision-ground")).toHaveText(text("en", "report_reason_scam"));
    await expect(boss.getByTestId("decision-note")).toHaveText(note);
    await expect(boss.getByTestId("decision-appeal-form")).toBeVisible();
    await boss.goto(`/jobs/${jobId}`);
    await expect(boss.getByTestId("job-moderation-note")).toHaveText(text("en", "moderation_removed_note"));

    for (const page of [boss, mod]) await page.context().close();
  });

  test("a worker reports a harassing message; the sender is restricted, appeals, and a second moderator reverses it", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const boss = await newPage(browser, "en");
    const hand = await newPage(browser, "en");
    const company = `Night Owl Events ${Date.now().toString(36)}`;
    await signUpAndOnboard(boss, person("rudeboss"), "employer", { company });
    await signUpAndOnboard(hand, person("reporter"), "worker");
    const jobId = await postJob(boss, { title: `Cloakroom attendant ${Date.now().toString(36)}` });

    // The worker asks a question; the employer answers with abuse, which arrives live.
    await writeToEmployer(hand, jobId, "Hello! Is the cloakroom job still open for Saturday?");
    await boss.goto("/chats");
    await boss.getByTestId("chat-card").first().click();
    await expect(boss.getByTestId("chat-view")).toHaveAttribute("data-kind", "direct");
    const abuse = "Stop pestering me, you useless idiot. People like you should not be allowed to work.";
    await sendText(boss, abuse);
    await expect(hand.getByTestId("chat-message").filter({ hasText: abuse })).toHaveAttribute("data-own", "false");

    // The worker reports it for harassment.
    const messageId = await reportMessage(hand, abuse, "harassment", "Insulting me for asking a question.");

    // The admin opens the report, reads the message (an audited read) and restricts the sender for a week.
    const first = await signedIn(browser, admin);
    await openQueueItem(first, "[data-testid=queue-item][data-kind=report][data-subject-type=message]", { href: messageId });
    await expect(first).toHaveURL(new RegExp(`/ops/queue/message/${messageId}$`));
    await first.getByTestId("read-message").click();
    await expect(first.getByText(abuse).first()).toBeVisible();
    const note = "Insulting a worker who asked about the job is harassment.";
    await decide(first, { action: "restrict", ground: "harassment", note, days: 7 });
    await submitTo(first, "decide-submit", "moderation.decide");
    await first.goto("/ops/queue");
    await expect(first.locator(`[data-testid=queue-item-link][href$="/${messageId}"]`)).toHaveCount(0);

    // The sender reads the statement and is refused when writing again.
    await openStatement(boss);
    const statement = boss.url();
    await expect(boss.getByTestId("decision-ground")).toHaveText(text("en", "report_reason_harassment"));
    await expect(boss.getByTestId("decision-note")).toHaveText(note);
    await expect(boss.getByTestId("decision-item-text")).toHaveText(abuse);
    await expect(boss.getByTestId("decision-sanction")).toBeVisible();
    await boss.goto("/chats");
    await boss.getByTestId("chat-card").first().click();
    await sendText(boss, "Sorry, the job is still open.");
    await expect(toastWith(boss, text("en", "error_account_restricted"))).toBeVisible();

    // They appeal.
    await boss.goto(statement);
    const appeal = "I lost my temper after a long night and I apologise. It will not happen again.";
    await boss.getByTestId("decision-appeal-text").fill(appeal);
    await boss.getByTestId("decision-appeal-send").click();
    await expect(boss.getByTestId("decision-appeal-state")).toHaveAttribute("data-outcome", "open");

    // A second moderator (not the one who decided) reverses the decision.
    const second = await signedIn(browser, moderator);
    await openQueueItem(second, "[data-testid=queue-item][data-kind=appeal][data-subject-type=decision]", { hasText: company });
    await expect(second).toHaveURL(/\/ops\/appeals\/[0-9a-f-]{36}$/);
    await expect(second.getByText(appeal).first()).toBeVisible();
    const answer = "A first offence, apologised for: the restriction is lifted.";
    await second.getByTestId("appeal-form").getByTestId("appeal-reversed").check();
    await second.getByTestId("appeal-note").fill(answer);
    await submitTo(second, "appeal-submit", "moderation.answerAppeal");
    await second.goto("/ops/queue");
    await expect(
      second.locator("[data-testid=queue-item][data-kind=appeal][data-subject-type=decision]").filter({ hasText: company }),
    ).toHaveCount(0);

    // The sender reads the answer; the restriction is over and they may write again.
    await expect(async () => {
      await boss.goto(statement);
      await expect(boss.getByTestId("decision-appeal-state")).toHaveAttribute("data-outcome", "reversed", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(boss.getByTestId("decision-appeal-answer")).toHaveText(answer);
    await expect(boss.getByTestId("decision-reversed")).toBeVisible();
    await boss.goto("/chats");
    await boss.getByTestId("chat-card").first().click();
    const apology = "I apologise for my earlier message. The job is still open.";
    await sendText(boss, apology);
    await expect(hand.getByTestId("chat-message").filter({ hasText: apology })).toHaveAttribute("data-own", "false");

    for (const page of [boss, hand, first, second]) await page.context().close();
  });

  test("a ban ends the banned person's open chat socket within 2 seconds", async ({ browser }) => {
    test.setTimeout(150_000);
    const boss = await newPage(browser, "en");
    const spammer = await newPage(browser, "en");
    const spammerAccount = person("spammer");
    await signUpAndOnboard(boss, person("spamboss"), "employer", { company: `Harbour Hall ${Date.now().toString(36)}` });
    await signUpAndOnboard(spammer, spammerAccount, "worker");
    const jobId = await postJob(boss, { title: `Dish washer ${Date.now().toString(36)}` });

    // The spammer writes and stays on the conversation; the employer's answer arrives live over the socket.
    const scam = "Earn 500 a day from home! Send 50 for your starter pack and I will add you.";
    await writeToEmployer(spammer, jobId, scam);
    await boss.goto("/chats");
    await boss.getByTestId("chat-card").filter({ hasText: spammerAccount.name }).click();
    const reply = "Please keep to the job.";
    await sendText(boss, reply);
    await expect(spammer.getByTestId("chat-message").filter({ hasText: reply })).toHaveAttribute("data-own", "false");
    await expect(spammer.getByTestId("chat-reconnecting")).toHaveCount(0);
    const messageId = await reportMessage(boss, scam, "scam", "A money scam sent to an employer.");

    // The admin bans the spammer from the report on their message.
    const ops = await signedIn(browser, admin);
    await openQueueItem(ops, "[data-testid=queue-item][data-kind=report][data-subject-type=message]", { href: messageId });
    await decide(ops, { action: "ban", ground: "scam", note: "Money scams sent to employers." });
    const banned = ops.waitForResponse((r) => r.url().includes("/api/trpc/moderation.decide") && r.request().method() === "POST");
    const clicked = Date.now();
    await ops.getByTestId("decide-submit").click();

    // Within 2 s the spammer's page has lost its live connection (the server closed the socket of the
    // ended session, docs/decisions/014) ...
    await expect(spammer.getByTestId("chat-reconnecting")).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - clicked).toBeLessThan(2_000);
    expect((await banned).ok()).toBe(true);

    // ... and the server refuses what comes next: the page's next load is signed out, and so is sign-in.
    await spammer.reload();
    await expect(spammer).toHaveURL(/\/auth/);
    await signIn(spammer, spammerAccount);
    await expect(spammer.getByTestId("sign-in-form")).toContainText(text("en", "error_account_banned"));

    for (const page of [boss, spammer, ops]) await page.context().close();
  });

  test("a disputed timesheet escalated by the worker is settled by an operator; both sides see the new figures", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const boss = await newPage(browser, "en");
    const hand = await newPage(browser, "en");
    const handAccount = person("disputer");
    await signUpAndOnboard(boss, person("disputeboss"), "employer", { company: `Alder Kitchen ${Date.now().toString(36)}` });
    await signUpAndOnboard(hand, handAccount, "worker");
    // Two days from today: one of them is today in Kazan whatever the hour (as e2e/shifts.e2e.ts).
    const jobId = await postJob(boss, { title: `Kitchen porter ${Date.now().toString(36)}`, durationDays: 2, rate: 18 });

    // Hired, checked in and out with the owner's code, approved by the owner.
    await hireApplicant(boss, hand, jobId, handAccount.name);
    await checkInAndOut(boss, hand, jobId);
    await boss.goto(`/jobs/${jobId}/timesheets`);
    const bossRow = boss.getByTestId("timesheet-row").filter({ has: boss.getByTestId("timesheet-history") });
    await bossRow.getByTestId("timesheet-approve").click();
    await expect(bossRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "approved");

    // The worker disputes, claiming three hours; the owner does not answer.
    await hand.goto(`/jobs/${jobId}/timesheets`);
    const handRow = hand.getByTestId("timesheet-row").filter({ has: hand.getByTestId("timesheet-history") });
    await handRow.getByTestId("timesheet-dispute").locator("summary").click();
    await handRow.getByTestId("timesheet-hours").fill("3");
    await handRow.getByTestId("timesheet-reason").fill("I washed up until the last guests left.");
    await handRow.getByTestId("timesheet-dispute-submit").click();
    await expect(handRow.getByTestId("timesheet-status")).toHaveAttribute("data-status", "disputed");
    // Daywork takes it only 48 hours after the dispute: until then the row says from when.
    await hand.reload();
    await expect(handRow.getByTestId("timesheet-escalation-later")).toBeVisible();

    // 49 hours later (the database's clock moved back for this dispute only), the worker escalates.
    await backdateDispute(jobId, 49);
    await hand.reload();
    await handRow.getByTestId("timesheet-escalate").locator("summary").click();
    await handRow.getByTestId("timesheet-escalate-text").fill("The owner has not answered my dispute for two days.");
    await handRow.getByTestId("timesheet-escalate-submit").click();
    await expect(toastWith(hand, text("en", "dispute_escalate_sent"))).toBeVisible();
    await expect(handRow.getByTestId("timesheet-escalation")).toHaveAttribute("data-outcome", "open");

    // An operator opens the case from the queue and settles at two hours.
    const ops = await signedIn(browser, admin);
    await openQueueItem(ops, "[data-testid=queue-item][data-kind=appeal][data-subject-type=timesheet]", {
      hasText: handAccount.name,
    });
    await expect(ops).toHaveURL(/\/ops\/appeals\/[0-9a-f-]{36}$/);
    const caseView = ops.getByTestId("timesheet-appeal-case");
    await expect(caseView).toBeVisible();
    await expect(caseView.getByTestId("case-history")).toContainText("I washed up until the last guests left.");
    const settlement = "The check-out was recorded early; the owner's rota shows two hours.";
    await caseView.getByTestId("case-settle-hours").fill("2");
    await caseView.getByTestId("case-settle-note").fill(settlement);
    await caseView.getByTestId("case-settle-submit").click();
    await expect(toastWith(ops, text("en", "dispute_case_saved"))).toBeVisible();

    // Both sides see the settled hours, Daywork's answer, and the worker their earnings: 2 h at 18.
    for (const [page, row] of [
      [boss, bossRow],
      [hand, handRow],
    ] as const) {
      await page.reload();
      await expect(row.getByTestId("timesheet-minutes")).toHaveAttribute("data-minutes", "120");
      await expect(row.getByTestId("timesheet-escalation")).toHaveAttribute("data-outcome", "settled");
      await expect(row.getByTestId("timesheet-escalation")).toContainText(settlement);
    }
    await expect(hand.getByTestId("timesheets-earned")).toContainText("36");

    for (const page of [boss, hand, ops]) await page.context().close();
  });
});
