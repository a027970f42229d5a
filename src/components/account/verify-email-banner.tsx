import { MailWarning, X } from "lucide-react";
import { useState } from "react";

import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { IconButton } from "../ui/button.tsx";
import { ResendVerificationButton } from "./resend-verification-button.tsx";

// Hidden for the rest of the browser session once dismissed; it comes back in a new one until confirmed.
const DISMISSED_KEY = "verify-banner-dismissed";

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** Under the header on every page while the signed-in person's address is unconfirmed (docs/decisions/017). */
export function VerifyEmailBanner() {
  const me = useMe();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const account = me.data?.user;
  if (!account || account.emailVerified || dismissed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage refused (private mode): hidden until the page reloads.
    }
    setDismissed(true);
  };

  return (
    <div className="border-b bg-amber-50 text-amber-950" data-testid="verify-banner">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2 text-sm">
        <MailWarning aria-hidden className="mt-2 size-5 shrink-0" />
        {/* On a phone the text takes the row and the button goes under it. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-2">
          <p className="min-w-[min(100%,16rem)] flex-1 py-2 break-words">{m.verify_banner_text({ email: account.email })}</p>
          <ResendVerificationButton email={account.email} variant="outline" size="sm" />
        </div>
        <IconButton label={m.common_close()} onClick={dismiss} data-testid="verify-banner-dismiss">
          <X aria-hidden />
        </IconButton>
      </div>
    </div>
  );
}
