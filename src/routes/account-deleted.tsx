import { createFileRoute, Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";

import { LEGAL } from "../../domain/legal.ts";
import { NoticePage } from "../components/layout/notice.tsx";
import { LinkButton } from "../components/ui/link-button.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { m } from "../paraglide/messages.js";

export const Route = createFileRoute("/account-deleted")({ component: AccountDeletedPage });

/** Where deleting an account ends (docs/decisions/050): it is done, what went, and what stays for the other side. */
function AccountDeletedPage() {
  usePageTitle(m.privacy_deleted_title());
  return (
    <NoticePage
      icon={<CircleCheck aria-hidden className="size-6 text-primary" />}
      title={m.privacy_deleted_title()}
      hint={m.privacy_deleted_description()}
      testId="account-deleted"
    >
      <div className="grid w-full gap-3 text-sm">
        <p>{m.account_deleted_erased()}</p>
        <p className="text-muted-foreground" data-testid="account-deleted-kept">
          {m.privacy_delete_kept({ years: LEGAL.deletedAccountStandingYears })}
        </p>
        <div className="flex flex-wrap items-center justify-center gap-4">
          <LinkButton to="/">{m.account_deleted_home()}</LinkButton>
          <Link to="/privacy" className="text-primary underline-offset-4 hover:underline">
            {m.footer_privacy()}
          </Link>
        </div>
      </div>
    </NoticePage>
  );
}
