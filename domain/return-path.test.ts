import { describe, expect, it } from "vitest";

import { returnPath } from "./return-path.ts";

describe("returnPath", () => {
  it("keeps a path of this site, with its search and hash", () => {
    expect(returnPath("/post-job")).toBe("/post-job");
    expect(returnPath("/jobs/abc?tab=2#apply")).toBe("/jobs/abc?tab=2#apply");
    expect(returnPath(" /my-jobs ")).toBe("/my-jobs");
  });

  it.each([
    "//evil.example/post-job",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "https://evil.example/post-job",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/" + "a".repeat(2000),
  ])("refuses %j, which could leave the site", (value) => {
    expect(returnPath(value)).toBeUndefined();
  });

  it("refuses what is not text", () => {
    expect(returnPath(undefined)).toBeUndefined();
    expect(returnPath(42)).toBeUndefined();
    expect(returnPath(["/post-job"])).toBeUndefined();
  });
});
