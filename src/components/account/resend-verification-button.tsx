import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";

import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { PendingButton } from "../forms/pending-button.tsx";
import type { ButtonProps } from "../ui/button.tsx";

/** Sends the signed-in person a new confirmation link (limited per client and per account on the server). */
export function ResendVerificationButton({ email, ...props }: { email: string } & Pick<ButtonProps, "variant" | "size">) {
  const resend = useMutation({
    mutationFn: async () => {
      // The new link comes back to the page the person asked from (the job form, say: docs/decisions/053).
      const callback = new URL("/verify-email", window.location.origin);
      const { pathname, search } = window.location;
      if (pathname !== "/verify-email") callback.searchParams.set("redirect", `${pathname}${search}`);
      const callbackURL = callback.href;
      const { authClient } = await import("../../lib/auth-client.ts");
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL });
      if (error) throw error;
    },
    onSuccess: () => toastSuccess(m.verify_banner_sent()),
    onError: (error) => toastError(error),
  });
  return (
    <PendingButton
      pending={resend.isPending}
      icon={<Send aria-hidden className="rtl:-scale-x-100" />}
      onClick={() => resend.mutate()}
      data-testid="verify-resend"
      {...props}
    >
      {m.verify_banner_resend()}
    </PendingButton>
  );
}
