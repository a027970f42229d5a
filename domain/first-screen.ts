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

/** What the app's loaders read for a signed-in reader's page on the server, and the page drawn from it. */
export type LoadedFirstScreen<State> = {
  /** The query cache after the page's loaders ran (what the SPA starts from). */
  state: State;
  /** The routes the address matched (TanStack Router ids: "/_authed/chats/"), empty when the page did not load. */
  routeIds: string[];
  /** The page's first screen, when it was asked for and the page loaded; else null. */
  markup: string | null;
};

/**
 * The app's route loaders run on the server for a reader (src/entry-server.tsx): `trpc` calls the
 * procedures in-process with the reader's session, for the query client the render makes.
 */
export type FirstScreenLoad<State, QueryClient, Trpc> = (page: {
  url: string;
  language: LanguageCode;
  trpc: (queryClient: QueryClient) => Trpc;
  draw: boolean;
}) => Promise<LoadedFirstScreen<State>>;
