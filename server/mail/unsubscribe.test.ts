import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createPerson } from "../../db/factories/users.ts";
import { profiles } from "../../db/schema/index.ts";
import { signFileLink } from "../storage/signed-links.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { sendNotificationMail } from "./notification-mail.ts";
import { signUnsubscribeToken, unsubscribeUrl } from "./unsubscribe-token.ts";

const bed = mailTestbed();

async function emailOn(userId: string): Promise<boolean | undefined> {
  const [row] = await bed.t.db.select({ on: profiles.notificationEmail }).from(profiles).where(eq(profiles.id, userId));
  return row?.on;
}

/** The path and query of an absolute link of ours, for inject(). */
const pathOf = (url: string) => url.replace(bed.t.config.publicUrl, "");

function linkFor(userId: string, language: "en" | "ru" | "ar" = "en") {
  return pathOf(unsubscribeUrl(bed.t.config.publicUrl, userId, language, bed.t.config.authSecret));
}

describe("the unsubscribe link of notification e-mails", () => {
  it("works from the mail as sent: one-click POST without our Origin switches e-mails off", async () => {
    const person = await createPerson(bed.t.db, { fullName: "Anna" });
    await sendNotificationMail(
      { mailer: bed.t.services.mailer, config: bed.t.config },
      { userId: person.id, email: person.email, name: "Anna", language: "en" },
      {
        id: "n-1",
        payload: { kind: "job_started", jobId: "job-1", jobTitle: "Moving boxes" },
        read: false,
        createdAt: new Date(),
      },
    );
    const mail = await bed.smtp.waitFor((m) => m.to.includes(person.email));
    const url = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
    expect(await emailOn(person.id)).toBe(true);

    // What a mail provider sends (RFC 8058): a form POST from its own servers, no Origin of ours.
    const res = await bed.t.app.inject({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("You are unsubscribed");
    expect(await emailOn(person.id)).toBe(false);

    // Again: nothing left to change, still fine.
    const again = await bed.t.app.inject({ method: "POST", url: pathOf(url), headers: { origin: "https://mail.example" } });
    expect(again.statusCode).toBe(200);
    expect(await emailOn(person.id)).toBe(false);
  });

  it("accepts the one-click POST as multipart and from a foreign origin", async () => {
    const person = await createPerson(bed.t.db);
    const res = await bed.t.app.inject({
      method: "POST",
      url: linkFor(person.id),
      headers: { origin: "https://mail.example", "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(200);
    expect(await emailOn(person.id)).toBe(false);
  });

  it("GET only asks: a translated page whose button posts to the same link, and nothing changes", async () => {
    const person = await createPerson(bed.t.db);
    const link = linkFor(person.id, "ru");
    const res = await bed.t.app.inject({ method: "GET", url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain('<html lang="ru" dir="ltr">');
    expect(res.body).toContain("Отписка от писем");
    expect(res.body).toContain(`<form method="post" action="${link.replaceAll("&", "&amp;")}">`);
    expect(res.body).toContain(">Отписаться</button>");
    expect(await emailOn(person.id)).toBe(true);
  });

  it("speaks the person's own language when the link names none, right to left for Arabic", async () => {
    const person = await createPerson(bed.t.db, { language: "ar" });
    const token = signUnsubscribeToken({ userId: person.id, channel: "email" }, bed.t.config.authSecret);
    const res = await bed.t.app.inject({ method: "GET", url: `/api/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain("إلغاء الاشتراك");
  });

  describe("refuses a token it did not sign, with a clear page and no change", () => {
    let victim: string;
    let token: string;
    beforeAll(async () => {
      victim = (await createPerson(bed.t.db)).id;
      token = signUnsubscribeToken({ userId: victim, channel: "email" }, bed.t.config.authSecret);
    });

    it.each([
      [
        "signed with another secret",
        () => signUnsubscribeToken({ userId: victim, channel: "email" }, "another-secret-another-secret-0123"),
      ],
      [
        "naming another person under the original signature",
        () => {
          const forged = Buffer.from(JSON.stringify({ u: "someone-else", c: "email" })).toString("base64url");
          return `${forged}.${token.split(".")[1]}`;
        },
      ],
      ["with an altered signature", () => `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`],
      ["cut short", () => token.slice(0, 20)],
      ["without a signature", () => token.split(".")[0] ?? ""],
      ["with a part too many", () => `${token}.x`],
      ["that is not base64 at all", () => "%%%.%%%"],
      ["empty", () => ""],
    ])("%s", async (_case, makeToken) => {
      for (const method of ["GET", "POST"] as const) {
        const res = await bed.t.app.inject({
          method,
          url: `/api/unsubscribe?token=${encodeURIComponent(makeToken())}&lang=en`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: method === "POST" ? "List-Unsubscribe=One-Click" : undefined,
        });
        expect(res.statusCode, method).toBe(400);
        expect(res.headers["content-type"]).toContain("text/html");
        expect(res.body).toContain("This link does not work");
      }
      expect(await emailOn(victim)).toBe(true);
    });

    it("answers a missing token and an oversized one the same way, in the browser's language", async () => {
      const missing = await bed.t.app.inject({
        method: "GET",
        url: "/api/unsubscribe",
        headers: { "accept-language": "fr-FR,fr;q=0.9" },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain("Ce lien ne fonctionne pas");
      const huge = await bed.t.app.inject({ method: "POST", url: `/api/unsubscribe?token=${"a".repeat(5000)}&lang=de` });
      expect(huge.statusCode).toBe(400);
      expect(huge.body).toContain("Dieser Link funktioniert nicht");
    });

    it("does not take a file-link token signed with the same secret", async () => {
      const fileToken = signFileLink({ key: victim }, bed.t.config.authSecret).url.split("/").pop() ?? "";
      const res = await bed.t.app.inject({ method: "POST", url: `/api/unsubscribe?token=${fileToken}` });
      expect(res.statusCode).toBe(400);
      expect(await emailOn(victim)).toBe(true);
    });
  });

  it("stays behind the origin guard for every other POST under /api/", async () => {
    const res = await bed.t.app.inject({
      method: "POST",
      url: "/api/unsubscribe-all",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      payload: "a=1",
    });
    expect(res.statusCode).toBe(403);
  });
});
