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
 * A page whose first screen the server rendered (server/http/first-screen-markup.ts) holds it here,
 * inert, until the app replaces it (src/main.tsx).
 */
export const SERVER_RENDERED_SCREEN = "#root > [inert]";

/**
 * The route components a visitor's first visit lands on: home, and a shared job link (their code-split
 * chunks as Vite's manifest names them). Their messages come with the first part of the language, so
 * such a page waits for none of the rest (docs/decisions/052).
 */
export const LANDING_PAGES = ["src/routes/index.tsx?tsr-split=component", "src/routes/jobs/$jobId.tsx?tsr-split=component"];

/** Who a page is for: a visitor's page is the same for every visitor reading in its language. */
export type Reader = "visitor" | "member";

/** What a shared link's preview says (the routes' `head`): its description, canonical path and Open Graph type. */
export type SharePreview = { description: string; path: string; type: "website" | "profile" };

/** A page's head as its routes give it: a title (null: the site's name alone), and a preview when it is shared. */
export type PageHead = { title: string | null; share: SharePreview | null };

/** What the app's route loaders read for a page on the server, and how it is answered. */
export type LoadedPage<State> = {
  /** The query cache after the matched routes' loaders ran (what the SPA starts from). */
  state: State;
  /** The routes the address matched (TanStack Router ids: "/_authed/chats/"), empty when a loader redirected. */
  routeIds: string[];
  /** 404 when a route's loader found nothing to show (TanStack Router's notFound()). */
  status: 200 | 404;
  head: PageHead;
  /** Whether the page loaded and its route asks for server-side rendering for this reader. */
  serverRendered: boolean;
  /** The first screen's markup (when `serverRendered`). */
  render: () => string;
};

/**
 * The app's route loaders run on the server (src/entry-server.tsx, built into the static folder's `.ssr`):
 * `trpc` calls the procedures in-process with the reader's session, for the query client the render makes.
 */
export type FirstScreenLoad<State, QueryClient, Trpc> = (page: {
  url: string;
  language: LanguageCode;
  reader: Reader;
  trpc: (queryClient: QueryClient) => Trpc;
}) => Promise<LoadedPage<State>>;
