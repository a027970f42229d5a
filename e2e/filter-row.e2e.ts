import { expect, test } from "@playwright/test";

import { appTookOver, newPage, text } from "./support.ts";

// The home filters on a desktop stand in rows that never leave one field alone, with no label cut
// (docs/decisions/049); the search box's placeholder fits a phone. In Russian, English and Arabic, the
// languages whose labels were cut before.
test("the desktop filter rows leave no field alone and cut no label; the search placeholder fits a phone", async ({
  browser,
}) => {
  for (const language of ["ru", "en", "ar"]) {
    const page = await newPage(browser, language);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    // Measured once the app has taken over the server's copy, which it replaces (a detached input has no style).
    await appTookOver(page);
    await expect(page.getByTestId("search-input")).toHaveAttribute("placeholder", text(language, "home_search_placeholder"));
    const placeholder = await page.getByTestId("search-input").evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) return { text: 0, room: 0, shown: "" };
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room, shown: `${input.placeholder} ${style.font}` };
    });
    expect(placeholder.text, `${language} placeholder at 375 px: ${placeholder.shown}`).toBeLessThanOrEqual(placeholder.room);

    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // Six fields; seven with a price range and Clear filters; eight with a city and its distance.
      for (const search of ["/", "/?price=mid", "/?cityId=524901&price=mid"]) {
        await page.goto(search);
        await expect(page.getByTestId("search-input")).toHaveAttribute("placeholder", text(language, "home_search_placeholder"));
        const bar = page.getByTestId("filters-bar");
        await expect(bar).toBeVisible();
        const layout = await bar.evaluate((section) => {
          const rows = new Map<number, number>();
          for (const child of section.children) {
            const top = Math.round(child.getBoundingClientRect().top);
            rows.set(top, (rows.get(top) ?? 0) + 1);
          }
          const cut = [...section.querySelectorAll<HTMLElement>("button span:not(.sr-only)")]
            .filter((span) => span.scrollWidth > span.clientWidth + 1)
            .map((span) => span.textContent);
          return { rows: [...rows.values()], cut };
        });
        const where = `${language} ${width} px ${search}`;
        expect(Math.min(...layout.rows), `${where}: rows ${layout.rows.join("+")}`).toBeGreaterThan(1);
        expect(layout.cut, where).toEqual([]);
      }
    }
    await page.close();
  }
});
