import type { LanguageCode } from "./languages.ts";

/**
 * The data of a page's first screen, written by the server into the HTML it sends (a JSON script
 * element, superjson-encoded) and read by the SPA before it renders, so the list or the job shows
 * from the first response instead of after a second round trip.
 */
export const FIRST_SCREEN_ELEMENT_ID = "first-screen";

/** What the element holds: React Query's dehydrated state, fetched in `language`. */
export type FirstScreen<State> = { language: LanguageCode; state: State };

/**
 * A page whose first screen the server drew (server/http/first-screen-markup.ts) holds it here, inert,
 * until the app replaces it (src/main.tsx).
 */
export const SERVER_DRAWN_SCREEN = "#root > [inert]";

/**
 * The app's own render of a page's first screen, run by the server on the data it read for the page
 * (src/entry-server.tsx, built into the static folder's `.ssr`): the markup inside #root, or null when
 * the page would not show its content (a loader failed, nothing found).
 */
export type FirstScreenRender<State> = (page: { url: string; language: LanguageCode; state: State }) => Promise<string | null>;
