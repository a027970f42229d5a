import { textDirection, type LanguageCode } from "../../domain/languages.ts";

// The few pages and e-mails the server writes itself (the unsubscribe page, mails, the dev inbox):
// every value from outside goes through `escapeHtml`.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * The brand's primary green (src/styles.css `--color-primary`, oklch(0.52 0.115 172)) in hex, as mail
 * clients read no oklch: the buttons of mails and of these pages. White text on it is 5.1:1 (WCAG AA).
 */
export const BRAND_COLOR = "#007d61";

const PAGE_STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f7f9; color: #1f2937; }
  main { max-width: 32rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  p { line-height: 1.5; }
  button { font: inherit; padding: 0.625rem 1.25rem; border: 0; border-radius: 0.5rem; background: ${BRAND_COLOR}; color: #fff; cursor: pointer; }
  a { color: ${BRAND_COLOR}; }
`;

/** A small standalone page in a language (its direction set), with `body` already escaped HTML. */
export function htmlPage(language: LanguageCode, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Daywork</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
