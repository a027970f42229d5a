import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { TRPCError } from "@trpc/server";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import superjson from "superjson";

import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from "../../domain/first-screen.ts";
import { jobIdSchema, userIdSchema } from "../../domain/ids.ts";
import { textDirection, type LanguageCode } from "../../domain/languages.ts";
import { m } from "../i18n/paraglide/messages.js";
import { pageLanguage } from "../i18n/request-language.ts";
import { mayCarrySession } from "../session/session-user.ts";
import { createContext, type ContextDeps } from "../trpc/context.ts";
import { appRouter } from "../trpc/router.ts";
import { FIRST_PAINT_SCRIPT, firstScreenMarkup, LOW_PRIORITY } from "./first-screen-markup.ts";
import { escapeHtml } from "./html.ts";
import { isSpaPage } from "./page-paths.ts";
import {
  homeShareMeta,
  jobShareMeta,
  plainHead,
  profileShareMeta,
  shareHead,
  type SharedJob,
  type SharedProfile,
} from "./share-meta.ts";
import { visitorPages, type KeptPage, type Page } from "./visitor-pages.ts";
import { importsOf, type Manifest } from "./vite-manifest.ts";

/** The pages whose own data the server puts in, and the code-split chunk each renders with. */
const HOME = { pattern: /^\/$/, chunk: "src/routes/index.tsx?tsr-split=component" };
const JOB = { pattern: /^\/jobs\/([^/]+)\/?$/, chunk: "src/routes/jobs/$jobId.tsx?tsr-split=component" };
const PROFILE = { pattern: /^\/profile\/([^/]+)\/?$/, chunk: "src/routes/profile.$profileId.tsx?tsr-split=component" };

/**
 * A signed-in reader's pages drawn by the server as well as loaded (decision 052): the home list, the
 * pages people open from a bookmark or a notification, and /settings, whose form writes each value in
 * its markup (an input's `defaultValue`, a select's chosen label). Others of theirs come with their data
 * and code: a form that takes its values in the browser only (react-hook-form's uncontrolled inputs)
 * would show empty fields until the app replaced it.
 */
const DRAWN_FOR_MEMBERS = /^\/(?:chats|profile|settings)?\/?$/;

/**
 * Pages whose loaders act rather than read (verify-email confirms the address with better-auth's client)
 * or read nothing of the reader's: their loaders run in the browser only.
 */
const LOADERS_IN_BROWSER_ONLY = /^\/(?:auth|forgot-password|reset-password|verify-email|terms|privacy|impressum)\/?$/;

type SpaPageDeps = { staticDir: string; context: ContextDeps; log: FastifyBaseLogger };

/**
 * The SPA's index.html for a request, and the status to send it with (404 for a page that is not there);
 * a page kept for visitors also comes compressed.
 */
export type SpaPage = (request: FastifyRequest) => Promise<Page | KeptPage>;

/** What a page is about, as far as the address shows it. */
type Subject =
  | { kind: "home" | "other" }
  | { kind: "job"; jobId: string }
  | { kind: "profile"; profileId: string }
  | { kind: "missing"; about: "job" | "profile" | null };

/** The page an address names: its own data (job, profile), an ordinary page, or none of the SPA's (missing). */
function subjectOf(urlPath: string): Subject {
  if (!isSpaPage(urlPath)) return { kind: "missing", about: null };
  if (HOME.pattern.test(urlPath)) return { kind: "home" };
  const jobId = urlPath.match(JOB.pattern)?.[1];
  if (jobId !== undefined)
    return jobIdSchema.safeParse(jobId).success ? { kind: "job", jobId } : { kind: "missing", about: "job" };
  const profileId = urlPath.match(PROFILE.pattern)?.[1];
  if (profileId !== undefined) {
    return userIdSchema.safeParse(profileId).success ? { kind: "profile", profileId } : { kind: "missing", about: "profile" };
  }
  return { kind: "other" };
}

/**
 * Reads the built index.html and manifest once. Each page request gets the document in its reader's
 * language (lang, dir), the chunks its first screen needs preloaded (its language's messages, the
 * page's code-split component), for the home list, a job page and a public profile the data they show
 * as dehydrated React Query state, and the head a shared link is previewed from (title, description,
 * Open Graph and Twitter tags). An address that is no page of the SPA, and a job or profile nobody may
 * see there, answer 404 with the same document: the SPA then shows its own "not found". The state is
 * the reader's: only a page drawn for visitors, the same for all of them, is served again for a few
 * seconds (visitor-pages.ts); nothing else is kept between requests.
 */
export function spaPage(deps: SpaPageDeps): SpaPage {
  const template = readFileSync(path.join(deps.staticDir, "index.html"), "utf8").replace(/<title>[^<]*<\/title>/, "");
  const manifestFile = path.join(deps.staticDir, ".vite", "manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  const inEntry = importsOf(manifest, ["index.html"]);
  const routeChunks = routeComponentChunks(manifest);
  const markup = firstScreenMarkup(deps.staticDir, template, deps.log);
  const publicUrl = deps.context.config.publicUrl;

  const keptForVisitors = visitorPages(deps.context.config.visitorPageCacheMs);

  return async (request) => {
    const language = pageLanguage(request.headers);
    const urlPath = request.url.split("?")[0] ?? "/";
    const hasQuery = request.url.includes("?");
    const subject = subjectOf(urlPath);
    // Without a session cookie the reader is a visitor: a visitor's home and job page are the same for
    // every visitor reading in that language (the address's query, if any, is not drawn).
    const sameForVisitors =
      (subject.kind === "home" || subject.kind === "job") &&
      !hasQuery &&
      !(await mayCarrySession(deps.context.auth, request.headers));
    if (!sameForVisitors) return pageFor(request, language, subject, hasQuery);
    return keptForVisitors.get(`${language} ${urlPath}`, () => pageFor(request, language, subject, hasQuery));
  };

  /** The page for a request; `keep` when it is one drawn for visitors, which others may be served. */
  async function pageFor(
    request: FastifyRequest,
    language: LanguageCode,
    subject: Subject,
    hasQuery: boolean,
  ): Promise<Page & { keep: boolean }> {
    if (subject.kind === "home" || subject.kind === "other") {
      const member = await memberPage(request, language);
      if (member) return pageOf(member, language, subject);
    }
    const chunk = { home: HOME.chunk, job: JOB.chunk, profile: PROFILE.chunk, other: null, missing: null }[subject.kind];
    // A page other than home and a job page (whose messages are in the first part, decision 052) shows
    // messages beyond the first screen's: the app asks for the rest of the language as it starts
    // (src/main.tsx), and the page's code waits for it; preloaded, it comes with the first requests
    // rather than after the app's code has run.
    const messages = `src/paraglide/messages/${language}.js`;
    const landing = subject.kind === "home" || subject.kind === "job";
    const chunks = [messages, ...(landing ? [] : [`${messages}?rest`]), ...(chunk ? [chunk] : [])];
    // The home list only without filters in the address: with them, the query is the URL's, the SPA's.
    const page = { ...subject, list: subject.kind === "home" && !hasQuery };
    const screen = await firstScreen(deps, request, language, page);
    // A visitor's home list and job page come drawn: the jobs are what a phone paints first.
    const drawable =
      subject.kind === "home" ? page.list : subject.kind === "job" && screen.found !== null && screen.found !== "missing";
    const drawn =
      drawable && screen.visitor && screen.dehydrated
        ? await markup.draw({ url: request.url, language, state: screen.dehydrated })
        : null;
    return pageOf({ ...screen, chunks, drawn }, language, subject);
  }

  /**
   * A signed-in reader's page with what the app's own loaders read for it on the server (the list of their
   * chats, their profile, the home list in their currency), the code of the routes it matched preloaded,
   * and drawn for the pages in DRAWN_FOR_MEMBERS: it starts with its content, not a blank page that
   * fetches (decision 052). Null for a visitor, or when the loaders could not run: the page comes as before.
   */
  async function memberPage(request: FastifyRequest, language: LanguageCode) {
    const urlPath = request.url.split("?")[0] ?? "/";
    if (LOADERS_IN_BROWSER_ONLY.test(urlPath)) return null;
    if (!(await mayCarrySession(deps.context.auth, request.headers))) return null;
    try {
      const ctx = await createContext(deps.context, { ...request.headers, "x-locale": language }, undefined, request.log);
      if (!ctx.user) return null;
      const loaded = await markup.load({
        url: request.url,
        language,
        trpc: (queryClient) => {
          const api = createTRPCOptionsProxy({ router: appRouter, ctx, queryClient });
          // Besides the page's loaders, what every page reads (as for a visitor): the rates every price's "≈" needs.
          void queryClient.prefetchQuery(api.currency.rates.queryOptions());
          return api;
        },
        draw: DRAWN_FOR_MEMBERS.test(urlPath),
      });
      if (!loaded) return null;
      const messages = `src/paraglide/messages/${language}.js`;
      const routes = loaded.routeIds.map((id) => routeChunks.get(id)).filter((key) => key !== undefined);
      const chunks = [messages, ...(urlPath === "/" ? [] : [`${messages}?rest`]), ...routes];
      const screen: FirstScreen<DehydratedState> = { language, state: loaded.state };
      return { state: encodeState(screen), found: null, chunks, drawn: loaded.page, member: true };
    } catch (err) {
      request.log.warn({ err }, "a signed-in reader's page could not be loaded on the server; the page loads it itself");
      return null;
    }
  }

  /** The page sent: its head, the chunks its first screen needs preloaded, its data, drawn or not. */
  function pageOf(
    screen: { state: string | null; found: Found; chunks: string[]; drawn: string | null; member?: boolean },
    language: LanguageCode,
    subject: Subject,
  ): Page & { keep: boolean } {
    const { chunks, drawn } = screen;
    const messages = `src/paraglide/messages/${language}.js`;
    const { status, head } = pageHead(subject, screen.found, language, publicUrl);
    const ownCode = [...importsOf(manifest, chunks)].filter((key) => !inEntry.has(key));
    // A drawn page's own code (its screen's chunks, the rest of the language) is asked for once the page
    // is painted (public/first-paint.js), not with it: every page's code still comes at once, low priority.
    const first = drawn ? importsOf(manifest, [messages]) : null;
    const preloads = ownCode
      .filter((key) => !first || first.has(key))
      .map((key) => `<link rel="modulepreload"${drawn ? LOW_PRIORITY : ""} crossorigin href="/${manifest[key]?.file}">`);
    const afterPaint = first ? ownCode.filter((key) => !first.has(key)).map((key) => `/${manifest[key]?.file}`) : [];
    const html = (drawn ?? template)
      // Replaced by functions: a "$&" in a job's title is text, not a replacement pattern.
      .replace(/<html lang="[^"]*">/, () => `<html lang="${language}" dir="${textDirection(language)}">`)
      // The header shell's skip link (index.html), in the reader's language as the app's own.
      .replace(">Skip to content</a>", () => `>${escapeHtml(m.skip_to_content({}, { locale: language }))}</a>`)
      .replace("</head>", () => `${head}${preloads.join("")}</head>`)
      .replace(FIRST_PAINT_SCRIPT, (tag) => (afterPaint.length ? `${tag} data-after-paint="${afterPaint.join(" ")}"` : tag))
      .replace(
        "</body>",
        () =>
          `${screen.state ? `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${screen.state}</script>` : ""}</body>`,
      );
    return { status, html, keep: drawn !== null && status === 200 && !screen.member };
  }
}

/** What the first screen found of the page's subject: its data, "missing" (nobody may see it there), or nothing read. */
type Found = { job: SharedJob } | { profile: SharedProfile } | "missing" | null;

/** The page's status and head: a shared page's preview, or a title that says what is (not) there. */
function pageHead(
  subject: Subject,
  found: Found,
  language: LanguageCode,
  publicUrl: string,
): { status: 200 | 404; head: string } {
  const missing = subject.kind === "missing" ? subject.about : found === "missing" ? subject.kind : undefined;
  if (missing !== undefined) {
    const options = { locale: language };
    const title =
      missing === "job"
        ? m.error_job_not_found({}, options)
        : missing === "profile"
          ? m.profile_not_available({}, options)
          : m.not_found_title({}, options);
    return { status: 404, head: plainHead(title, language, { noindex: true }) };
  }
  if (found && found !== "missing" && "job" in found)
    return { status: 200, head: shareHead(jobShareMeta(found.job, language), language, publicUrl) };
  if (found && found !== "missing" && "profile" in found) {
    return { status: 200, head: shareHead(profileShareMeta(found.profile, language), language, publicUrl) };
  }
  if (subject.kind === "home") return { status: 200, head: shareHead(homeShareMeta(language), language, publicUrl) };
  return { status: 200, head: plainHead(null, language, { noindex: false }) };
}

/** A refusal that means "there is no such page for you": not found, or an id that cannot name a row. */
function isMissing(error: unknown): boolean {
  return error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST");
}

/**
 * The queries the page's first screen reads, run through the router with the reader's own session,
 * dehydrated and encoded for a JSON script element, and what was found of the page's job or profile.
 * State null when nothing could be read: the SPA then fetches as it would without it.
 */
async function firstScreen(
  deps: SpaPageDeps,
  request: FastifyRequest,
  language: LanguageCode,
  page: Subject & { list: boolean },
): Promise<{ state: string | null; dehydrated: DehydratedState | null; found: Found; visitor: boolean }> {
  try {
    const ctx = await createContext(deps.context, { ...request.headers, "x-locale": language }, undefined, request.log);
    const queryClient = new QueryClient();
    const api = createTRPCOptionsProxy({ router: appRouter, ctx, queryClient });
    const reads: Promise<void>[] = [
      // What every page reads: who is signed in (the header), and the rates every price's "≈" line
      // needs. (Whether texts can be translated may ask the translation service: never on this path.)
      queryClient.prefetchQuery(api.profiles.me.queryOptions()),
      queryClient.prefetchQuery(api.currency.rates.queryOptions()),
    ];
    const job = page.kind === "job" ? api.jobs.byId.queryOptions({ jobId: page.jobId }) : null;
    const profile = page.kind === "profile" ? api.profiles.public.queryOptions({ id: page.profileId }) : null;
    if (job) reads.push(queryClient.prefetchQuery(job));
    if (profile) reads.push(queryClient.prefetchQuery(profile));
    if (page.list) {
      const firstPage = api.jobs.search.infiniteQueryOptions({}, { getNextPageParam: (p) => p.nextCursor });
      reads.push(queryClient.prefetchInfiniteQuery(firstPage));
    }
    await Promise.all(reads);
    const jobData = job ? queryClient.getQueryData(job.queryKey) : undefined;
    const profileData = profile ? queryClient.getQueryData(profile.queryKey) : undefined;
    const error = job
      ? queryClient.getQueryState(job.queryKey)?.error
      : profile
        ? queryClient.getQueryState(profile.queryKey)?.error
        : null;
    const found: Found = isMissing(error)
      ? "missing"
      : jobData
        ? { job: jobData }
        : profileData
          ? { profile: profileData }
          : null;
    const visitor = queryClient.getQueryData(api.profiles.me.queryKey()) === null;
    const dehydrated = dehydrate(queryClient);
    const screen: FirstScreen<DehydratedState> = { language, state: dehydrated };
    queryClient.clear();
    return { state: encodeState(screen), dehydrated, found, visitor };
  } catch (err) {
    deps.log.warn({ err }, "first screen data could not be read; the page loads it itself");
    return { state: null, dehydrated: null, found: null, visitor: false };
  }
}

/** The first screen's data as the text of a JSON script element. */
function encodeState(screen: FirstScreen<DehydratedState>): string {
  // Inside a script element only "</script" could end it early: no "<" is left in the JSON text.
  return superjson.stringify(screen).replaceAll("<", "\\u003c");
}

/**
 * Each route's code-split component in Vite's manifest, by the route's id as TanStack Router names it:
 * `src/routes/_authed/chats.index.tsx?tsr-split=component` is the route "/_authed/chats/".
 */
export function routeComponentChunks(manifest: Manifest): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const key of Object.keys(manifest)) {
    const file = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/.exec(key)?.[1];
    if (file === undefined) continue;
    const id = `/${file.replaceAll(".", "/")}`.replace(/(^|\/)index$/, "$1");
    chunks.set(id, key);
  }
  return chunks;
}
