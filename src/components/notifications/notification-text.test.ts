import { afterEach, describe, expect, it } from "vitest";

import { formatMoneyIn } from "../../../domain/intl-locale.ts";
import type { NotificationPayload } from "../../../domain/notifications.ts";
import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { notificationText } from "./notification-text.ts";

afterEach(() => overwriteGetLocale(() => baseLocale));

/** Without the isolation marks the texts put around titles for right-to-left reading. */
const plain = (s: string) => s.replace(/[\u2068\u2069]/g, "");

describe("the in-app text of a job Daywork took down (docs/decisions/074)", () => {
  const removed = (hired: boolean): NotificationPayload => ({ kind: "job_removed", jobId: "j-1", jobTitle: "Loader", hired });

  it("tells a hired worker they need not come, and a pending applicant only that it is gone", () => {
    overwriteGetLocale(() => "en");
    expect(notificationText(removed(true))).toEqual({
      title: "Job taken down",
      body: expect.stringContaining("you don't need to come") as string,
    });
    expect(plain(notificationText(removed(true)).body)).toBe("Daywork took “Loader” down; you don't need to come.");
    expect(plain(notificationText(removed(false)).body)).toBe("Daywork took “Loader” down. It is no longer offered.");
    overwriteGetLocale(() => "de");
    expect(plain(notificationText(removed(true)).body)).toBe("Daywork hat „Loader“ entfernt; Sie müssen nicht kommen.");
  });
});

describe("the in-app text of a late cancellation's compensation (docs/decisions/078)", () => {
  const owed = (amount: string | null, payMode: "through_daywork" | "direct"): NotificationPayload => ({
    kind: "cancellation_compensation",
    jobId: "j-1",
    jobTitle: "Loader",
    shiftDate: "2030-03-11",
    amount,
    currency: "RUB",
    payMode,
  });

  it("says the amount in the reader's language, and who pays it, or the hours when there was no rate", () => {
    overwriteGetLocale(() => "en");
    expect(plain(notificationText(owed("1802.00", "through_daywork")).title)).toBe("Compensation for a cancelled shift");
    expect(plain(notificationText(owed("1802.00", "through_daywork")).body)).toContain(
      `You get ${formatMoneyIn(1802, "RUB", "en")} in compensation, added to your earnings on Daywork.`,
    );
    expect(plain(notificationText(owed("1802.00", "direct")).body)).toContain("The employer owes you");
    expect(plain(notificationText(owed(null, "direct")).body)).toContain("4 hours’ pay at the rate you agreed");
    overwriteGetLocale(() => "ru");
    expect(plain(notificationText(owed("1802.00", "direct")).body)).toContain(formatMoneyIn(1802, "RUB", "ru"));
  });
});

describe("the in-app text of a hold on the employer's card (docs/decisions/079)", () => {
  it("says the amount to confirm, why a hold failed, and a worker's pay secured", () => {
    overwriteGetLocale(() => "en");
    const asked: NotificationPayload = {
      kind: "payment_hold_requested",
      jobId: "j-1",
      jobTitle: "Loader",
      amount: "8800.00",
      currency: "RUB",
    };
    expect(plain(notificationText(asked).body)).toContain(`Confirm the hold of ${formatMoneyIn(8800, "RUB", "en")} on your card`);
    const failed: NotificationPayload = { kind: "payment_hold_failed", jobId: "j-1", jobTitle: "Loader", reason: "declined" };
    expect(plain(notificationText(failed).body)).toContain("was not held: the card was declined.");
    overwriteGetLocale(() => "ru");
    expect(plain(notificationText({ kind: "pay_secured", jobId: "j-1", jobTitle: "Loader" }).title)).toBe(
      "Ваша оплата гарантирована",
    );
  });
});
