import { isPersonalInn } from "../../../domain/inn.ts";
import { jsonBody, noFaults, startStandInServer, type Faults } from "./stand-in-http.ts";

export type TaxStatusStandIn = {
  /** The endpoint, as TAX_STATUS_URL takes it. */
  url: string;
  faults: Faults;
  /** ИНН → the date (YYYY-MM-DD) it became a self-employed payer. */
  selfEmployed: Map<string, string>;
  /** Answers the tax service's "too many requests" to the next this many checks. */
  limitNext: { count: number };
  close(): Promise<void>;
};

/**
 * The tax service's status check played on loopback: self-employed from their date on, everyone
 * else not; an invalid ИНН or a date in the future refused with the service's validation error.
 */
export async function startTaxStatusStandIn(selfEmployed: Record<string, string> = {}): Promise<TaxStatusStandIn> {
  const faults = noFaults();
  const registry = new Map(Object.entries(selfEmployed));
  const limitNext = { count: 0 };
  const server = await startStandInServer(
    [
      {
        method: "POST",
        path: /^\/api\/v1\/tracker\/taxpayer_status$/,
        api: true,
        handle(request) {
          const body = jsonBody(request) as { inn?: unknown; requestDate?: unknown } | null;
          if (limitNext.count > 0) {
            limitNext.count -= 1;
            return {
              status: 422,
              json: { code: "taxpayer.status.service.limited.error", message: "Превышено количество запросов" },
            };
          }
          const inn = typeof body?.inn === "string" ? body.inn : "";
          const date = typeof body?.requestDate === "string" ? body.requestDate : "";
          if (!isPersonalInn(inn))
            return { status: 422, json: { code: "validation.failed", message: `Указан некорректный ИНН: ${inn}` } };
          if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > new Date().toISOString().slice(0, 10)) {
            return { status: 422, json: { code: "validation.failed", message: "Указана некорректная дата" } };
          }
          const since = registry.get(inn);
          const status = since !== undefined && since <= date;
          const message = `${inn} ${status ? "является" : "не является"} плательщиком налога на профессиональный доход`;
          return { status: 200, json: { status, message } };
        },
      },
    ],
    faults,
    (status) => ({ code: status === 404 ? "not.found" : "internal.error", message: "Ошибка" }),
  );
  return {
    url: `${server.url}/api/v1/tracker/taxpayer_status`,
    faults,
    selfEmployed: registry,
    limitNext,
    close: () => server.close(),
  };
}
