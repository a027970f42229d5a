import { z } from "zod";

import { COUNTRY_CODES } from "./countries.ts";
import { ERR } from "./errors.ts";
import { typedText } from "./text.ts";

/** The largest GeoNames id a city can have: ids are stored as Postgres integers. */
const MAX_CITY_ID = 2_147_483_647;

/** A gazetteer city's (GeoNames) id, refused with `message` when it cannot be one. */
export function cityIdSchema(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_CITY_ID, message);
}

/** What the city autocomplete is asked: the typed text, optionally within one country. */
export const citySearchSchema = z.object({
  q: typedText().trim().max(100, ERR.searchTooLong),
  country: z.enum(COUNTRY_CODES, { error: ERR.filterInvalid }).optional(),
});

/** One gazetteer city by its id. */
export const cityRefSchema = z.object({ cityId: cityIdSchema(ERR.notFound) });
