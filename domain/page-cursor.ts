import { z } from "zod";

import { ERR } from "./errors.ts";
import { uuidSchema } from "./ids.ts";

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** True for a real UTC instant in the cursor's format (no 2024-02-30, no hour 24, no year 0). */
function isRealInstant(text: string): boolean {
  const parts = INSTANT.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/**
 * Keyset cursor of a newest-first list: the last row's (timestamp, id), the timestamp as text because a Date
 * would round Postgres's microseconds and repeat or skip rows. Refused here when it is not one we sent.
 */
export const pageCursorSchema = z.object(
  {
    at: z.string({ error: ERR.cursorInvalid }).refine(isRealInstant, ERR.cursorInvalid),
    id: uuidSchema(ERR.cursorInvalid),
    /** Lists ranked by relevance (a search text) continue after this score, then (at, id). */
    rank: z.number({ error: ERR.cursorInvalid }).finite(ERR.cursorInvalid).optional(),
    /**
     * What a search text that found nothing as written when the list began is read as (its spelling
     * corrected): at most the text's 200 characters, with room for words that grew.
     */
    corrected: z.string({ error: ERR.cursorInvalid }).min(1, ERR.cursorInvalid).max(400, ERR.cursorInvalid).optional(),
    /** A filtered list that matched few jobs when it began: its pages are read by id (server/jobs/search/). */
    few: z.boolean({ error: ERR.cursorInvalid }).optional(),
  },
  { error: ERR.cursorInvalid },
);
export type PageCursor = z.infer<typeof pageCursorSchema>;
