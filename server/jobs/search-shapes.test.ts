import { describe, expect, it } from "vitest";

import type { Queryable } from "../../db/database.ts";
import { shapeOfSearch, SHAPES_KEPT, statementOfShape } from "./search-shapes.ts";

const edges = (from: string, below: string) => [{ currency: "USD", from, below }] as const;

describe("a search's shape", () => {
  it("binds what people choose from many and keeps the few constants in its key", () => {
    const cleaning = shapeOfSearch({ category: "cleaning", country: "KZ", duration: "2-3" }, { lat: 1, lng: 2 }, null, 20);
    const moving = shapeOfSearch({ category: "moving", country: "RU", duration: "2-3" }, { lat: 3, lng: 4 }, null, 20);
    expect(moving.key).toBe(cleaning.key);
    expect(moving.values).toEqual({ category: "moving", country: "RU", lat: 3, lng: 4 });
    expect(shapeOfSearch({ category: "cleaning", duration: "1" }, null, null, 20).key).not.toBe(cleaning.key);
    expect(shapeOfSearch({ category: "cleaning", country: "KZ", duration: "2-3" }, { lat: 1, lng: 2 }, null, 50).key).not.toBe(
      cleaning.key,
    );
  });

  it("binds a price range's edges and a cursor, and keys on which edges a range has", () => {
    const cursor = { at: "2026-11-25T10:00:00.000000Z", id: "00000000-0000-4000-8000-000000000001" };
    const a = shapeOfSearch({ price: "mid", currency: "USD", cursor }, null, edges("15.00", "25.00"), 20);
    const b = shapeOfSearch({ price: "mid", currency: "EUR" }, null, edges("13.02", "21.69"), 20);
    expect(a.values).toEqual({ currency0: "USD", from0: "15.00", below0: "25.00", at: cursor.at, id: cursor.id });
    expect(b.key).not.toBe(a.key);
    expect(shapeOfSearch({ price: "mid", currency: "EUR", cursor }, null, edges("13.02", "21.69"), 20).key).toBe(a.key);
    expect(
      shapeOfSearch({ price: "mid", currency: "EUR" }, null, [{ currency: "USD", from: "1", below: null }], 20).key,
    ).not.toBe(b.key);
  });
});

describe("a text's shape", () => {
  it("binds the words it is matched by, corrected or not, the text in lower case and a ranked cursor's rank", () => {
    const cursor = { at: "2026-11-25T10:00:00.000000Z", id: "00000000-0000-4000-8000-000000000001", rank: 0.25 };
    const typo = shapeOfSearch({ q: "Delivry", cursor }, null, null, 20, "delivery");
    expect(typo.values).toEqual({ words: "delivery", lowered: "delivry", at: cursor.at, id: cursor.id, rank: 0.25 });
    expect(shapeOfSearch({ q: "Loader", cursor: { ...cursor, rank: 0.5 } }, null, null, 20).key).toBe(typo.key);
    expect(shapeOfSearch({ q: "Loader" }, null, null, 20).key).not.toBe(typo.key);
    expect(shapeOfSearch({}, null, null, 20).key).not.toBe(shapeOfSearch({ q: "Loader" }, null, null, 20).key);
  });
});

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
    const shape = (pageSize: number) => shapeOfSearch({ category: "cleaning" }, null, null, pageSize);
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
