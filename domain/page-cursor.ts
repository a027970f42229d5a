import { z } from "zod";

/**
 * Where the next page of a newest-first list starts: the last row's (created_at, id). `createdAt` keeps
 * Postgres's microseconds as text, because a JavaScript Date would round them to milliseconds and make
 * pages repeat or skip rows created within the same millisecond.
 */
export const pageCursorSchema = z.object({
  createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.guid(),
});
export type PageCursor = z.infer<typeof pageCursorSchema>;
