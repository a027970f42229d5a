import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { signFileLink, verifyFileLink } from "./signed-links.ts";

const secret = "s".repeat(40);

describe("signed file links", () => {
  it("verifies its own links until they expire", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    const { url, expiresAt } = signFileLink({ key: "chat-images/u1/1.png" }, secret, now);
    const token = url.replace("/api/files/", "");
    expect(expiresAt.toISOString()).toBe("2026-11-21T11:00:00.000Z");
    expect(verifyFileLink(token, secret, new Date("2026-11-21T10:59:59Z"))?.key).toBe("chat-images/u1/1.png");
    expect(verifyFileLink(token, secret, new Date("2026-11-21T11:00:00Z"))).toBeNull();
  });

  it("refuses altered, forged and malformed tokens", () => {
    const { url } = signFileLink({ key: "chat-images/u1/1.png" }, secret);
    const token = url.replace("/api/files/", "");
    const [payload, sig] = token.split(".") as [string, string];
    const altered = Buffer.from(JSON.stringify({ key: "certificates/u2/1-x.pdf", exp: 9_999_999_999 })).toString("base64url");
    expect(verifyFileLink(`${altered}.${sig}`, secret)).toBeNull();
    expect(verifyFileLink(`${payload}.${sig}x`, secret)).toBeNull();
    expect(verifyFileLink(token, "another-secret".repeat(3))).toBeNull();
    expect(verifyFileLink("garbage", secret)).toBeNull();
    expect(verifyFileLink(`${token}.extra`, secret)).toBeNull();
  });
});

describe("GET /api/files/:token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.files.put("chat-images/u1/1700000000000.png", Buffer.from("png-bytes"));
  });
  afterAll(() => t.close());

  it("serves the file for a valid link and 403 for an altered or expired one", async () => {
    const good = signFileLink({ key: "chat-images/u1/1700000000000.png" }, t.services.fileLinkSecret);
    const ok = await t.app.inject({ method: "GET", url: good.url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("image/png");
    expect(ok.body).toBe("png-bytes");

    const expired = signFileLink(
      { key: "chat-images/u1/1700000000000.png" },
      t.services.fileLinkSecret,
      new Date(Date.now() - 7200_000),
    );
    expect((await t.app.inject({ method: "GET", url: expired.url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `${good.url}A` })).statusCode).toBe(403);
    const forged = signFileLink({ key: "chat-images/u1/1700000000000.png" }, "not-the-server-secret-at-all-000000");
    expect((await t.app.inject({ method: "GET", url: forged.url })).statusCode).toBe(403);
  });
});
