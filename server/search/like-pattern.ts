/**
 * A LIKE/ILIKE pattern that finds `text` anywhere: the user's %, _ and \ match themselves, so a search
 * for "100%" is not a wildcard and cannot turn into a scan of every row.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** True for a canonical UUID; other ids cannot name a row, and casting them would be a database error. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
