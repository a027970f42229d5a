/**
 * What the stand-ins do with a card number typed on their pages: the providers' own test numbers
 * (Stripe's docs: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995
 * has insufficient funds; YooKassa's docs: 5555 5555 5555 4477 succeeds). Any other number that passes
 * the Luhn check succeeds; one that fails it is refused as mistyped.
 */
export type CardOutcome = "approved" | "declined" | "insufficient_funds" | "invalid_number";

const OUTCOMES: Record<string, CardOutcome> = {
  "4000000000000002": "declined",
  "4000000000009995": "insufficient_funds",
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (const [i, char] of [...digits].reverse().entries()) {
    let d = Number(char);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The outcome of paying, or being paid, with `typed` (spaces allowed). */
export function cardOutcome(typed: string): CardOutcome {
  const digits = typed.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return "invalid_number";
  return OUTCOMES[digits] ?? "approved";
}

/** The card's brand as providers name it in card objects. */
export function cardBrand(digits: string): "Visa" | "MasterCard" | "Mir" | "Unknown" {
  if (digits.startsWith("4")) return "Visa";
  if (/^5[1-5]|^2[2-7]2/.test(digits) && !digits.startsWith("220")) return "MasterCard";
  if (digits.startsWith("220")) return "Mir";
  return "Unknown";
}
