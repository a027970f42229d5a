import { describe, expect, it } from "vitest";

import { formatCalendarDate, formatMoneyIn } from "../../domain/intl-locale.ts";
import { LANGUAGE_CODES, type LanguageCode } from "../../domain/languages.ts";
import type { NotificationPayload } from "../../domain/notifications.ts";
import { notificationDetails, notificationText } from "./notification-text.ts";

const JOB = { jobId: "job-1", jobTitle: "Moving boxes" };

/** One payload of every kind, with values that show up in the texts. */
const EVERY_KIND: NotificationPayload[] = [
  { kind: "application_received", ...JOB, applicantName: "Anna Petrova" },
  { kind: "application_accepted", ...JOB, startDate: "2026-11-24" },
  { kind: "application_rejected", ...JOB },
  { kind: "job_started", ...JOB },
  { kind: "job_completed", ...JOB },
  { kind: "job_cancelled", ...JOB },
  { kind: "chat_messages", conversationId: "c-1", title: "Moving boxes", senderName: "Anna Petrova", count: 3 },
  { kind: "review_received", ...JOB, reviewerName: "Anna Petrova", rating: 4 },
  { kind: "job_reminder", ...JOB, startDate: "2026-11-24", location: "Almaty, Abay 10" },
  { kind: "application_withdrawn", ...JOB, workerName: "Anna Petrova", hired: false },
  { kind: "application_withdrawn", ...JOB, workerName: "Anna Petrova", hired: true },
  { kind: "job_removed", ...JOB, hired: false },
  { kind: "job_removed", ...JOB, hired: true },
  ...(["remove", "restrict", "ban", "restore", "approve"] as const).map((action): NotificationPayload => ({
    kind: "moderation_decision",
    decisionId: "d-1",
    action,
    ground: action === "ban" ? "terms_violation" : "workplace_safety",
    subjectType: "job",
    subjectName: "Moving boxes",
    appealBy: action === "restore" || action === "approve" ? null : "2026-12-21T15:41:00.000Z",
    ...(action === "ban" ? { note: "Took deposits" } : {}),
  })),
  { kind: "appeal_answered", decisionId: "d-1", appealId: "a-1", outcome: "upheld" },
  { kind: "appeal_answered", decisionId: "d-1", appealId: "a-1", outcome: "reversed" },
  // Disputes and strike appeals before operators (docs/decisions/074).
  { kind: "timesheet_escalated", ...JOB, shiftDate: "2026-11-24", name: "Anna Petrova" },
  { kind: "timesheet_settled", ...JOB, shiftDate: "2026-11-24", hours: "7:45", note: "The gate log shows 16:15" },
  { kind: "strike_appeal_answered", outcome: "upheld", onDate: "2026-11-24", note: "The bus strike was announced" },
  { kind: "strike_appeal_answered", outcome: "reversed", onDate: "2026-11-24", note: "The code log shows a check-in" },
  { kind: "strike_reversed", ...JOB, onDate: "2026-11-24", workerName: "Anna Petrova", note: "The code log shows a check-in" },
  // A late cancellation's compensation (docs/decisions/078): through Daywork, directly, and without a rate.
  {
    kind: "cancellation_compensation",
    ...JOB,
    shiftDate: "2026-11-24",
    amount: "1802.00",
    currency: "RUB",
    payMode: "through_daywork",
  },
  { kind: "cancellation_compensation", ...JOB, shiftDate: "2026-11-24", amount: "60.50", currency: "EUR", payMode: "direct" },
  { kind: "cancellation_compensation", ...JOB, shiftDate: "2026-11-24", amount: null, currency: "KZT", payMode: "direct" },
  // A directly paid day: marked paid by the employer, its receipt confirmed by the worker.
  { kind: "direct_payment_marked", ...JOB, shiftDate: "2026-11-24", amount: "3604.00", currency: "RUB" },
  {
    kind: "direct_payment_confirmed",
    ...JOB,
    shiftDate: "2026-11-24",
    amount: "3604.00",
    currency: "RUB",
    workerName: "Anna Petrova",
  },
  // A payout (docs/decisions/081): paid, with and without a tax receipt, and failed with its reason.
  { kind: "payout_paid", payoutId: "p1", amount: "4800.00", currency: "RUB", receiptUrl: "https://example.test/npd/receipts/a1" },
  { kind: "payout_paid", payoutId: "p2", amount: "120.50", currency: "EUR", receiptUrl: null },
  { kind: "payout_failed", payoutId: "p3", amount: "4800.00", currency: "RUB", reason: "declined" },
  // Employers' pay held before the shift (docs/decisions/079).
  { kind: "payment_hold_requested", ...JOB, amount: "17600.00", currency: "RUB" },
  { kind: "payment_hold_failed", ...JOB, reason: "insufficient_funds" },
  { kind: "payment_hold_failed", ...JOB, reason: "no_provider" },
  { kind: "pay_secured", ...JOB },
  { kind: "payment_shortfall", ...JOB, amount: "440.00", currency: "EUR" },
];

describe("notificationText", () => {
  describe.each(LANGUAGE_CODES)("in %s", (locale) => {
    it.each(EVERY_KIND.map((payload) => [payload.kind, payload] as const))("writes %s with its payload", (_kind, payload) => {
      const { title, body } = notificationText(payload, locale);
      expect(title.trim()).not.toBe("");
      expect(body.trim()).not.toBe("");
      for (const text of [title, body]) {
        expect(text).not.toContain("undefined");
        expect(text).not.toContain("notification_");
        expect(text).not.toMatch(/\{\w+\}/);
      }
      if ("jobTitle" in payload) expect(body).toContain(payload.jobTitle);
    });
  });

  it("writes the English texts the in-app list shows", () => {
    expect(notificationText(EVERY_KIND[0] as NotificationPayload, "en")).toEqual({
      title: "New application",
      body: "Anna Petrova applied for “Moving boxes”",
    });
    expect(notificationText(EVERY_KIND[8] as NotificationPayload, "en")).toEqual({
      title: "Work starts tomorrow",
      body: "“Moving boxes” starts on November 24, 2026. Place: Almaty, Abay 10.",
    });
  });

  it("tells a directly paid day's amount, and who confirmed it, in English", () => {
    const marked = EVERY_KIND.find((p) => p.kind === "direct_payment_marked");
    const confirmed = EVERY_KIND.find((p) => p.kind === "direct_payment_confirmed");
    const amount = formatMoneyIn(3604, "RUB", "en");
    expect(notificationText(marked as NotificationPayload, "en")).toEqual({
      title: "A day marked paid",
      body: `The employer marked your day of November 24, 2026 for “Moving boxes” paid: ${amount}. Confirm it on the job’s hours once you have received it.`,
    });
    expect(notificationText(confirmed as NotificationPayload, "en").body).toBe(
      `Anna Petrova confirmed receiving ${amount} for November 24, 2026 on “Moving boxes”.`,
    );
  });

  it("tells a payout's amount, its tax receipt's link, and why one failed", () => {
    const [withReceipt, withoutReceipt, failed] = EVERY_KIND.filter((p) => p.kind.startsWith("payout_"));
    const amount = formatMoneyIn(4800, "RUB", "en");
    expect(notificationText(withReceipt as NotificationPayload, "en")).toEqual({
      title: "Payout sent",
      body: `${amount} has been paid out to you. Your self-employed tax receipt: https://example.test/npd/receipts/a1`,
    });
    expect(notificationText(withoutReceipt as NotificationPayload, "en").body).toBe(
      `${formatMoneyIn(120.5, "EUR", "en")} has been paid out to you.`,
    );
    expect(notificationText(failed as NotificationPayload, "ru").body).toContain("банк отклонил её");
    for (const locale of LANGUAGE_CODES) {
      expect(notificationText(withReceipt as NotificationPayload, locale).body).toContain("https://example.test/npd/receipts/a1");
    }
  });

  it("tells a hold's amount and why one failed, in English", () => {
    const asked = EVERY_KIND.find((p) => p.kind === "payment_hold_requested");
    const failed = EVERY_KIND.find((p) => p.kind === "payment_hold_failed");
    expect(notificationText(asked as NotificationPayload, "en").body).toBe(
      `Confirm the hold of ${formatMoneyIn(17600, "RUB", "en")} on your card for “Moving boxes”: it secures the hired workers’ pay, and the job can start once it is held.`,
    );
    expect(notificationText(failed as NotificationPayload, "en").body).toBe(
      "The payment for “Moving boxes” was not held: the card had insufficient funds. Ask for it again on the job’s applications page; the job cannot start until the workers’ pay is held.",
    );
  });

  it("tells the hours Daywork settled and why, and a strike's day, in every language", () => {
    for (const locale of LANGUAGE_CODES) {
      for (const payload of EVERY_KIND) {
        const { body } = notificationText(payload, locale);
        // A decision's note reaches the person in its statement (and a ban's e-mail), not in this line.
        if ("note" in payload && payload.kind !== "moderation_decision")
          expect(body, `${payload.kind} in ${locale}`).toContain(payload.note);
        if (payload.kind === "timesheet_settled") expect(body).toContain("7:45");
        if ("onDate" in payload) expect(body).toContain(formatCalendarDate(payload.onDate, locale, "long"));
      }
    }
    const upheld = EVERY_KIND.find((p) => p.kind === "strike_appeal_answered" && p.outcome === "upheld");
    expect(notificationText(upheld as NotificationPayload, "en")).toEqual({
      title: "Your appeal was not granted",
      body: "The strike of November 24, 2026 stays. Daywork’s reason: The bus strike was announced",
    });
  });

  it("writes the start date the way the recipient's language does", () => {
    const accepted: NotificationPayload = { kind: "application_accepted", ...JOB, startDate: "2026-11-24" };
    expect(notificationText(accepted, "ru").body).toContain("24 ноября 2026");
    expect(notificationText(accepted, "de").body).toContain("24. November 2026");
    expect(notificationText(accepted, "zh").body).toContain("2026年11月24日");
    expect(notificationText(accepted, "ar").body).toContain("نوفمبر");
  });

  it("counts chat messages with the language's plural forms", () => {
    const chat = (count: number): NotificationPayload => ({
      kind: "chat_messages",
      conversationId: "c-1",
      title: "Moving boxes",
      senderName: "Anna",
      count,
    });
    expect([1, 2, 5, 21].map((count) => notificationText(chat(count), "ru").body)).toEqual([
      "Anna: 1 новое сообщение",
      "Anna: 2 новых сообщения",
      "Anna: 5 новых сообщений",
      "Anna: 21 новое сообщение",
    ]);
    expect([1, 2].map((count) => notificationText(chat(count), "en").body)).toEqual([
      "Anna: 1 new message",
      "Anna: 2 new messages",
    ]);
    expect([1, 2, 3, 11].map((count) => notificationText(chat(count), "ar").body)).toEqual([
      "Anna: رسالة جديدة واحدة",
      "Anna: رسالتان جديدتان",
      "Anna: 3 رسائل جديدة",
      "Anna: 11 رسالة جديدة",
    ]);
    expect(notificationText(chat(3), "en").title).toBe("New messages: Moving boxes");
  });

  it("names a hidden reviewer as a Daywork member", () => {
    const review: NotificationPayload = { kind: "review_received", ...JOB, reviewerName: null, rating: 5 };
    expect(notificationText(review, "en").body).toBe("A Daywork member rated you 5 of 5 for “Moving boxes”.");
    expect(notificationText(review, "ru").body).not.toContain("null");
  });
});

describe("a late cancellation's compensation", () => {
  const compensation = (
    change: Partial<Extract<NotificationPayload, { kind: "cancellation_compensation" }>>,
    locale: LanguageCode = "en",
  ) =>
    notificationText(
      {
        kind: "cancellation_compensation",
        ...JOB,
        shiftDate: "2026-11-24",
        amount: "1802.00",
        currency: "RUB",
        payMode: "through_daywork",
        ...change,
      },
      locale,
    );

  it("says the amount and that it is in the worker's earnings, or that the employer pays it, or the hours", () => {
    const amount = formatMoneyIn(1802, "RUB", "en");
    expect(compensation({})).toEqual({
      title: "Compensation for a cancelled shift",
      body: `Your shift on November 24, 2026 for “Moving boxes” was cancelled less than 24 hours ahead. You get ${amount} in compensation, added to your earnings on Daywork.`,
    });
    expect(compensation({ payMode: "direct", amount: "60.50", currency: "EUR" }).body).toContain(
      `The employer owes you ${formatMoneyIn(60.5, "EUR", "en")} in compensation and pays it to you directly.`,
    );
    expect(compensation({ amount: null }).body).toContain("The employer owes you 4 hours’ pay at the rate you agreed.");
    expect(compensation({ payMode: "direct" }, "ru").body).toContain(formatMoneyIn(1802, "RUB", "ru"));
  });
});

describe("notificationDetails", () => {
  const invitation = { kind: "job_invitation", jobId: "j", jobTitle: "Sort parcels", employerName: "Olga Farms" } as const;

  it("lists an invitation's first day with its start time, and the rate, as a hire's mail does", () => {
    const terms = { startDate: "2030-03-12", startTime: "07:30", hourlyRate: 500, currency: "RUB" };
    const lines = notificationDetails({ ...invitation, ...terms }, "en");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("07:30");
    expect(lines[0]).toContain(formatCalendarDate("2030-03-12", "en", "long"));
    expect(lines[1]).toMatch(/500/);
  });

  it("lists nothing for an invitation written before it carried its terms", () => {
    expect(notificationDetails(invitation, "en")).toEqual([]);
  });
});

describe("formatCalendarDate (long)", () => {
  it("writes a calendar date without shifting it by time zone", () => {
    expect(formatCalendarDate("2026-01-01", "en", "long")).toBe("January 1, 2026");
    expect(formatCalendarDate("2026-12-31", "ru", "long")).toBe("31 декабря 2026 г.");
  });

  it("leaves a malformed date as it is", () => {
    expect(formatCalendarDate("soon", "en", "long")).toBe("soon");
  });
});
