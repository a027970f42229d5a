import { MailWarning } from "lucide-react";

import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { NoticeCard } from "../layout/notice.tsx";
import { ResendVerificationButton } from "./resend-verification-button.tsx";

/**
 * Above a form whose sending needs a confirmed address (posting a job): says so before anything is typed,
 * with the way to get a new link (docs/decisions/017). Nothing once the address is confirmed.
 */
export function UnconfirmedAddressNotice() {
  const account = useMe().data?.user;
  if (!account || account.emailVerified) return null;
  return (
    <div className="mb-6">
      <NoticeCard
        icon={<MailWarning aria-hidden className="size-6" />}
        title={m.error_email_unverified()}
        testId="unconfirmed-notice"
      >
        <ResendVerificationButton email={account.email} variant="outline" />
      </NoticeCard>
    </div>
  );
}
