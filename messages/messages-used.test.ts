import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { CATEGORIES } from "../domain/categories.ts";
import { LIMITS } from "../domain/limits.ts";
import { APPLICATION_STATUSES, JOB_STATUSES } from "../domain/statuses.ts";

const en = JSON.parse(readFileSync("messages/en.json", "utf8")) as Record<string, unknown>;
const keys = Object.keys(en).filter((k) => !k.startsWith("$"));

/** The app's own source (tests excluded: a key only a test reads is still unused). */
function sourceText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "paraglide" ? "" : sourceText(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? readFileSync(path, "utf8") : "";
    })
    .join("\n");
}

const ratings = Array.from({ length: LIMITS.ratingMax - LIMITS.ratingMin + 1 }, (_, i) => LIMITS.ratingMin + i);
/** Keys the code builds from a domain list (`translate(\`category_${c}\`)`), so they never appear whole. */
const BUILT_KEYS = new Set([
  ...CATEGORIES.map((c) => `category_${c}`),
  ...JOB_STATUSES.map((s) => `job_status_${s}`),
  ...APPLICATION_STATUSES.map((s) => `applications_status_${s}`),
  ...APPLICATION_STATUSES.map((s) => `my_jobs_application_${s}`),
  ...ratings.map((r) => `review_star_${r}`),
]);

describe("message catalogues hold no dead text", () => {
  it("every message is shown somewhere: named in the code or built from a domain list", () => {
    const code = ["src", "server", "domain", "db"].map(sourceText).join("\n");
    const unused = keys.filter((k) => !BUILT_KEYS.has(k) && !new RegExp(`\\b${k}\\b`).test(code));
    expect(unused).toEqual([]);
  });

  it("every key the code builds from a domain list exists", () => {
    expect([...BUILT_KEYS].filter((k) => typeof en[k] !== "string")).toEqual([]);
  });
});
