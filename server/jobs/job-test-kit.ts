// Shared by the jobs tests: a valid post-job input, and tRPC over real HTTP for what only the wire
// shows (status codes, the formatted message key, no 500s).
import { CITY } from "../../db/factories/places.ts";
import { todayIn } from "../../domain/age.ts";
import type { JobCreateInput } from "../../domain/jobs.ts";
import type { TestApp } from "../testing/test-app.ts";

/** A post-job form as a person would fill it in, starting today in UTC. */
export function validJobInput(overrides: Partial<JobCreateInput> = {}): JobCreateInput {
  return {
    title: "Warehouse loader",
    description: "Load and unload delivery vans at our warehouse.",
    category: "moving",
    cityId: CITY.kazan,
    startDate: todayIn("UTC"),
    durationDays: 2,
    hourlyRate: 450,
    currency: "RUB",
    maxWorkers: 3,
    skills: ["lifting"],
    timeZone: "UTC",
    language: "ru",
    ...overrides,
  };
}

export type HttpResult = {
  status: number;
  data: unknown;
  error: { messageKey: string | null; fieldErrors: Record<string, string | undefined> | null; code: string } | null;
};

/** Calls a procedure over HTTP like the browser does (superjson envelope), with an optional session cookie. */
export async function callHttp(
  t: TestApp,
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  cookie?: string,
): Promise<HttpResult> {
  const headers = { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) };
  const res =
    kind === "query"
      ? await t.app.inject({
          method: "GET",
          url: `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
          headers,
        })
      : await t.app.inject({ method: "POST", url: `/api/trpc/${path}`, payload: { json: input }, headers });
  const body = res.json() as {
    result?: { data: { json: unknown } };
    error?: {
      json: { data: { messageKey: string | null; fieldErrors: Record<string, string | undefined> | null; code: string } };
    };
  };
  return { status: res.statusCode, data: body.result?.data.json ?? null, error: body.error?.json.data ?? null };
}
