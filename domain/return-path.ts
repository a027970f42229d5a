/**
 * Where a person goes back to after signing up or in, confirming their address and onboarding: a path
 * of this site only (docs/decisions/053). A `redirect` that could leave the site ("//evil.example",
 * "/\evil.example", "https://evil.example", a control character browsers drop) is no return path, so
 * the link cannot be used to send people elsewhere (an open redirect).
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
