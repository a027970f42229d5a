import { afterEach, describe, expect, it } from "vitest";

import { LATE_CANCELLATION_PAY_HOURS } from "../../../domain/cancellation-pay.ts";
import { formatMoneyIn } from "../../../domain/intl-locale.ts";
import { LATE_CANCELLATION_HOURS } from "../../../domain/reliability.ts";
import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { cancellationTerms, payModeLabel } from "./job-pay.ts";

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

  it("tells a visitor or worker what a late cancellation pays them, with the amount, and what theirs costs", () => {
    overwriteGetLocale(() => "en");
    const amount = formatMoneyIn(1802, "RUB", "en");
    expect(cancellationTerms({ hourlyRate: 450.5, currency: "RUB" }, "worker")).toBe(
      `If the employer cancels less than ${LATE_CANCELLATION_HOURS} hours before your shift, you get ${LATE_CANCELLATION_PAY_HOURS} hours’ pay (${amount}). If you cancel that late, your profile shows a late cancellation.`,
    );
    expect(cancellationTerms({ hourlyRate: 12.25, currency: "EUR" }, "worker")).toContain(`(${formatMoneyIn(49, "EUR", "en")})`);
  });

  it("tells the owner what cancelling late costs them", () => {
    overwriteGetLocale(() => "en");
    expect(cancellationTerms({ hourlyRate: 450.5, currency: "RUB" }, "owner")).toBe(
      `Cancelling less than 24 hours before a hired worker’s shift pays that worker 4 hours’ pay (${formatMoneyIn(1802, "RUB", "en")}).`,
    );
  });

  it("states the hours at the agreed rate when the rate is negotiable", () => {
    overwriteGetLocale(() => "en");
    expect(cancellationTerms({ hourlyRate: null, currency: "KZT" }, "worker")).toContain("4 hours’ pay at the agreed rate");
    expect(cancellationTerms({ hourlyRate: null, currency: "KZT" }, "owner")).toContain("4 hours’ pay at the rate you agreed");
  });

  it("writes the amount in the reader's language", () => {
    overwriteGetLocale(() => "de");
    expect(cancellationTerms({ hourlyRate: 450.5, currency: "RUB" }, "worker")).toContain(formatMoneyIn(1802, "RUB", "de"));
  });
});
