import { afterEach, describe, expect, it } from "vitest";

import { LATE_CANCELLATION_PAY_HOURS, lateCancellationPay } from "../../../domain/cancellation-pay.ts";
import { formatMoneyIn } from "../../../domain/intl-locale.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import { LATE_CANCELLATION_HOURS } from "../../../domain/reliability.ts";
import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { cancellationTerms } from "./cancellation-terms.ts";
import { payModeLabel } from "./job-pay.ts";

afterEach(() => overwriteGetLocale(() => baseLocale));

// What the job page says of pay and cancellation before anyone applies (docs/decisions/078).
describe("the job page's pay and cancellation facts", () => {
  it("says how the job is paid", () => {
    overwriteGetLocale(() => "en");
    expect(payModeLabel("through_daywork")).toBe("Pay secured by Daywork");
    expect(payModeLabel("direct")).toBe("Paid directly by the employer");
    overwriteGetLocale(() => "ru");
    expect(payModeLabel("through_daywork")).toBe("Оплата гарантирована Daywork");
  });

  it("says what a late cancellation pays the worker, with the amount, and what a worker's own costs", () => {
    overwriteGetLocale(() => "en");
    const amount = formatMoneyIn(1802, "RUB", "en");
    expect(cancellationTerms({ hourlyRate: 450.5, currency: "RUB" })).toBe(
      `If the employer cancels less than ${LATE_CANCELLATION_HOURS} hours before a hired worker’s shift, the worker gets ${LATE_CANCELLATION_PAY_HOURS} hours’ pay (${amount}). A worker who cancels that late gets a late cancellation on their profile.`,
    );
  });

  it("states the amount the ledger posts, to the cent", () => {
    overwriteGetLocale(() => "en");
    for (const rate of [0.01, 12.25, 333.33, 450.5, 9999.99, 2_000_000]) {
      const posted = Number(fromMinorUnits(lateCancellationPay(String(rate), "UZS") ?? 0n, "UZS"));
      expect(cancellationTerms({ hourlyRate: rate, currency: "UZS" })).toContain(`(${formatMoneyIn(posted, "UZS", "en")})`);
    }
  });

  it("states the hours at the agreed rate when the rate is negotiable", () => {
    overwriteGetLocale(() => "en");
    expect(cancellationTerms({ hourlyRate: null, currency: "KZT" })).toContain("4 hours’ pay at the agreed rate");
  });

  it("writes the amount in the reader's language", () => {
    overwriteGetLocale(() => "de");
    expect(cancellationTerms({ hourlyRate: 450.5, currency: "RUB" })).toContain(formatMoneyIn(1802, "RUB", "de"));
  });
});
