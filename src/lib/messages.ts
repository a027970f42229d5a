import { MIN_AGE } from "../../domain/limits.ts";
import { m } from "../paraglide/messages.js";

/** A compiled message: its inputs in, the text in the current language out. */
type MessageFn = (inputs: Record<string, unknown>) => string;

// The compiled messages by key, for keys known only at run time (server error keys, enum labels).
const catalogue: Readonly<Record<string, unknown>> = m;

function messageFn(key: string): MessageFn | undefined {
  const fn = Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
  return typeof fn === "function" ? (inputs) => String(fn(inputs)) : undefined;
}

/** True when `key` is a message of the catalogue. */
export function hasMessage(key: string): boolean {
  return messageFn(key) !== undefined;
}

/**
 * The translation of a message key chosen at run time (validation and server error keys). Every such
 * message may use {minAge}; unknown keys are returned as they are.
 */
export function translate(key: string, inputs: Record<string, unknown> = {}): string {
  const fn = messageFn(key);
  return fn ? fn({ minAge: MIN_AGE, ...inputs }) : key;
}
