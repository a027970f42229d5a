import { createHmac, timingSafeEqual } from "node:crypto";

import type { LanguageCode } from "../../domain/languages.ts";

/** Who may be unsubscribed, from what: the person named, from notification e-mails. */
export type UnsubscribeClaims = { userId: string; channel: "email" };

const encode = (value: string | Buffer) => Buffer.from(value).toString("base64url");

function signature(payload: string, secret: string): string {
  // A purpose of its own, so no other token signed with the same secret (file links) passes here.
  return encode(createHmac("sha256", secret).update(`daywork-unsubscribe:${payload}`).digest());
}

/**
 * A token for the one-click unsubscribe link, signed with the auth secret like file links
 * (server/storage/signed-links.ts). It does not expire: an unsubscribe link in an old mail must still
 * work (RFC 8058), and all it can do is turn that person's e-mails off.
 */
export function signUnsubscribeToken(claims: UnsubscribeClaims, secret: string): string {
  const payload = encode(JSON.stringify({ u: claims.userId, c: claims.channel }));
  return `${payload}.${signature(payload, secret)}`;
}

/** The claims of a token whose signature holds, else null (never throws). */
export function verifyUnsubscribeToken(token: string, secret: string): UnsubscribeClaims | null {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  // Compare the signature as written: base64url has spellings that decode to the same bytes.
  const expected = Buffer.from(signature(payload, secret));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown; c?: unknown };
    if (typeof claims.u !== "string" || claims.u === "" || claims.c !== "email") return null;
    return { userId: claims.u, channel: claims.c };
  } catch {
    return null;
  }
}

/** The unsubscribe address of a person's notification e-mails: its page, and what one-click POSTs to. */
export function unsubscribeUrl(publicUrl: string, userId: string, language: LanguageCode, secret: string): string {
  const token = signUnsubscribeToken({ userId, channel: "email" }, secret);
  return `${publicUrl.replace(/\/+$/, "")}/api/unsubscribe?token=${token}&lang=${language}`;
}
