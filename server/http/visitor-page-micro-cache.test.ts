import zlib from "node:zlib";
import { expect, it } from "vitest";

import { pageEncoding, visitorPageMicroCache, type Page } from "./visitor-page-micro-cache.ts";

const rendered =
  (html: string, cache = true) =>
  async (): Promise<Page & { cache: boolean }> => ({ status: 200, html, cache });

it("caches a page for its time, and renders it anew after", async () => {
  const pages = visitorPageMicroCache(50);
  expect((await pages.get("en /", rendered("one"))).html).toBe("one");
  expect((await pages.get("en /", rendered("two"))).html).toBe("one");
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect((await pages.get("en /", rendered("three"))).html).toBe("three");
});

it("caches nothing with a time of 0, nor a page not to be cached, nor a failure", async () => {
  const never = visitorPageMicroCache(0);
  await never.get("en /", rendered("one"));
  expect((await never.get("en /", rendered("two"))).html).toBe("two");

  const pages = visitorPageMicroCache(60_000);
  await pages.get("en /jobs/1", rendered("not rendered", false));
  expect((await pages.get("en /jobs/1", rendered("rendered"))).html).toBe("rendered");
  await expect(pages.get("en /jobs/2", () => Promise.reject(new Error("the database is away")))).rejects.toThrow();
  expect((await pages.get("en /jobs/2", rendered("back"))).html).toBe("back");
});

it("holds at most its number of pages, giving up the oldest first", async () => {
  const pages = visitorPageMicroCache(60_000, 2);
  await pages.get("a", rendered("a1"));
  await pages.get("b", rendered("b1"));
  await pages.get("c", rendered("c1"));
  expect((await pages.get("a", rendered("a2"))).html).toBe("a2");
  expect((await pages.get("c", rendered("c2"))).html).toBe("c1");
});

it("compresses a cached page once per encoding", async () => {
  const html = `<main>${"Porter, 3 days. ".repeat(500)}</main>`;
  const page = await visitorPageMicroCache(60_000).get("en /", rendered(html));
  if (!("encodedFor" in page)) throw new Error("a cached page comes with its encodings");
  const br = page.encodedFor("br")?.bytes;
  if (!br) throw new Error("a cached page comes in brotli");
  expect(page.encodedFor("gzip, br")?.bytes).toBe(br);
  expect(zlib.brotliDecompressSync(br).toString()).toBe(html);
  expect(zlib.gunzipSync(page.encodedFor("gzip")?.bytes ?? Buffer.alloc(0)).toString()).toBe(html);
  expect(br.length).toBeLessThan(html.length / 10);
  expect(page.encodedFor("identity")).toBeNull();
  // A page not cached has none: it goes out as any answer does.
  expect("encodedFor" in (await visitorPageMicroCache(0).get("en /", rendered(html)))).toBe(false);
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
