import { createHmac, timingSafeEqual } from "node:crypto";

import { LIMITS } from "../../domain/limits.ts";

export type LinkClaims = {
  /** Storage key of the file. */
  key: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** Name offered when downloading (certificates keep their original name). */
  name?: string;
};

const encode = (value: string | Buffer) => Buffer.from(value).toString("base64url");

function signature(payload: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`daywork-file-link:${payload}`).digest();
}

/** A link path to a stored file, valid for `ttlSeconds` (3600 by default). */
export function signFileLink(
  claims: Omit<LinkClaims, "exp">,
  secret: string,
  now: Date = new Date(),
  ttlSeconds: number = LIMITS.signedUrlSeconds,
): { url: string; expiresAt: Date } {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const payload = encode(JSON.stringify({ ...claims, exp }));
  const token = `${payload}.${encode(signature(payload, secret))}`;
  return { url: `/api/files/${token}`, expiresAt: new Date(exp * 1000) };
}

/** The claims of a link token when its signature holds and it has not expired, else null. */
export function verifyFileLink(token: string, secret: string, now: Date = new Date()): LinkClaims | null {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const expected = signature(payload, secret);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as LinkClaims;
    if (typeof claims.key !== "string" || typeof claims.exp !== "number") return null;
    if (claims.exp * 1000 <= now.getTime()) return null;
    return claims;
  } catch {
    return null;
  }
}
