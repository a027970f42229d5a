import { useNavigate } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useRef } from "react";
import { toastError } from "../../lib/toast";

/** True when a tRPC call failed because the row does not exist (or is not the caller's). */
export function isNotFound(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "NOT_FOUND";
}

/**
 * SPEC.md §8: a job that cannot be shown is reported in a toast and the reader goes home. `notFound`
 * is the description for a missing job (the server's message when omitted), `failed` for any other
 * failure. Reported once, even if the effect runs again.
 */
export function useLeaveOnError(error: unknown, messages: { notFound?: string; failed: string }) {
  const navigate = useNavigate();
  const reported = useRef(false);
  useEffect(() => {
    if (!error || reported.current) return;
    reported.current = true;
    toastError(error, isNotFound(error) ? messages.notFound : messages.failed);
    void navigate({ to: "/", replace: true });
  }, [error, messages.notFound, messages.failed, navigate]);
}
