import { describe, expect, it } from "vitest";

import type { LanguageCode } from "../../domain/languages.ts";
import type { NotificationPayload, NotificationView } from "../../domain/notifications.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import type { ReceivedMail } from "../testing/smtp-peer.ts";
import { sendNotificationMail } from "./notification-mail.ts";
import { verifyUnsubscribeToken } from "./unsubscribe-token.ts";

const bed = mailTestbed();

let sent = 0;
/** Sends one notification to a fresh address over the app's real SMTP mailer; answers what arrived. */
async function mailOf(payload: NotificationPayload, language: LanguageCode, name = "Anna"): Promise<ReceivedMail> {
  sent += 1;
  const email = `person-${sent}@example.com`;
  const notification: NotificationView = { id: `n-${sent}`, payload, read: false, createdAt: new Date() };
  await sendNotificationMail(
    { mailer: bed.t.services.mailer, config: bed.t.config },
    { userId: `user-${sent}`, email, name, language },
    notification,
  );
  return bed.smtp.waitFor((mail) => mail.to.includes(email));
}

const APPLIED: NotificationPayload = {
  kind: "application_received",
  jobId: "job-42",
  jobTitle: "Moving boxes",
  applicantName: "Bob",
};

describe("notification e-mails", () => {
  it("in English: the person and the job as subject, a greeting, the text and a link to the page it is about", async () => {
    const mail = await mailOf(APPLIED, "en");
    expect(mail.subject).toBe("Bob applied for Moving boxes");
    expect(mail.from).toBe("Daywork <no-reply@localhost>");
    expect(mail.text).toContain("Hello Anna,");
    expect(mail.text).toContain("Bob applied for “Moving boxes”");
    expect(mail.text).toContain("Open in Daywork: http://localhost:3000/jobs/job-42/applications");
    expect(mail.html).toContain('href="http://localhost:3000/jobs/job-42/applications"');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it("in Russian, with the start date written the Russian way", async () => {
    const mail = await mailOf(
      { kind: "application_accepted", jobId: "job-7", jobTitle: "Погрузка", startDate: "2026-11-24" },
      "ru",
      "Анна",
    );
    // A notice written before it carried who hired: what happened and the job.
    expect(mail.subject).toBe("Отклик принят: «Погрузка»");
    expect(mail.text).toContain("Здравствуйте, Анна!");
    expect(mail.text).toContain("Вас приняли на работу «Погрузка». Начало: 24 ноября 2026 г.");
    expect(mail.text).toContain("Открыть в Daywork: http://localhost:3000/jobs/job-7");
    expect(mail.text).toContain("Отписаться от этих писем: http://localhost:3000/api/unsubscribe?token=");
    expect(mail.html).toContain('<html lang="ru" dir="ltr">');
  });

  it("hired, in Russian: who hired and the job in the subject, the worker's own day, its start time and the rate", async () => {
    const mail = await mailOf(
      {
        kind: "application_accepted",
        jobId: "job-8",
        jobTitle: "Погрузка",
        startDate: "2026-12-01",
        days: ["2026-12-01"],
        employerName: "Анна Петрова",
        startTime: "08:00",
        hourlyRate: 450,
        currency: "RUB",
      },
      "ru",
      "Саша",
    );
    expect(mail.subject).toBe("Анна Петрова: вас приняли на работу «Погрузка»");
    expect(mail.text).toContain("Вас приняли на работу «Погрузка» только на эти дни: 1 декабря 2026 г.\n");
    expect(mail.text).toContain("Начало: 1 декабря 2026 г., 08:00");
    expect(mail.text).toMatch(/Ставка: 450\s₽ в час/);
    expect(mail.html).toContain("background:#007d61;color:#ffffff");
  });

  it("in Arabic, right to left, with the plural of the message count", async () => {
    const mail = await mailOf(
      { kind: "chat_messages", conversationId: "conv-1", title: "نقل الأثاث", senderName: "ليلى", count: 2 },
      "ar",
      "سارة",
    );
    expect(mail.subject).toBe("رسائل جديدة من ليلى: «نقل الأثاث»");
    expect(mail.text).toContain("مرحبًا سارة،");
    expect(mail.text).toContain("ليلى: رسالتان جديدتان");
    expect(mail.text).toContain("http://localhost:3000/chats/conv-1");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("text-align:right");
  });

  it("escapes names and titles in the HTML part, and keeps them as written in the subject and text", async () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const mail = await mailOf(
      { kind: "chat_messages", conversationId: "conv-2", title: hostile, senderName: "<b>Eve</b>", count: 1 },
      "en",
      '"><script>steal()</script>',
    );
    expect(mail.subject).toBe(`<b>Eve</b> wrote about ${hostile}`);
    expect(mail.text).toContain(`<b>Eve</b>: 1 new message`);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>Eve");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("&quot;&gt;&lt;script&gt;steal()&lt;/script&gt;");
  });

  it("carries a signed one-click unsubscribe link for the recipient in its headers and footer", async () => {
    const mail = await mailOf(APPLIED, "de");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const header = /^<(http:\/\/localhost:3000\/api\/unsubscribe\?token=([^&>]+)&lang=de)>$/.exec(
      mail.headers["list-unsubscribe"] ?? "",
    );
    expect(header).not.toBeNull();
    const [, url, token] = header ?? [];
    expect(verifyUnsubscribeToken(token ?? "", bed.t.config.authSecret)).toEqual({ userId: `user-${sent}`, channel: "email" });
    expect(mail.text).toContain(`Diese E-Mails abbestellen: ${url}`);
    expect(mail.html).toContain(`href="${(url ?? "").replaceAll("&", "&amp;")}"`);
  });
});
