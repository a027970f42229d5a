import { describe, expect, it } from "vitest";

import { codeAt, currentCode, isValidCode } from "./code.ts";

// RFC 6238, appendix B: the SHA-256 seed and its 8-digit codes; ours are their last six digits.
const RFC_SEED = Buffer.from("12345678901234567890123456789012", "ascii").toString("hex");

describe("the rotating code", () => {
  it("is TOTP over 30-second steps (RFC 6238 test vectors, SHA-256)", () => {
    const vectors: [number, string][] = [
      [59, "119246"],
      [1111111109, "084774"],
      [1111111111, "062674"],
      [1234567890, "819424"],
      [2000000000, "698825"],
    ];
    for (const [seconds, code] of vectors) expect(codeAt(RFC_SEED, Math.floor(seconds / 30))).toBe(code);
  });

  it("takes the current step's code and the one before, nothing older and nothing ahead", () => {
    const now = new Date("2030-01-01T12:00:10Z");
    const step = Math.floor(now.getTime() / 30_000);
    expect(currentCode(RFC_SEED, now)).toBe(codeAt(RFC_SEED, step));
    expect(isValidCode(RFC_SEED, codeAt(RFC_SEED, step), now)).toBe(true);
    expect(isValidCode(RFC_SEED, codeAt(RFC_SEED, step - 1), now)).toBe(true);
    expect(isValidCode(RFC_SEED, codeAt(RFC_SEED, step - 2), now)).toBe(false);
    expect(isValidCode(RFC_SEED, codeAt(RFC_SEED, step + 1), now)).toBe(false);
    expect(isValidCode(RFC_SEED, "12345", now)).toBe(false);
    // Another job's secret makes other codes.
    expect(codeAt("ab".repeat(32), step)).not.toBe(codeAt(RFC_SEED, step));
  });
});
