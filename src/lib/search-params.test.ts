import { defaultParseSearch, defaultStringifySearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";

import { addressDigits, calendarDay, digits, numberIn, oneOf, returnTo, searchParams, text } from "./search-params.ts";

describe("search parameter readers", () => {
  const read = searchParams({
    q: text(10),
    path: text(100, /^\/(?!\/)/),
    kind: oneOf(["a", "b"]),
    km: oneOf([5, 10]),
    sent: oneOf([true]),
    city: numberIn(1, 100, true),
    lat: numberIn(-90, 90),
    date: calendarDay,
  });

  it("keeps what parses, trimmed", () => {
    expect(
      read({ q: "  cook ", path: "/jobs/1", kind: "b", km: 10, sent: true, city: 7, lat: -33.5, date: "2024-02-29" }),
    ).toEqual({
      q: "cook",
      path: "/jobs/1",
      kind: "b",
      km: 10,
      sent: true,
      city: 7,
      lat: -33.5,
      date: "2024-02-29",
    });
  });

  it("leaves out what does not parse instead of failing the page", () => {
    const search = read({
      q: "x".repeat(11),
      path: "//evil.example",
      kind: "c",
      km: 7,
      sent: "true",
      city: 1.5,
      lat: 91,
      date: "2023-02-29",
      other: "kept out",
    });
    expect(search).toEqual({});
  });

  it("names a key that does not parse as undefined, so the router's raw value cannot show through", () => {
    const search = read({ path: "//evil.example" });
    expect(Object.hasOwn(search, "path")).toBe(true);
    expect({ ...{ path: "//evil.example" }, ...search }.path).toBeUndefined();
  });

  it("reads a return path only within the site", () => {
    const back = searchParams({ redirect: returnTo });
    expect(back({ redirect: "/post-job" }).redirect).toBe("/post-job");
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example/"])
      expect(back({ redirect: bad }).redirect).toBeUndefined();
  });

  it("refuses values of the wrong type", () => {
    expect(read({ q: 5, kind: ["a"], km: "5", city: "7", lat: null, date: 20240101 })).toEqual({});
  });

  it("reads only real calendar days", () => {
    for (const day of ["2023-02-29", "2024-13-01", "2024-04-31", "0000-01-01", "2024-1-01", "2024-01-01T00:00"]) {
      expect(calendarDay(day), day).toBeUndefined();
    }
    expect(calendarDay("0001-01-01")).toBe("0001-01-01");
  });

  it("reads digits written in the address whether the router parsed them as a number or not", () => {
    expect(digits(6)(123456)).toBe("123456");
    expect(digits(6)("012345")).toBe("012345");
    for (const bad of ["12a456", "1234567", -5, 1.5, "", null]) expect(digits(6)(bad), String(bad)).toBeUndefined();
  });

  it("keeps digits in a form the router writes back unquoted", () => {
    // What the router does on load: parse the address, validate, write the address again.
    for (const code of ["123456", "012345", "000000", "100000"]) {
      const parsed = defaultParseSearch(`?code=${code}`);
      const read = addressDigits(6)((parsed as Record<string, unknown>).code);
      expect(String(read)).toBe(code);
      expect(defaultStringifySearch({ code: read })).toBe(`?code=${code}`);
    }
    // An address that came quoted is written back plainly.
    expect(defaultStringifySearch({ code: addressDigits(6)("123456") })).toBe("?code=123456");
    // Plain text of the same digits would be quoted: what the QR link suffered from.
    expect(defaultStringifySearch({ code: "123456" })).toBe("?code=%22123456%22");
    expect(addressDigits(6)("12a456")).toBeUndefined();
  });
});
