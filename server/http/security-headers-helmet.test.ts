import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet, { type HelmetOptions } from "helmet";
import { describe, expect, it } from "vitest";

import { securityHeaders } from "./security-headers.ts";

// securityHeaders runs helmet once into an object that records only setHeader (docs/upgrading-dependencies.md):
// this checks that what it records is what helmet writes on a real response, for a policy shaped as ours.
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      connectSrc: ["'self'", "wss://daywork.example"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

function helmetOnARealResponse(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failed: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
  );
}

describe("helmet's headers worked out once", () => {
  it("are the headers helmet writes on a real response, for our policy's shape and for its defaults", () => {
    for (const options of [OPTIONS, {}]) {
      const expected = helmetOnARealResponse(options);
      expect(Object.keys(expected).length, "helmet wrote no header: see docs/upgrading-dependencies.md").toBeGreaterThan(5);
      expect(securityHeaders(options)).toEqual(expected);
    }
  });
});
