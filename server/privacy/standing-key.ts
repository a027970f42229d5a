import { createHmac } from "node:crypto";

/**
 * Keyed hashes of a deleted account's addresses (docs/decisions/050). The key is derived from the
 * server's auth secret, so the hashes cannot be reversed by trying addresses without it; a new account
 * with the same address hashes to the same value and inherits the deleted account's standing.
 */
export type StandingKey = { email(address: string): string; phone(number: string): string | null };

/** The standing key of a server whose auth secret is `secret`. */
export function standingKey(secret: string): StandingKey {
  const key = createHmac("sha256", secret).update("daywork deleted-account standing v1").digest();
  const hash = (kind: string, value: string) => createHmac("sha256", key).update(`${kind}:${value}`).digest("base64url");
  return {
    email: (address) => hash("email", address.trim().toLowerCase()),
    // Digits only, so "+7 (901) 000-00-01" and "79010000001" are one number; too short to be a phone: none.
    phone: (number) => {
      const digits = number.replace(/\D/g, "");
      return digits.length >= 6 ? hash("phone", digits) : null;
    },
  };
}
