import { textDirection, type LanguageCode } from "../../domain/languages.ts";

// The few pages and e-mails the server writes itself (the unsubscribe page, mails, the dev inbox):
// every value from outside goes through `escapeHtml`.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const PAGE_STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f7f9; color: #1f2937; }
  main { max-width: 32rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  p { line-height: 1.5; }
  button { font: inherit; padding: 0.625rem 1.25rem; border: 0; border-radius: 0.5rem; background: #2563eb; color: #fff; cursor: pointer; }
  a { color: #2563eb; }
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
