import { z } from "zod";

import { ERR } from "./errors.ts";

// The check digits of a Russian taxpayer number (ИНН), as the Federal Tax Service assigns them
// (order of the Ministry of Taxes of 03.03.2004 N БГ-3-09/178): each is a weighted sum mod 11, mod 10.
const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (const [i, weight] of weights.entries()) sum += (digits[i] ?? 0) * weight;
  return (sum % 11) % 10;
}

function digitsOf(inn: string, length: number): number[] | null {
  if (inn.length !== length || !/^\d+$/.test(inn)) return null;
  const digits = [...inn].map(Number);
  // A number of zeros passes every checksum, and the tax service assigns none.
  return digits.every((d) => d === 0) ? null : digits;
}

/** Digits of a person's ИНН. */
export const PERSONAL_INN_LENGTH = 12;

/** True when `inn` is a person's ИНН: 12 digits whose two check digits (11th and 12th) are right. */
export function isPersonalInn(inn: string): boolean {
  const digits = digitsOf(inn, PERSONAL_INN_LENGTH);
  if (!digits) return false;
  return checkDigit(digits, WEIGHTS_11) === digits[10] && checkDigit(digits, WEIGHTS_12) === digits[11];
}

/** True when `inn` is an organisation's ИНН: 10 digits whose last is its check digit. */
export function isOrganisationInn(inn: string): boolean {
  const digits = digitsOf(inn, 10);
  return digits !== null && checkDigit(digits, WEIGHTS_10) === digits[9];
}

/**
 * A self-employed (НПД) payee's ИНН as typed: spaces are dropped, and only a person's number with
 * right check digits passes (an organisation cannot be self-employed).
 */
export const personalInnSchema = z
  .string({ error: ERR.innInvalid })
  .transform((value) => value.replace(/\s+/g, ""))
  .refine(isPersonalInn, ERR.innInvalid);
