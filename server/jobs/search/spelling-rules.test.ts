import { describe, expect, it } from "vitest";

import { allowedEdits, closeEnough, correctionOf, editDistance } from "./spelling.ts";

// What a typo may be corrected into, without a database (docs/decisions/051).
describe("the edit distance between a typed word and a dictionary word", () => {
  it("counts added, dropped, changed and swapped letters, by code point", () => {
    expect(editDistance("delivry", "delivery")).toBe(1);
    expect(editDistance("курер", "курьер")).toBe(1);
    expect(editDistance("movr", "mover")).toBe(1);
    expect(editDistance("dleivery", "delivery")).toBe(1);
    expect(editDistance("barista", "bar")).toBe(4);
    expect(editDistance("", "bar")).toBe(3);
    expect(editDistance("café", "cafe")).toBe(1);
  });

  it("allows one edit in a short word, two up to seven letters, three beyond", () => {
    expect([3, 4, 5, 7, 8, 12].map(allowedEdits)).toEqual([1, 1, 2, 2, 3, 3]);
  });
});

describe("correcting one typed word", () => {
  it("never corrects barista into bar, nor any word into a much shorter or unlike one", () => {
    expect(closeEnough("barista", "bar")).toBe(false);
    expect(correctionOf({ typed: "barista", known: false, candidates: ["bar", "barn"] })).toBeNull();
    expect(correctionOf({ typed: "coffee", known: false, candidates: ["cofe"] })).toBe("cofe");
    expect(correctionOf({ typed: "festival", known: false, candidates: ["fest"] })).toBeNull();
  });

  it("corrects the typos people make to the nearest word, then the dictionary's order", () => {
    expect(correctionOf({ typed: "delivry", known: false, candidates: ["delivered", "delivery"] })).toBe("delivery");
    expect(correctionOf({ typed: "курер", known: false, candidates: ["курьер", "курс"] })).toBe("курьер");
    expect(correctionOf({ typed: "plumbr", known: false, candidates: ["plumber", "plumbers"] })).toBe("plumber");
  });

  it("keeps a word of the marketplace, or one the dictionary holds, as typed", () => {
    // "barista" names Catering in every language: known, whatever the dictionary offers.
    expect(correctionOf({ typed: "barista", known: true, candidates: ["baristas"] })).toBeNull();
    expect(correctionOf({ typed: "mover", known: false, candidates: ["mover", "movers"] })).toBeNull();
  });
});
