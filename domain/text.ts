import { z } from "zod";

import { ERR } from "./errors.ts";

/**
 * Free text as every form and procedure takes it: control characters refused, trimmed before it is
 * measured, so blanks around it never count against a limit or pass for content.
 */

/** C0 and C1 control characters (NUL among them) except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Any string a person or a script may send: a control character is refused with a clear message
 * ('Remove the invisible control characters…') rather than stored, logged or handed to the database,
 * which refuses NUL in text (docs/decisions/013). Every text schema in domain/ starts here.
 */
export function typedText(params?: { error: string }) {
  return z.string(params).refine((v) => !CONTROL_CHARACTERS.test(v), { error: ERR.textControlCharacters, abort: true });
}

/** Optional text of at most `max` characters; blank or missing means none (null). */
export function optionalText(max: number, tooLong: string) {
  return typedText()
    .trim()
    .max(max, tooLong)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null);
}

/**
 * Required text of `min` to `max` characters. `required` is the message for a missing or blank value
 * (a form may name one message for all its empty fields), `tooShort` and `tooLong` for the bounds.
 */
export function boundedText(bounds: { min: number; max: number; required: string; tooShort: string; tooLong: string }) {
  return typedText({ error: bounds.required })
    .trim()
    .min(1, bounds.required)
    .min(bounds.min, bounds.tooShort)
    .max(bounds.max, bounds.tooLong);
}
