/**
 * The home page's filters, in one list: each filter's key (the same in the address, the search
 * procedure and a saved search), how it is read from an address, how the server's search statement
 * takes it, which chip shows it and what it depends on. The schema (job-filters.ts), the home route's
 * reader, the filter bar's chips, saved searches and the server's shape key all follow this list; see
 * docs/architecture.md, "Adding a home filter". No validation library: the first screen reads it.
 */

import { CATEGORIES } from "./categories.ts";
import { COUNTRY_CODES } from "./countries.ts";
import { PROFILE_CURRENCIES } from "./currencies.ts";
import {
  DISTANCES_KM,
  DURATION_FILTER_KEYS,
  LEGACY_PRICE_FILTER_KEYS,
  PRICE_FILTER_KEYS,
  type DistanceKm,
  type PriceFilterKey,
} from "./job-filter-choices.ts";
import { calendarDay, numberIn, oneOf, text, type Param } from "./url-readers.ts";

/** A chip the home page shows for chosen filters and takes back with one click; "place" is the point with its distance. */
export type HomeFilterChip = "category" | "duration" | "date" | "price" | "country" | "place";

/** When a filter counts (it is dropped otherwise), named in HOME_FILTER_CONDITIONS below. */
type Condition = "rangedPrice" | "position" | "point";

type HomeFilter<T, Input = T> = {
  /** What the search procedure's callers may send (type only): `T`, or more where older values are still read. */
  input?: Input;
  /** Reads the value from an address or a procedure's input; undefined when absent or not parsing. */
  read: Param<T>;
  /**
   * How the server's search statement takes the value: bound as a placeholder (values picked from many:
   * one prepared statement serves them all) or written into the shape key (choices among a few constants).
   */
  shape: "placeholder" | "key";
  /** The chip that shows it; none for the text, which has the search box. */
  chip?: HomeFilterChip;
  /** Counts only when this holds; dropped otherwise. */
  when?: Condition;
  /** Not in the address: the app supplies it (the reader's currency, docs/decisions/022). */
  notInUrl?: true;
};

/** A price bracket; a link or saved search from before the brackets (`under-15`) reads as today's in the same place. */
const priceBracket: Param<PriceFilterKey> = (raw) =>
  oneOf(PRICE_FILTER_KEYS)(raw) ??
  (typeof raw === "string" && raw in LEGACY_PRICE_FILTER_KEYS
    ? LEGACY_PRICE_FILTER_KEYS[raw as keyof typeof LEGACY_PRICE_FILTER_KEYS]
    : undefined);

type Shape = HomeFilter<unknown>["shape"];
/** A filter the server binds as a placeholder, or one it writes into the shape key, with its shape as a type. */
const filter =
  <S extends Shape>(shape: S) =>
  <T, Input = T>(spec: Omit<HomeFilter<T, Input>, "shape">): HomeFilter<T, Input> & { shape: S } => ({ ...spec, shape });
const bound = filter("placeholder");
const keyed = filter("key");

/**
 * The list. Order is the order of the chips. The place is a point (a gazetteer city or the browser's
 * position, never both: the city wins) with a distance around it; `currency` is the one the reader
 * reads price brackets in, and only matters with a range.
 */
export const HOME_FILTERS = {
  q: bound({ read: text(200) }),
  category: bound({ read: oneOf(CATEGORIES), chip: "category" }),
  duration: keyed({ read: oneOf(DURATION_FILTER_KEYS), chip: "duration" }),
  startDate: bound({ read: calendarDay, chip: "date" }),
  price: keyed<PriceFilterKey, PriceFilterKey | keyof typeof LEGACY_PRICE_FILTER_KEYS>({ read: priceBracket, chip: "price" }),
  currency: keyed({ read: oneOf(PROFILE_CURRENCIES), when: "rangedPrice", notInUrl: true }),
  country: bound({ read: oneOf(COUNTRY_CODES), chip: "country" }),
  cityId: bound({ read: numberIn(1, 2 ** 31 - 1, true), chip: "place" }),
  lat: bound({ read: numberIn(-90, 90), chip: "place", when: "position" }),
  lng: bound({ read: numberIn(-180, 180), chip: "place", when: "position" }),
  km: keyed<DistanceKm, number>({ read: oneOf(DISTANCES_KM), chip: "place", when: "point" }),
};

export type HomeFilterKey = keyof typeof HOME_FILTERS;
export type HomeFilterValue<K extends HomeFilterKey> = (typeof HOME_FILTERS)[K] extends HomeFilter<infer T, infer _> ? T : never;
export type HomeFilterInput<K extends HomeFilterKey> = (typeof HOME_FILTERS)[K] extends HomeFilter<infer _, infer I> ? I : never;
/** Chosen home filters by key; what the search procedure takes (as JobFilters) and a saved search keeps. */
export type HomeFilters = { [K in HomeFilterKey]?: HomeFilterValue<K> };

/** The filters the server's search shape binds as placeholders; the others are written into its key. */
export type PlaceholderFilterKey = {
  [K in HomeFilterKey]: (typeof HOME_FILTERS)[K]["shape"] extends "placeholder" ? K : never;
}[HomeFilterKey];

export const HOME_FILTER_KEYS = Object.keys(HOME_FILTERS) as HomeFilterKey[];

const HOME_FILTER_CONDITIONS: Record<Condition, (filters: HomeFilters) => boolean> = {
  rangedPrice: (f) => f.price !== undefined && f.price !== "negotiable",
  position: (f) => f.cityId === undefined && f.lat !== undefined && f.lng !== undefined,
  point: (f) => f.cityId !== undefined || HOME_FILTER_CONDITIONS.position(f),
};

/** Whether `key` has a value in `filters` that counts (not blank, and its condition holds). */
export function counts(filters: HomeFilters, key: HomeFilterKey): boolean {
  const value = filters[key];
  if (value === undefined || value === "") return false;
  const when = HOME_FILTERS[key].when;
  return when === undefined || HOME_FILTER_CONDITIONS[when](filters);
}

/** The filters that count, in the list's order; any other key and blank or dependent-without-basis value dropped. */
export function homeFilters(filters: HomeFilters): HomeFilters {
  const kept: Record<string, unknown> = {};
  for (const key of HOME_FILTER_KEYS) if (counts(filters, key)) kept[key] = filters[key];
  return kept as HomeFilters;
}

/** The keys older links used in the address, read as their filters and written no more. */
const FORMER_URL_KEYS = { date: "startDate", city: "cityId" } as const satisfies Record<string, HomeFilterKey>;
type FormerUrlKey = keyof typeof FORMER_URL_KEYS;

/** The home filters an address carries (not the currency: the app supplies the reader's). */
export type UrlHomeFilters = Omit<HomeFilters, "currency"> & { [K in FormerUrlKey]?: undefined };

/**
 * The home filters in a page's address, as the route's `validateSearch` reads them: every key set (a
 * value that does not parse is undefined, docs/decisions/053), a former key (`city=`) read as its
 * filter and set to undefined so the app writes the new one.
 */
export function readHomeFilterSearch(search: Record<string, unknown>): UrlHomeFilters {
  const raw = { ...search };
  const read: Record<string, unknown> = {};
  for (const [former, key] of Object.entries(FORMER_URL_KEYS)) {
    raw[key] ??= raw[former];
    read[former] = undefined;
  }
  for (const key of HOME_FILTER_KEYS) {
    const spec: HomeFilter<unknown> = HOME_FILTERS[key];
    if (!spec.notInUrl) read[key] = spec.read(raw[key]);
  }
  return read as UrlHomeFilters;
}

/** The address of the home page for `filters` (a saved search's): the ones the address carries. */
export function homeFilterSearch(filters: HomeFilters): UrlHomeFilters {
  const { currency: _currency, ...inUrl } = homeFilters(filters);
  return inUrl;
}

/** The chips of the chosen filters, in the list's order, each once. */
export function chosenChips(filters: HomeFilters): HomeFilterChip[] {
  const chips = new Set<HomeFilterChip>();
  for (const key of HOME_FILTER_KEYS) {
    const chip = HOME_FILTERS[key].chip;
    if (chip !== undefined && counts(filters, key)) chips.add(chip);
  }
  return [...chips];
}

/** The filters without those of `chip` ("place" takes the point and the distance). */
export function withoutChip<F extends HomeFilters>(filters: F, chip: HomeFilterChip): F {
  const next: Record<string, unknown> = { ...filters };
  for (const key of HOME_FILTER_KEYS) if (HOME_FILTERS[key].chip === chip) next[key] = undefined;
  return next as F;
}

/** The filters without any that has a chip: the text kept, every chosen filter cleared. */
export function withoutChips<F extends HomeFilters>(filters: F): F {
  const next: Record<string, unknown> = { ...filters };
  for (const key of HOME_FILTER_KEYS) if (HOME_FILTERS[key].chip !== undefined) next[key] = undefined;
  return next as F;
}
