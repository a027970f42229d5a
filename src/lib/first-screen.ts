import { hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import superjson from "superjson";

import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from "../../domain/first-screen.ts";
import type { LanguageCode } from "../../domain/languages.ts";

/**
 * Puts the data the server wrote into the page (server/http/spa-page.ts) into the query cache, so the
 * first render shows it. Skipped when the server guessed another language than the one the SPA reads
 * in (place names would be in the wrong one): the page then fetches as usual.
 */
export function hydrateFirstScreen(queryClient: QueryClient, language: LanguageCode): void {
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element?.textContent) return;
  element.remove();
  const screen = superjson.parse<FirstScreen<DehydratedState>>(element.textContent);
  if (screen.language === language) hydrate(queryClient, screen.state);
}
