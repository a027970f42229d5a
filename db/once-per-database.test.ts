import { describe, expect, it } from "vitest";

import type { Queryable } from "./database.ts";
import { oncePerDatabase } from "./once-per-database.ts";

describe("oncePerDatabase", () => {
  it("builds once for each handle and hands the same thing back after", () => {
    const built: Queryable[] = [];
    const statementOf = oncePerDatabase((db) => {
      built.push(db);
      return { db };
    });
    const one = {} as Queryable;
    const other = {} as Queryable;
    expect(statementOf(one)).toBe(statementOf(one));
    expect(statementOf(other).db).toBe(other);
    expect(built).toEqual([one, other]);
  });
});
