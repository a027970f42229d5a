import { expect, test, type Page } from "@playwright/test";

import { newAccount, signUpAndOnboard, text } from "./support.ts";

/** A signed-in reader's pages, the elements that are their content (a new worker's lists are empty), and what their loader reads. */
const PAGES = [
  { path: "/", content: ["job-card", "jobs-empty"], reads: "jobs.search", drawn: true },
  { path: "/chats", content: ["chats-list", "chats-empty"], reads: "chats.list", drawn: true },
  { path: "/profile", content: ["profile-view-public"], reads: "ratings.summary", drawn: true },
  { path: "/settings", content: ["settings-links"], reads: "certificates.list", drawn: true },
] as const;

/** Sums the page's layout shifts (not caused by input) and notes whether "Loading jobs…" ever showed, from its very start. */
async function watchFirstScreen(page: Page, loading: string) {
  // A string: the journey's compiled functions may call helpers that the page does not have.
  await page.addInitScript(`(() => {
    const seen = (globalThis.firstScreen = { shift: 0, loadingShown: false });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver(() => {
      if (document.body && document.body.textContent.includes(${JSON.stringify(loading)})) seen.loadingShown = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  })();`);
}

test("a signed-in worker's pages come with their content in the first response, and nothing moves when the app takes over", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: "ru-RU", viewport: { width: 390, height: 844 }, isMobile: true });
  const setup = await context.newPage();
  await signUpAndOnboard(setup, newAccount("worker"), "worker");
  await setup.close();

  for (const { path, content, reads, drawn } of PAGES) {
    // The server's answer itself holds the page's content, drawn (inert until the app replaces it), and
    // the data its loader reads, with the route's code preloaded.
    const html = await (await context.request.get(path, { headers: { "accept-language": "ru" } })).text();
    const drawnContent = new RegExp(`<div inert>[\\s\\S]*data-testid="(${content.join("|")})"`).test(html);
    expect(drawnContent, `${path}: content drawn in the first response`).toBe(drawn);
    const [router, procedure] = reads.split(".");
    expect(html, `${path}: its loader's data in the first response`).toContain(`"queryKey":[["${router}","${procedure}"]`);
    // Preloaded, or on a drawn page named for first-paint.js to preload once the page is painted.
    if (path !== "/")
      expect(html, `${path}: its code named in the page`).toMatch(new RegExp(`/assets/${path.slice(1)}(\\.index)?-[\\w-]+\\.js`));
    if (path === "/settings") {
      // The drawn form shows the reader's values, not empty fields: the name typed at sign-up, and the
      // chosen account type's label in its select.
      const nameInput = /<input[^>]*data-testid="settings-full-name"[^>]*>/.exec(html)?.[0] ?? "";
      expect(nameInput, "/settings: the name in the drawn field").toMatch(/ value="[^"]+"/);
      const typeSelect = /<button[^>]*data-testid="settings-user-type"[^>]*>[\s\S]*?<\/button>/.exec(html)?.[0] ?? "";
      expect(typeSelect, "/settings: the account type in the drawn select").toContain(text("ru", "profile_type_worker"));
    }

    const page = await context.newPage();
    await watchFirstScreen(page, text("ru", "home_loading"));
    const asked: string[] = [];
    page.on("request", (request) => {
      const match = request.url().match(/\/api\/trpc\/([^?]+)/);
      if (match?.[1]) asked.push(...match[1].split(","));
    });
    await page.goto(path);
    // The app's own copy of the page (not the inert one) shows the content.
    const selector = content.map((id) => `#root > :not([inert]) [data-testid="${id}"]`).join(", ");
    await expect(page.locator(selector).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    const seen = await page.evaluate(
      () => (globalThis as unknown as { firstScreen: { shift: number; loadingShown: boolean } }).firstScreen,
    );
    expect(seen.shift, `${path}: layout shift`).toBeLessThan(0.1);
    expect(seen.loadingShown, `${path}: "loading" shown`).toBe(false);
    // What the page's loader reads came with the page: the app did not ask for it again.
    expect(asked, `${path}: asked for again`).not.toContain(reads);
    await page.close();
  }
  await context.close();
});
