import { z } from "zod";

import { isPersonalInn } from "../../../domain/inn.ts";
import { requestProvider } from "../provider-http.ts";
import { failure } from "../provider-result.ts";
import type { TaxStatusCheck } from "../tax-status.ts";

/** The Federal Tax Service's public endpoint (statusnpd.nalog.ru, "Проверить статус налогоплательщика НПД"). */
export const FNS_TAX_STATUS_URL = "https://statusnpd.nalog.ru/api/v1/tracker/taxpayer_status";

const answerSchema = z.object({ status: z.boolean(), message: z.string() });
const errorSchema = z.object({ code: z.string(), message: z.string().optional() });

/**
 * The tax service's check: POST {inn, requestDate} answers {status, message}. The service limits how
 * often one address may ask and answers an error code with "limited" in it when asked too often: that
 * is `unavailable` (ask later), like its own failures; an ИНН or date it refuses is `rejected`. A number
 * whose check digits are wrong is refused here without asking.
 */
export function fnsTaxStatus(options: { url: string; timeoutMs: number }): TaxStatusCheck {
  return {
    async check(inn, on) {
      if (!isPersonalInn(inn)) return failure("rejected", `not a personal ИНН: ${inn}`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(on)) return failure("rejected", `not a date: ${on}`);
      const answer = await requestProvider(
        options.url,
        {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ inn, requestDate: on }),
        },
        options.timeoutMs,
      );
      if (!answer.ok) return answer;
      const { status, json } = answer.value;
      if (status === 200) {
        const parsed = answerSchema.safeParse(json);
        return parsed.success
          ? { ok: true, value: { selfEmployed: parsed.data.status, message: parsed.data.message } }
          : failure("unavailable", "the tax service answered something else than {status, message}");
      }
      const error = errorSchema.safeParse(json);
      const detail = `tax service ${status}: ${error.success ? `${error.data.code} ${error.data.message ?? ""}` : "no error body"}`;
      if (status === 429 || status >= 500 || (error.success && /limited/.test(error.data.code)))
        return failure("unavailable", detail);
      return failure("rejected", detail);
    },
  };
}
