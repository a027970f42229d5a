import { expect, test, type Browser, type Page } from "@playwright/test";

import { newAccount, postJob, signUpAndOnboard, startInLanguage, text } from "./support.ts";

// No page of the main journeys scrolls sideways on a small phone (320 and 375 px wide), in Russian,
// Arabic (right to left) and Chinese (no spaces to wrap at), with the long texts real people write:
// a long street address, a title with a word longer than the screen, a hyphenated double name, a
// company with quotes, a chat message with a link. Each page also names itself in the tab's title.

const LONG = {
  employerName: "Александра-Виктория Константинопольская-Щедрина",
  company: "Кафе «Берёзка» — Санкт-Петербургское представительство",
  workerName: "Maximilian-Alexander Wolfeschlegelsteinhausen-Bergerdorff",
  title: "Официант на банкет «Берёзка»: Санкт-Петербургскийресторанныйкомплекс, Выборгская набережная 61",
  district: "Выборгская набережная 61",
  address: "Санкт-Петербург, Выборгская набережная 61, корпус 2, литера А, помещение 14-Н, вход со двора",
  skill: "электрогазосварщик-высотник",
  message:
    "Здравствуйте! Вот схема проезда: https://example.com/maps/saint-petersburg/vyborgskaya-naberezhnaya-61/korpus-2/litera-a/entrance-from-the-yard",
};

const LOCALES = ["ru", "ar", "zh"] as const;
const WIDTHS = [320, 375] as const;

type Setup = { employer: Page; visitor: Page; jobId: string; employerId: string };

/** Where a page is wider than the screen: the widest elements that stick out, for the failure message. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const sticksOut = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > root.clientWidth + 0.5 || box.left < -0.5);
    };
    // The innermost boxes that stick out: what widens the page, not every ancestor it widens.
    const outside = [...document.querySelectorAll("body *")]
      .filter((el) => sticksOut(el) && ![...el.children].some(sticksOut))
      .slice(0, 4)
      .map(
        (el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">${(el.textContent ?? "").slice(0, 60)}`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside };
  });
}

/** Opens `path` in `locale` and waits until its data is on screen. */
async function open(page: Page, locale: string, path: string) {
  if (!page.url().startsWith("http")) await page.goto("/");
  await page.evaluate((l) => localStorage.setItem("language", l), locale);
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("main").first()).toBeVisible();
  // Nothing still loading (skeletons, spinners).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function setUp(browser: Browser): Promise<Setup> {
  const employer = await (await browser.newContext()).newPage();
  const worker = await (await browser.newContext()).newPage();
  const visitor = await (await browser.newContext()).newPage();
  for (const page of [employer, worker, visitor]) await startInLanguage(page, "en");
  const boss = { ...newAccount("employer"), name: LONG.employerName };
  const hand = { ...newAccount("worker"), name: LONG.workerName };
  await signUpAndOnboard(employer, boss, "employer", { company: LONG.company });
  await signUpAndOnboard(worker, hand, "worker");
  const jobId = await postJob(employer, {
    title: LONG.title,
    city: "Saint Petersburg",
    district: LONG.district,
    address: LONG.address,
    skill: LONG.skill,
    workers: 2,
    description: `${LONG.address}. ${LONG.message}`,
  });
  const employerId = (await employer.getByTestId("job-employer").locator("a").getAttribute("href"))?.split("/").pop() ?? "";
  expect(employerId).not.toBe("");

  // The worker applies, is hired, and writes in the job's chat.
  await worker.goto(`/jobs/${jobId}`);
  await worker.getByTestId("apply-message").fill(LONG.message);
  await worker.getByTestId("apply-button").click();
  await expect(worker.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
  await employer.goto(`/jobs/${jobId}/applications`);
  await employer.getByTestId("application-accept").click();
  await expect(employer.getByTestId("application-status")).toHaveText(text("en", "applications_status_accepted"));
  await worker.goto(`/jobs/${jobId}/chat`);
  await worker.getByTestId("chat-composer-input").fill(LONG.message);
  await worker.getByTestId("chat-send").click();
  await expect(worker.getByTestId("chat-message-text")).toHaveCount(1);
  await worker.context().close();
  return { employer, visitor, jobId, employerId };
}

test.describe.serial("pages fit a small phone's width", () => {
  test.describe.configure({ timeout: 300_000 });
  let setup: Setup;
  test.beforeAll(async ({ browser }) => {
    setup = await setUp(browser);
  });

  test("no page of the main journeys scrolls sideways at 320 and 375 px, in Russian, Arabic and Chinese", async () => {
    const { employer, visitor, jobId, employerId } = setup;
    const signedIn = [
      "/",
      `/jobs/${jobId}`,
      "/post-job",
      "/my-jobs",
      `/jobs/${jobId}/applications`,
      `/jobs/${jobId}/chat`,
      "/chats",
      "/profile",
      "/settings",
      "/payouts",
      `/profile/${employerId}`,
    ];
    const signedOut = ["/auth", `/jobs/${jobId}`, `/profile/${employerId}`];
    const failures: string[] = [];
    for (const locale of LOCALES) {
      for (const [page, paths] of [
        [employer, signedIn],
        [visitor, signedOut],
      ] as const) {
        for (const path of paths) {
          // Opened once per language, then measured at each width: a resize lays the page out again.
          await page.setViewportSize({ width: WIDTHS[0], height: 800 });
          await open(page, locale, path);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            const overflow = await sidewaysOverflow(page);
            if (overflow) failures.push(`${path} in ${locale} at ${width}px: ${JSON.stringify(overflow)}`);
          }
          // The tab says which page this is, not only the site's name.
          const title = await page.title();
          if (!/ · Daywork$/.test(title)) failures.push(`${path} in ${locale}: title "${title}"`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test("long words wrap inside their box on the job page, and ordinary words stay whole", async () => {
    const page = setup.visitor;
    await page.setViewportSize({ width: 320, height: 800 });
    await open(page, "ru", `/jobs/${setup.jobId}`);
    const title = page.getByTestId("job-title");
    await expect(title).toContainText("Санкт-Петербургскийресторанныйкомплекс");
    // The title's box stays within the screen, its long word broken inside it.
    const right = await title.evaluate((el) => el.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(320);
    await expect(page).toHaveTitle(`${LONG.title} · Daywork`);
    // No word of the place or the facts' labels is cut in the middle (a word longer than a line may be).
    for (const testId of ["job-location", "job-duration", "job-posted"]) {
      const fact = page.getByTestId(testId).locator("xpath=..");
      const brokenWord = await fact.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? "").matchAll(/[\p{L}\d]+/gu)) {
            if (match[0].length > 14) continue;
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) return match[0];
          }
        }
        return null;
      });
      expect(brokenWord, testId).toBeNull();
    }
  });

  test("a missing page or job answers 404 and still shows the app's own not-found page", async () => {
    const page = setup.visitor;
    await page.evaluate(() => localStorage.setItem("language", "en"));
    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText(text("en", "not_found_title"))).toBeVisible();
    await expect(page).toHaveTitle(`${text("en", "not_found_title")} · Daywork`);
    const job = await page.goto("/jobs/00000000-0000-4000-8000-000000000000");
    expect(job?.status()).toBe(404);
    await expect(page.getByTestId("job-not-found")).toBeVisible();
    await expect(page).toHaveTitle(`${text("en", "error_job_not_found")} · Daywork`);
    // A real job's page is a 200 whose HTML already names the job for link previews.
    const shared = await page.goto(`/jobs/${setup.jobId}`);
    expect(shared?.status()).toBe(200);
    expect(await shared?.text()).toContain(`<meta property="og:url" content="http://localhost:`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", LONG.title);
  });

  test("in the Arabic chat a Russian message reads from the left, in a bubble placed by who sent it", async () => {
    const page = setup.employer;
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, "ar", `/jobs/${setup.jobId}/chat`);
    const message = page.getByTestId("chat-message").filter({ hasText: "Здравствуйте" });
    await expect(message).toHaveAttribute("data-own", "false");
    const text = message.getByTestId("chat-message-text");
    await expect(text).toHaveJSProperty("dir", "auto");
    const { direction, align, textLeft, boxLeft, boxRight, pageWidth } = await text.evaluate((el) => {
      const style = getComputedStyle(el);
      const range = document.createRange();
      range.selectNodeContents(el);
      const first = range.getClientRects()[0];
      const box = el.getBoundingClientRect();
      return {
        direction: style.direction,
        align: style.textAlign,
        textLeft: first?.left ?? 0,
        boxLeft: box.left,
        boxRight: box.right,
        pageWidth: document.documentElement.clientWidth,
      };
    });
    expect(direction).toBe("ltr");
    expect(align).toBe("start");
    // Its first line starts at the bubble's left edge...
    expect(Math.abs(textLeft - boxLeft)).toBeLessThan(2);
    // ...and someone else's bubble sits on the right, where the Arabic page starts.
    expect(boxRight).toBeGreaterThan(pageWidth / 2);
  });
});
