import { MIN_AGE } from "../../domain/limits.ts";
import { m } from "../paraglide/messages.js";

type MessageFn = (inputs?: Record<string, unknown>) => string;
const catalogue = m as unknown as Record<string, MessageFn | undefined>;

/** True when `key` is a message of the catalogue. */
export function hasMessage(key: string): boolean {
  return typeof catalogue[key] === "function";
}

/**
 * The translation of a message key chosen at run time (validation and server error keys). Every such
 * message may use {minAge}; unknown keys are returned as they are.
 */
export function translate(key: string, inputs: Record<string, unknown> = {}): string {
  const fn = catalogue[key];
  return fn ? fn({ minAge: MIN_AGE, ...inputs }) : key;
}
