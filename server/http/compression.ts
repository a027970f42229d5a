import zlib from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Answers above a packet's size go out compressed, brotli at level 1 else gzip (docs/decisions/024);
 * the built files were compressed at build time and are served as they are (server/http/pages.ts).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1400,
    // Up to 64 KB (every API answer) in one call: a zlib stream's setup costs more than the compression.
    syncThreshold: 65536,
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    },
    // Request bodies are never inflated: no client of ours sends them so, and a small bomb would pass the body limit.
    globalDecompression: false,
  });
}
