import { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import { ZodError } from "zod";

/**
 * Awaits a procedure call that must be refused with `code` and message key `key` (for bad input, the key
 * of the first validation issue, as the error formatter reports it). For tests.
 */
export async function expectRefusal(call: Promise<unknown>, code: TRPCError["code"], key: string): Promise<void> {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected a refusal ${code} ${key}`).toBeInstanceOf(TRPCError);
  const refusal = error as TRPCError;
  const actualKey = refusal.cause instanceof ZodError ? refusal.cause.issues[0]?.message : refusal.message;
  expect({ code: refusal.code, key: actualKey }).toEqual({ code, key });
}
