import type { Locale } from "../paraglide/runtime.js";

/** One language's compiled messages: each takes its inputs and returns the text. */
type LocaleMessages = Readonly<Record<string, (inputs: Record<string, unknown>) => string>>;

// One chunk per language (docs/decisions/024): the build's message functions read the one loaded here.
const modules = import.meta.glob<LocaleMessages>(["../paraglide/messages/*.js", "!../paraglide/messages/_index.js"]);

let loaded: LocaleMessages | null = null;

/** Fetches the reader's language; the app renders once it is in. */
export async function loadMessages(locale: Locale): Promise<void> {
  const load = modules[`../paraglide/messages/${locale}.js`];
  if (!load) throw new Error(`no messages for ${locale}`);
  // A plain copy: the build's `m` is a Proxy over it, and a module namespace's fixed properties would
  // break a Proxy's invariants.
  loaded = { ...(await load()) };
}

/** The loaded language's messages (the build's `m.*` calls land here). */
export function loadedMessages(): LocaleMessages {
  if (!loaded) throw new Error("messages used before loadMessages() finished");
  return loaded;
}
