import zlib from "node:zlib";
import { expect, it } from "vitest";

import { pageEncoding, visitorPages, type Page } from "./visitor-pages.ts";

const drawn =
  (html: string, keep = true) =>
  async (): Promise<Page & { keep: boolean }> => ({ status: 200, html, keep });

it("keeps a page for its time, and draws it anew after", async () => {
  const pages = visitorPages(50);
  expect((await pages.get("en /", drawn("one"))).html).toBe("one");
  expect((await pages.get("en /", drawn("two"))).html).toBe("one");
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect((await pages.get("en /", drawn("three"))).html).toBe("three");
});

it("keeps nothing with a time of 0, nor a page not to be kept, nor a failure", async () => {
  const never = visitorPages(0);
  await never.get("en /", drawn("one"));
  expect((await never.get("en /", drawn("two"))).html).toBe("two");

  const pages = visitorPages(60_000);
  await pages.get("en /jobs/1", drawn("not drawn", false));
  expect((await pages.get("en /jobs/1", drawn("drawn"))).html).toBe("drawn");
  await expect(pages.get("en /jobs/2", () => Promise.reject(new Error("the database is away")))).rejects.toThrow();
  expect((await pages.get("en /jobs/2", drawn("back"))).html).toBe("back");
});

it("holds at most its number of pages, giving up the oldest first", async () => {
  const pages = visitorPages(60_000, 2);
  await pages.get("a", drawn("a1"));
  await pages.get("b", drawn("b1"));
  await pages.get("c", drawn("c1"));
  expect((await pages.get("a", drawn("a2"))).html).toBe("a2");
  expect((await pages.get("c", drawn("c2"))).html).toBe("c1");
});

it("compresses a kept page once per encoding", async () => {
  const html = `<main>${"Porter, 3 days. ".repeat(500)}</main>`;
  const page = await visitorPages(60_000).get("en /", drawn(html));
  if (!("encodedFor" in page)) throw new Error("a kept page comes with its encodings");
  const br = page.encodedFor("br")?.bytes;
  if (!br) throw new Error("a kept page comes in brotli");
  expect(page.encodedFor("gzip, br")?.bytes).toBe(br);
  expect(zlib.brotliDecompressSync(br).toString()).toBe(html);
  expect(zlib.gunzipSync(page.encodedFor("gzip")?.bytes ?? Buffer.alloc(0)).toString()).toBe(html);
  expect(br.length).toBeLessThan(html.length / 10);
  expect(page.encodedFor("identity")).toBeNull();
  // A page not kept has none: it goes out as any answer does.
  expect("encodedFor" in (await visitorPages(0).get("en /", drawn(html)))).toBe(false);
});

it("picks the encoding a browser accepts, brotli first", () => {
  expect(pageEncoding("gzip, deflate, br, zstd")).toBe("br");
  expect(pageEncoding("gzip")).toBe("gzip");
  expect(pageEncoding("br;q=0, gzip")).toBe("gzip");
  expect(pageEncoding("x-gzip")).toBe("gzip");
  expect(pageEncoding("*")).toBe("gzip");
  expect(pageEncoding("identity")).toBeNull();
  expect(pageEncoding(undefined)).toBeNull();
});
