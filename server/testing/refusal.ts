import { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import { ZodError } from "zod";

/**
 * How a procedure call was refused, as the client sees it: the tRPC code and the message key (the
 * first validation issue's key for bad input, as the error formatter answers it).
 */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; key: string }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const key = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? "") : error.message;
    return { code: error.code, key };
  }
  throw new Error("expected the call to be refused, but it succeeded");
}

/** Awaits a call that must be refused with `code` and message key `key`. */
export async function expectRefusal(call: Promise<unknown>, code: TRPCError["code"], key: string): Promise<void> {
  expect(await refusal(call)).toEqual({ code, key });
}
