/**
 * A LIKE/ILIKE pattern that finds `text` anywhere: the user's %, _ and \ match themselves, so a search
 * for "100%" is not a wildcard and cannot turn into a scan of every row.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
