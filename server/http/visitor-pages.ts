import zlib from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";

/** A page as the SPA's handler answers it. */
export type Page = { status: 200 | 404; html: string };

/** The encodings a kept page is sent in, best first. */
export type PageEncoding = "br" | "gzip";

/** A page served again: it also comes compressed, each way once. */
export type KeptPage = Page & {
  /** The page as an Accept-Encoding header asks for it, or null: send the html as it is. */
  encodedFor: (acceptEncoding: string | undefined) => { encoding: PageEncoding; bytes: Buffer } | null;
};

const ENCODE: Record<PageEncoding, (html: string) => Buffer> = {
  // Level 5 rather than the level 1 of an answer made per request: a drawn home page (190 KB) is
  // 20.8 KB instead of 25.7 KB, for 3.3 ms instead of 1.5 ms of CPU, paid once for every visitor it serves.
  br: (html) =>
    zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    }),
  gzip: (html) => zlib.gzipSync(html),
};

const negotiator = new Negotiator<PageEncoding>({ supportedValues: ["br", "gzip"] });

/** The encoding to send a kept page in for an Accept-Encoding header (as @fastify/compress reads it), or null: as it is. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  // "*" and "x-gzip" are gzip (RFC 9110, 12.5.3).
  return negotiator.negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, "gzip"));
}

/**
 * Pages drawn for visitors, kept a few seconds and served again (docs/decisions/039). A visitor's home
 * and job pages are the same for every visitor reading in the same language, and drawing one costs the
 * server 10-20 ms of CPU (its data, then React's render) and compressing it a few more: the page every
 * new visitor opens first would otherwise be the most expensive one to serve. Requests that arrive
 * while a page is being drawn wait for that one instead of drawing their own. A page is at most `ttlMs`
 * old; only `maxPages` are kept, the oldest given up first.
 */
export function visitorPages(ttlMs: number, maxPages = 200) {
  const kept = new Map<string, { until: number; page: Promise<Page | KeptPage> }>();
  return {
    /** The page kept under `key` if it is fresh, else the one `draw` makes, kept if it says `keep`. */
    get(key: string, draw: () => Promise<Page & { keep: boolean }>): Promise<Page | KeptPage> {
      const now = performance.now();
      const found = kept.get(key);
      if (found && found.until > now) return found.page;
      if (found) kept.delete(key);
      const page = draw().then(({ keep, ...drawn }) => (keep && ttlMs > 0 ? withEncodings(drawn) : drawn));
      if (ttlMs === 0) return page;
      while (kept.size >= maxPages) kept.delete(kept.keys().next().value as string);
      const entry = { until: now + ttlMs, page };
      kept.set(key, entry);
      // A page that is not to be kept (a 404, a page not drawn), or a failure, is dropped once known.
      const drop = () => {
        if (kept.get(key) === entry) kept.delete(key);
      };
      page.then((drawn) => ("encodedFor" in drawn ? undefined : drop()), drop);
      return page;
    },
  };
}

function withEncodings(page: Page): KeptPage {
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
