import zlib from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";

/** A page as the SPA's handler answers it. */
export type Page = { status: 200 | 404; html: string };

/** The encodings a cached page is sent in, best first. */
export type PageEncoding = "br" | "gzip";

/** A page served from the micro-cache: it also comes compressed, each way once. */
export type CachedPage = Page & {
  /** The page as an Accept-Encoding header asks for it, or null: send the html as it is. */
  encodedFor: (acceptEncoding: string | undefined) => { encoding: PageEncoding; bytes: Buffer } | null;
};

const ENCODE: Record<PageEncoding, (html: string) => Buffer> = {
  // Brotli level 5 rather than the per-request level 1: paid once for every visitor served (docs/decisions/039).
  br: (html) =>
    zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    }),
  gzip: (html) => zlib.gzipSync(html),
};

const negotiator = new Negotiator<PageEncoding>({ supportedValues: ["br", "gzip"] });

/** The encoding to send a cached page in for an Accept-Encoding header (as @fastify/compress reads it), or null: as it is. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  // "*" and "x-gzip" are gzip (RFC 9110, 12.5.3).
  return negotiator.negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, "gzip"));
}

/**
 * A micro-cache of visitors' server-rendered pages, with request coalescing (docs/decisions/039): a
 * visitor's page is the same for every visitor reading in its language, so one render serves them for
 * `ttlMs`, and requests arriving while it renders wait for it. At most `maxPages`, the oldest dropped first.
 */
export function visitorPageMicroCache(ttlMs: number, maxPages = 200) {
  const cached = new Map<string, { until: number; page: Promise<Page | CachedPage> }>();
  return {
    /** The page cached under `key` if it is fresh, else the one `make` makes, cached if it says `cache`. */
    get(key: string, make: () => Promise<Page & { cache: boolean }>): Promise<Page | CachedPage> {
      const now = performance.now();
      const found = cached.get(key);
      if (found && found.until > now) return found.page;
      if (found) cached.delete(key);
      const page = make().then(({ cache, ...made }) => (cache && ttlMs > 0 ? withEncodings(made) : made));
      if (ttlMs === 0) return page;
      while (cached.size >= maxPages) cached.delete(cached.keys().next().value as string);
      const entry = { until: now + ttlMs, page };
      cached.set(key, entry);
      // A page not to be cached (a 404, a page not rendered), or a failure, is dropped once known.
      const drop = () => {
        if (cached.get(key) === entry) cached.delete(key);
      };
      page.then((made) => ("encodedFor" in made ? undefined : drop()), drop);
      return page;
    },
  };
}

function withEncodings(page: Page): CachedPage {
  const made = new Map<PageEncoding, Buffer>();
  return {
    ...page,
    encodedFor(acceptEncoding) {
      const encoding = pageEncoding(acceptEncoding);
      if (encoding === null) return null;
      let bytes = made.get(encoding);
      if (!bytes) made.set(encoding, (bytes = ENCODE[encoding](page.html)));
      return { encoding, bytes };
    },
  };
}
