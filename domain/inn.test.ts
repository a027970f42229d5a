import { describe, expect, it } from "vitest";

import { isOrganisationInn, isPersonalInn, personalInnSchema } from "./inn.ts";

describe("isPersonalInn", () => {
  // Valid personal numbers (check digits worked out by hand).
  it.each(["500100732259", "773370857141", "366316608346"])("accepts %s", (inn) => {
    expect(isPersonalInn(inn)).toBe(true);
  });

  it("refuses a wrong 11th or 12th check digit", () => {
    expect(isPersonalInn("500100732269")).toBe(false);
    expect(isPersonalInn("500100732258")).toBe(false);
  });

  it("refuses other lengths, non-digits, zeros and an organisation's number", () => {
    for (const inn of ["", "50010073225", "5001007322590", "50010073225x", "000000000000", "7707083893", " 500100732259"]) {
      expect(isPersonalInn(inn)).toBe(false);
    }
  });

  it("catches every single-digit typo of a valid number", () => {
    const valid = "500100732259";
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const typo = `${valid.slice(0, i)}${d}${valid.slice(i + 1)}`;
        // The two check digits together catch every substitution in this number (mod 11 then mod 10
        // lets a rare typo through in general, so this is a property of the sample, not a proof).
        expect(isPersonalInn(typo), typo).toBe(false);
      }
    }
  });
});

describe("isOrganisationInn", () => {
  it("accepts a valid 10-digit number and refuses a wrong check digit", () => {
    expect(isOrganisationInn("7707083893")).toBe(true);
    expect(isOrganisationInn("7707083894")).toBe(false);
    expect(isOrganisationInn("0000000000")).toBe(false);
    expect(isOrganisationInn("500100732259")).toBe(false);
  });
});

describe("personalInnSchema", () => {
  it("drops spaces and refuses what is not a person's number", () => {
    expect(personalInnSchema.parse("5001 0073 2259")).toBe("500100732259");
    expect(personalInnSchema.safeParse("7707083893").success).toBe(false);
    expect(personalInnSchema.safeParse(500100732259).success).toBe(false);
  });
});
