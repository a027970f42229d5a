/**
 * A return path after signing up or in, confirming or onboarding: a path of this site only, so the link is no
 * open redirect (docs/decisions/053).
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const path = value.trim();
  if (path.length === 0 || path.length > RETURN_PATH_MAX || !path.startsWith("/")) return undefined;
  // Browsers read a backslash as a slash and skip tabs and line breaks inside a URL.
  if (path.startsWith("//") || [...path].some((c) => c === "\\" || c <= "\u001f" || c === "\u007f")) return undefined;
  const base = "https://daywork.invalid";
  try {
    const url = new URL(path, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** The longest return path kept (a job search with its filters fits). */
export const RETURN_PATH_MAX = 2000;
