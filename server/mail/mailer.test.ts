import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadConfig } from "../config.ts";
import { startSmtpPeer, type SmtpPeer } from "../testing/smtp-peer.ts";
import { createMailer, linksIn, type StoredMail } from "./create-mailer.ts";
import type { Mail } from "./mailer.ts";

const silent = { info: () => {}, warn: () => {} };

const MAIL: Mail = {
  to: "anna@example.com",
  subject: "Новый отклик «Погрузка»",
  text: "Hello Anna,\n\nOpen: http://localhost:3000/jobs/1?a=1&b=2\n\nUnsubscribe: http://localhost:3000/api/unsubscribe?token=x.y&lang=ru\n",
  html: '<p>Hello Anna,</p><p><a href="http://localhost:3000/jobs/1?a=1&amp;b=2">Open</a></p><p><a href="http://localhost:3000/api/unsubscribe?token=x.y&amp;lang=ru">Unsubscribe</a></p>',
  headers: {
    "List-Unsubscribe": "<http://localhost:3000/api/unsubscribe?token=x.y&lang=ru>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};

describe("the SMTP mailer", () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(() => peer.close());

  it("delivers both parts and the unsubscribe headers to SMTP_URL, from MAIL_FROM", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      BETTER_AUTH_SECRET: "x".repeat(32),
      SMTP_URL: peer.url,
      MAIL_FROM: "Daywork <jobs@daywork.test>",
    });
    const mailer = createMailer(config, silent);
    try {
      await mailer.send(MAIL);
    } finally {
      await mailer.close();
    }
    const received = await peer.waitFor((mail) => mail.to.includes("anna@example.com"));
    expect(received).toMatchObject({
      to: ["anna@example.com"],
      from: "Daywork <jobs@daywork.test>",
      subject: "Новый отклик «Погрузка»",
    });
    expect(received.text).toContain("http://localhost:3000/jobs/1?a=1&b=2");
    expect(received.html).toContain('<a href="http://localhost:3000/jobs/1?a=1&amp;b=2">Open</a>');
    expect(received.headers["list-unsubscribe"]).toBe("<http://localhost:3000/api/unsubscribe?token=x.y&lang=ru>");
    expect(received.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("rejects when the SMTP server cannot be reached", async () => {
    const closed = await startSmtpPeer();
    await closed.close();
    const mailer = createMailer(
      loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(32), SMTP_URL: closed.url }),
      silent,
    );
    await expect(mailer.send(MAIL)).rejects.toThrow();
    await mailer.close();
  });
});

describe("the local inbox", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "daywork-inbox-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes each mail as a JSON file and logs its recipient, subject and every link", async () => {
    const lines: { fields: object; message: string }[] = [];
    const log = { info: (fields: object, message: string) => lines.push({ fields, message }), warn: () => {} };
    const config = loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(32), MAIL_DIR: dir });
    const mailer = createMailer(config, log);
    await mailer.send(MAIL);
    await mailer.close();

    const files = (await readdir(dir)).filter((name) => name.endsWith(".json"));
    expect(files).toHaveLength(1);
    const stored = JSON.parse(await readFile(path.join(dir, files[0] ?? ""), "utf8")) as StoredMail;
    expect(stored).toMatchObject({
      from: "Daywork <no-reply@localhost>",
      to: MAIL.to,
      subject: MAIL.subject,
      text: MAIL.text,
      html: MAIL.html,
      headers: MAIL.headers,
    });
    expect(new Date(stored.date).getTime()).not.toBeNaN();

    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line?.message).toContain("anna@example.com");
    expect(line?.message).toContain(MAIL.subject);
    expect(line?.message).toContain("http://localhost:3000/jobs/1?a=1&b=2");
    expect(line?.message).toContain("http://localhost:3000/api/unsubscribe?token=x.y&lang=ru");
    expect(line?.fields).toMatchObject({
      mail: {
        to: MAIL.to,
        links: ["http://localhost:3000/jobs/1?a=1&b=2", "http://localhost:3000/api/unsubscribe?token=x.y&lang=ru"],
      },
    });
  });

  it("keeps mails in the order they were sent", async () => {
    const mailer = createMailer(loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(32), MAIL_DIR: dir }), silent);
    for (const subject of ["first", "second", "third"]) await mailer.send({ ...MAIL, subject });
    const names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
    const subjects = await Promise.all(
      names.map(async (name) => (JSON.parse(await readFile(path.join(dir, name), "utf8")) as StoredMail).subject),
    );
    expect(subjects.slice(-3)).toEqual(["first", "second", "third"]);
  });
});

describe("mail configuration", () => {
  const base = { NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(32), DATA_DIR: "./.data-test" } as const;

  it("uses the local inbox in DATA_DIR/mail and a no-reply sender of PUBLIC_URL's host by default", () => {
    expect(loadConfig({ ...base, PUBLIC_URL: "https://daywork.example" }).mail).toEqual({
      smtpUrl: null,
      from: "Daywork <no-reply@daywork.example>",
      dir: path.resolve("./.data-test/mail"),
      timeoutMs: 15_000,
      retryDelaySeconds: 15,
    });
  });

  it("takes SMTP_URL for smtp:// and smtps:// and refuses anything else", () => {
    expect(loadConfig({ ...base, SMTP_URL: "smtps://user:pass@mail.example:465" }).mail.smtpUrl).toBe(
      "smtps://user:pass@mail.example:465",
    );
    expect(() => loadConfig({ ...base, SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
  });
});

describe("linksIn", () => {
  it("finds each link once, from the text and the HTML", () => {
    expect(
      linksIn({ text: "see https://a.example/x. and (https://b.example/y)", html: '<a href="https://a.example/x">x</a>' }),
    ).toEqual(["https://a.example/x", "https://b.example/y"]);
  });
});
