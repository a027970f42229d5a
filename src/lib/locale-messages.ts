import type { Locale } from "../paraglide/runtime.js";

/** One language's compiled messages: each takes its inputs and returns the text. */
type LocaleMessages = Readonly<Record<string, (inputs: Record<string, unknown>) => string>>;

// Each language in two chunks (docs/decisions/024, scripts/vite-locale-messages.ts): what the first
// screen shows, and the rest. The build's message functions read the table filled here. In the dev
// server both are paraglide's whole module.
const firstScreen = import.meta.glob<LocaleMessages>(["../paraglide/messages/*.js", "!../paraglide/messages/_index.js"]);
const rest = import.meta.glob<LocaleMessages>(["../paraglide/messages/*.js", "!../paraglide/messages/_index.js"], {
  query: "?rest",
});

// The loaded messages, one table filled in two steps. A plain object: the build's `m` is a Proxy over
// it, and a module namespace's fixed properties would break a Proxy's invariants.
const table: Record<string, LocaleMessages[string]> = {};
let firstLoaded = false;
let loadedLocale: Locale | null = null;
let restOfMessages: Promise<void> | null = null;

function moduleOf(modules: Record<string, () => Promise<LocaleMessages>>, locale: Locale) {
  const load = modules[`../paraglide/messages/${locale}.js`];
  if (!load) throw new Error(`no messages for ${locale}`);
  return load;
}

/** Fetches the reader's language, as much of it as the first screen shows; the app renders once it is in. */
export async function loadMessages(locale: Locale): Promise<void> {
  loadedLocale = locale;
  Object.assign(table, await moduleOf(firstScreen, locale)());
  firstLoaded = true;
}

/**
 * Fetches the rest of the reader's language, once (again after a failure). Chunks loaded later that
 * show messages wait for it before they run (the build puts the call at their top); the app asks for it
 * at start on pages other than home, and when idle on home.
 */
export function loadRestOfMessages(): Promise<void> {
  if (!loadedLocale) return Promise.reject(new Error("messages used before loadMessages() started"));
  restOfMessages ??= moduleOf(rest, loadedLocale)().then(
    (more) => void Object.assign(table, more),
    (error: unknown) => {
      restOfMessages = null;
      throw error;
    },
  );
  return restOfMessages;
}

(globalThis as Record<symbol, unknown>)[Symbol.for("daywork.loadRestOfMessages")] = loadRestOfMessages;

/** The loaded language's messages (the build's `m.*` calls land here). */
export function loadedMessages(): LocaleMessages {
  if (!firstLoaded) throw new Error("messages used before loadMessages() finished");
  return table;
}
