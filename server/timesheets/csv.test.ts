import { describe, expect, it } from "vitest";

import { csvCell, csvDocument } from "./csv.ts";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(7.5)).toBe("7.5");
  });

  it("keeps text that a spreadsheet would run as a formula as text", () => {
    for (const text of ["=1+1", "+7 900", "-2", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(text).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    // Numbers are numbers, whatever their sign.
    expect(csvCell(-2)).toBe("-2");
  });

  it("writes a UTF-8 document with CRLF line ends", () => {
    expect(
      csvDocument([
        ["a", "б"],
        [1, null],
      ]),
    ).toBe("\uFEFFa,б\r\n1,\r\n");
  });
});
