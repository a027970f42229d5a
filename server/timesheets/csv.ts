/**
 * CSV as RFC 4180 writes it (comma, CRLF, quotes doubled inside quoted cells), made safe to open in a
 * spreadsheet: a text cell starting with = + - @ (or a tab or carriage return) is prefixed with an
 * apostrophe, so a worker named "=HYPERLINK(…)" stays a name and never becomes a formula (OWASP's CSV
 * injection advice). Numbers are written as they are.
 */

/** One cell: null is empty. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The document: rows of cells, CRLF line ends, and a byte-order mark first so that spreadsheet programs
 * read it as UTF-8 (names in Cyrillic, Arabic or Chinese).
 */
export function csvDocument(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
