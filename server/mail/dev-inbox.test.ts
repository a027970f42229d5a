import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSmtpPeer } from "../testing/smtp-peer.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { sendNotificationMail } from "./notification-mail.ts";

describe("the local inbox page, outside production without SMTP", () => {
  let t: TestApp;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "development" } });
    await sendNotificationMail(
      { mailer: t.services.mailer, config: t.config },
      { userId: "u-1", email: "anna@example.com", name: "Anna <3", language: "en" },
      {
        id: "n-1",
        payload: { kind: "job_cancelled", jobId: "job-9", jobTitle: "<script>alert(1)</script> boxes" },
        read: false,
        createdAt: new Date(),
      },
    );
    await t.services.mailer.send({ to: "bob@example.com", subject: "Second", text: "Newer", html: "<p>Newer</p>" });
    const files = (await readdir(t.mailDir)).sort();
    id = (files[0] ?? "").replace(/\.json$/, "");
  });
  afterAll(() => t.close());

  it("lists the newest mails first with recipient and subject, linking to each", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dev/mail" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("anna@example.com");
    expect(res.body).toContain(`<a href="/dev/mail/${id}">Job cancelled: &lt;script&gt;alert(1)&lt;/script&gt; boxes</a>`);
    expect(res.body.indexOf("bob@example.com")).toBeLessThan(res.body.indexOf("anna@example.com"));
  });

  it("shows one mail: headers, its HTML in a sandboxed frame and its text with clickable links", async () => {
    const res = await t.app.inject({ method: "GET", url: `/dev/mail/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/dev/mail/${id}/html">`,
    );
    expect(res.body).toContain('<a href="http://localhost:3000/jobs/job-9">http://localhost:3000/jobs/job-9</a>');
    expect(res.body).toMatch(/<a href="http:\/\/localhost:3000\/api\/unsubscribe\?token=[^"]+&amp;lang=en">/);
    expect(res.body).toContain("Hello Anna &lt;3,");
    expect(res.body).not.toContain("<script>");
  });

  it("serves the mail's HTML only for the frame: sandboxed, no scripts, links in a new tab", async () => {
    const res = await t.app.inject({ method: "GET", url: `/dev/mail/${id}/html` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toContain("sandbox allow-popups");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(res.body).toContain('<base target="_blank">');
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt; boxes");
  });

  it("answers 404 for a mail that is not there, or a name that climbs out of the inbox", async () => {
    for (const url of ["/dev/mail/20260101-000000000-deadbeef", "/dev/mail/..%2F..%2Fpackage", "/dev/mail/x/html"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});

describe("the local inbox page elsewhere", () => {
  it("is not there in production", async () => {
    const t = await createTestApp({ env: { NODE_ENV: "production" } });
    try {
      expect((await t.app.inject({ method: "GET", url: "/dev/mail" })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/dev/mail/x" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("is not there when mail goes out over SMTP", async () => {
    const peer = await startSmtpPeer();
    const t = await createTestApp({ env: { NODE_ENV: "development", SMTP_URL: peer.url } });
    try {
      expect((await t.app.inject({ method: "GET", url: "/dev/mail" })).statusCode).toBe(404);
    } finally {
      await t.close();
      await peer.close();
    }
  });
});
