import { describe, expect, it } from "vitest";

import {
  counts,
  HOME_FILTER_KEYS,
  HOME_FILTERS,
  type HomeFilterKey,
  type HomeFilters,
  type HomeFilterValue,
} from "../../../domain/home-filters.ts";
import { SEARCH_FILTER_KEYS } from "./search-filters.ts";
import { shapeOfSearch } from "./shapes.ts";

const edges = (from: string, below: string) => [{ currency: "USD", from, below }] as const;

describe("a search's shape", () => {
  it("binds what people choose from many and keeps the few constants in its key", () => {
    const cleaning = shapeOfSearch({
      search: { category: "cleaning", country: "KZ", duration: "2-3" },
      origin: { lat: 1, lng: 2 },
      priceEdges: null,
      pageSize: 20,
    });
    const moving = shapeOfSearch({
      search: { category: "moving", country: "RU", duration: "2-3" },
      origin: { lat: 3, lng: 4 },
      priceEdges: null,
      pageSize: 20,
    });
    expect(moving.key).toBe(cleaning.key);
    expect(moving.values).toEqual({ category: "moving", country: "RU", lat: 3, lng: 4 });
    expect(
      shapeOfSearch({ search: { category: "cleaning", duration: "1" }, origin: null, priceEdges: null, pageSize: 20 }).key,
    ).not.toBe(cleaning.key);
    expect(
      shapeOfSearch({
        search: { category: "cleaning", country: "KZ", duration: "2-3" },
        origin: { lat: 1, lng: 2 },
        priceEdges: null,
        pageSize: 50,
      }).key,
    ).not.toBe(cleaning.key);
  });

  it("binds a price range's edges and a cursor, and keys on which edges a range has", () => {
    const cursor = { at: "2026-11-25T10:00:00.000000Z", id: "00000000-0000-4000-8000-000000000001" };
    const a = shapeOfSearch({
      search: { price: "mid", currency: "USD", cursor },
      origin: null,
      priceEdges: edges("15.00", "25.00"),
      pageSize: 20,
    });
    const b = shapeOfSearch({
      search: { price: "mid", currency: "EUR" },
      origin: null,
      priceEdges: edges("13.02", "21.69"),
      pageSize: 20,
    });
    expect(a.values).toEqual({ currency0: "USD", from0: "15.00", below0: "25.00", at: cursor.at, id: cursor.id });
    expect(b.key).not.toBe(a.key);
    expect(
      shapeOfSearch({
        search: { price: "mid", currency: "EUR", cursor },
        origin: null,
        priceEdges: edges("13.02", "21.69"),
        pageSize: 20,
      }).key,
    ).toBe(a.key);
    expect(
      shapeOfSearch({
        search: { price: "mid", currency: "EUR" },
        origin: null,
        priceEdges: [{ currency: "USD", from: "1", below: null }],
        pageSize: 20,
      }).key,
    ).not.toBe(b.key);
  });
});

describe("a text's shape", () => {
  it("binds the words it is matched by, corrected or not, the text in lower case and a ranked cursor's rank", () => {
    const cursor = { at: "2026-11-25T10:00:00.000000Z", id: "00000000-0000-4000-8000-000000000001", rank: 0.25 };
    const typo = shapeOfSearch({
      search: { q: "Delivry", cursor },
      origin: null,
      priceEdges: null,
      pageSize: 20,
      corrected: "delivery",
    });
    expect(typo.values).toEqual({ words: "delivery", lowered: "delivry", at: cursor.at, id: cursor.id, rank: 0.25 });
    expect(
      shapeOfSearch({ search: { q: "Loader", cursor: { ...cursor, rank: 0.5 } }, origin: null, priceEdges: null, pageSize: 20 })
        .key,
    ).toBe(typo.key);
    expect(shapeOfSearch({ search: { q: "Loader" }, origin: null, priceEdges: null, pageSize: 20 }).key).not.toBe(typo.key);
    expect(shapeOfSearch({ search: {}, origin: null, priceEdges: null, pageSize: 20 }).key).not.toBe(
      shapeOfSearch({ search: { q: "Loader" }, origin: null, priceEdges: null, pageSize: 20 }).key,
    );
  });
});

/** Two values of every home filter: a new filter cannot be added without them. */
const SAMPLES: { [K in HomeFilterKey]: readonly [HomeFilterValue<K>, HomeFilterValue<K>] } = {
  q: ["loader", "mover"],
  category: ["cleaning", "moving"],
  duration: ["1", "2-3"],
  startDate: ["2026-12-01", "2026-12-02"],
  price: ["low", "mid"],
  currency: ["USD", "EUR"],
  country: ["KZ", "RU"],
  cityId: [1, 2],
  lat: [41.3, 43.2],
  lng: [69.2, 76.9],
  km: [5, 50],
};

const everyFilter = Object.fromEntries(HOME_FILTER_KEYS.map((key) => [key, SAMPLES[key][0]])) as HomeFilters;

/** The shape of `search`, its point as resolveOrigin would give it (a city's stands in at (id, 0)). */
function shapeOf(search: HomeFilters) {
  const origin =
    search.cityId !== undefined
      ? { lat: search.cityId, lng: 0 }
      : search.lat !== undefined && search.lng !== undefined
        ? { lat: search.lat, lng: search.lng }
        : null;
  return shapeOfSearch({ search, origin, priceEdges: null, pageSize: 20 });
}

describe("every home filter in a search's shape", () => {
  it.each(HOME_FILTER_KEYS)("%s: two searches differing in it alone differ in their key or bound values", (key) => {
    // The position counts only without a city.
    const base = key === "lat" || key === "lng" ? { ...everyFilter, cityId: undefined } : everyFilter;
    const other = { ...base, [key]: SAMPLES[key][1] };
    expect(counts(base, key) && counts(other, key)).toBe(true);
    const [a, b] = [shapeOf(base), shapeOf(other)];
    expect({ key: a.key, values: a.values }).not.toEqual({ key: b.key, values: b.values });
  });

  it("binds each placeholder filter under its own key and writes the others into the key", () => {
    const shape = shapeOf(everyFilter);
    for (const key of SEARCH_FILTER_KEYS) {
      const value = SAMPLES[key][0];
      if (HOME_FILTERS[key].shape === "placeholder") expect(shape.values[key]).toBe(value);
      else expect(shape.key).toContain(`"${key}":${JSON.stringify(value)}`);
    }
  });
});
