import { describe, expect, it } from "vitest";

import type { Queryable } from "../../../db/database.ts";
import { SHAPES_KEPT, statementOfShape } from "./prepared-statements.ts";
import { shapeOfSearch } from "./shapes.ts";

describe("statements kept per shape", () => {
  it("are built and prepared once per shape and name, and past SHAPES_KEPT shapes built on each call unprepared", async () => {
    const db = {} as Queryable;
    const prepared: string[] = [];
    let builds = 0;
    const build = () => {
      const built = (builds += 1);
      const execute = async () => [built];
      return {
        execute,
        prepare: (name: string) => {
          prepared.push(name);
          return { execute };
        },
      };
    };
    const shape = (pageSize: number) =>
      shapeOfSearch({ search: { category: "cleaning" }, origin: null, priceEdges: null, pageSize });
    const first = statementOfShape(db, "page", shape(1), build);
    expect(statementOfShape(db, "page", shape(1), build)).toBe(first);
    expect(statementOfShape(db, "count", shape(1), build)).not.toBe(first);
    for (let size = 2; size < SHAPES_KEPT; size++) statementOfShape(db, "page", shape(size), build);
    expect(prepared).toHaveLength(SHAPES_KEPT);
    expect(builds).toBe(SHAPES_KEPT);
    // Full: a new shape is built each time it is asked for and sent unprepared; the kept ones stay.
    expect(await statementOfShape(db, "page", shape(SHAPES_KEPT), build).execute({})).toEqual([SHAPES_KEPT + 1]);
    expect(await statementOfShape(db, "page", shape(SHAPES_KEPT), build).execute({})).toEqual([SHAPES_KEPT + 2]);
    expect(prepared).toHaveLength(SHAPES_KEPT);
    expect(statementOfShape(db, "page", shape(1), build)).toBe(first);
    expect(await first.execute({})).toEqual([1]);
  });
});
