// The app router's procedures, enumerated at run time from the router itself, for tests that must cover
// every procedure (server/trpc/hostile-input.test.ts, server/trpc/authorization-matrix.test.ts): a new
// procedure is fuzzed and must be given an access rule without anyone editing those tests' lists.
import { getTRPCErrorShape, type AnyProcedure, type TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod";

import type { SessionUser } from "../session/session-user.ts";
import { createContext } from "../trpc/context.ts";
import { createCallerFactory } from "../trpc/init.ts";
import { appRouter, type AppRouter } from "../trpc/router.ts";
import type { TestApp } from "./test-app.ts";

export type ProcedureKind = "query" | "mutation" | "subscription";

/** The dotted paths of the router's procedures, as a type ("jobs.byId" | "chat.send" | …). */
type PathsOf<R, P extends string = ""> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${P}${K}` : PathsOf<R[K], `${P}${K}.`>;
}[keyof R & string];
export type ProcedurePath = PathsOf<AppRouter["_def"]["record"]>;

/** The parts of a JSON Schema (as `z.toJSONSchema` writes one) that the tests read. */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  default?: unknown;
};

export type RouterProcedure = {
  path: ProcedurePath;
  kind: ProcedureKind;
  /** The zod input schema, or null for a procedure without input. */
  input: z.ZodType | null;
  /** The input as JSON Schema (what a client may send: `io: "input"`), or null without input. */
  jsonSchema: JsonSchema | null;
};

type ProcedureDef = { type: ProcedureKind; inputs: unknown[] };

/**
 * Every procedure of `appRouter`, sorted by path. tRPC v11 keeps them flattened by dotted path in
 * `router._def.procedures` (nested routers included); each procedure's `_def` holds its `type` and
 * the parsers given to `.input()`.
 */
export function routerProcedures(): RouterProcedure[] {
  const flat = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  return Object.entries(flat)
    .map(([path, procedure]) => {
      const { type, inputs } = procedure._def;
      if (inputs.length > 1) throw new Error(`${path}: more than one .input(); teach server/testing/procedures.ts to merge them`);
      const [parser] = inputs;
      if (parser !== undefined && !(parser instanceof z.ZodType)) throw new Error(`${path}: its input is not a zod schema`);
      const input = parser ?? null;
      const jsonSchema = input ? (z.toJSONSchema(input, { unrepresentable: "any", io: "input" }) as JsonSchema) : null;
      return { path: path as ProcedurePath, kind: type, input, jsonSchema };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

export type Caller = ReturnType<TestApp["callerAs"]>;

/** Calls the procedure at `path` on a tRPC caller (a query or mutation; a subscription answers its stream). */
export function callPath(caller: Caller, path: string, input: unknown): Promise<unknown> {
  let node: unknown = caller;
  for (const key of path.split(".")) node = (node as Record<string, unknown>)[key];
  if (typeof node !== "function") throw new Error(`no procedure at ${path}`);
  return (node as (input: unknown) => Promise<unknown>)(input);
}

const createCaller = createCallerFactory(appRouter);

/** What a subscription did within the time it was given: refused (thrown), or started streaming. */
async function listenBriefly(t: TestApp, userId: string | null, path: string, input: unknown, waitMs: number) {
  const user: SessionUser | null = userId
    ? { id: userId, email: `${userId}@example.com`, name: userId, sessionId: "test" }
    : null;
  const abort = new AbortController();
  // The app's own context for a request without a session, signed in as `userId` like `t.callerAs`.
  const anonymous = await createContext({ db: t.db, auth: t.auth, config: t.config, services: t.services }, {});
  const caller = createCaller({ ...anonymous, user }, { signal: abort.signal }) as Caller;
  const stream = (await callPath(caller, path, input)) as AsyncIterable<unknown>;
  const iterator = stream[Symbol.asyncIterator]();
  const first = iterator.next();
  // The first event decides: a refusal ends the stream with an error at once; a participant waits for messages.
  const settled = await Promise.race([
    first.then(
      () => "settled",
      () => "settled",
    ),
    new Promise((resolve) => setTimeout(resolve, waitMs, "waiting")),
  ]);
  abort.abort();
  try {
    await first;
  } finally {
    if (settled === "waiting") await iterator.return?.();
  }
  return { streaming: true as const };
}

/**
 * Calls a procedure as `userId` (a person made by the factories, or null for a visitor) the way the
 * app's own tRPC caller does. A subscription is listened to for `waitMs`: a refusal throws like a
 * query's, and a stream that starts answers `{ streaming: true }` and is stopped.
 */
export async function callProcedure(
  t: TestApp,
  userId: string | null,
  procedure: Pick<RouterProcedure, "path" | "kind">,
  input: unknown,
  waitMs = 40,
): Promise<unknown> {
  if (procedure.kind === "subscription") return listenBriefly(t, userId, procedure.path, input, waitMs);
  return callPath(t.callerAs(userId), procedure.path, input);
}

/** The error as the client receives it (the app's error formatter applied), as JSON text. */
export function clientErrorText(error: TRPCError, procedure: Pick<RouterProcedure, "path" | "kind">, input: unknown): string {
  const shape = getTRPCErrorShape({
    config: appRouter._def._config,
    error,
    type: procedure.kind,
    path: procedure.path,
    input,
    ctx: undefined,
  });
  return JSON.stringify(shape);
}

/**
 * The input as the superjson envelope the client sends; what superjson refuses to serialise (an own
 * `__proto__` key) goes as plain JSON, as a hand-made request would.
 */
function serialize(input: unknown): unknown {
  try {
    return superjson.serialize(input);
  } catch {
    return { json: input };
  }
}

/**
 * Calls a procedure over real HTTP like the browser's httpLink does: a query is a GET with the
 * superjson-serialised input in `?input=`, a mutation a POST with it as the body; `origin` is the app's.
 */
export async function callHttp(
  t: TestApp,
  procedure: Pick<RouterProcedure, "path" | "kind">,
  input: unknown,
  cookie?: string,
): Promise<{ status: number; body: string }> {
  const headers = { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) };
  const serialized = input === undefined ? undefined : serialize(input);
  const res =
    procedure.kind === "mutation"
      ? await t.app.inject({
          method: "POST",
          url: `/api/trpc/${procedure.path}`,
          headers: { ...headers, "content-type": "application/json" },
          payload: serialized === undefined ? "" : JSON.stringify(serialized),
        })
      : await t.app.inject({
          method: "GET",
          url:
            `/api/trpc/${procedure.path}` +
            (serialized === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(serialized))}`),
          headers,
        });
  return { status: res.statusCode, body: res.body };
}
