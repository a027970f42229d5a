import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";

import { LEGAL } from "../../../domain/legal.ts";
import { authClient } from "../../lib/auth-client.ts";
import { resetSessionState } from "../../lib/session.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { ConfirmDialog } from "../forms/confirm-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";

/** The danger zone: deleting the account after a dialog that lists what goes with it. One-way. */
export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const remove = useMutation(
    trpc.privacy.deleteAccount.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        // The server already ended the session with the account; this clears the cookie too.
        await authClient.signOut().catch(() => undefined);
        await resetSessionState(queryClient);
        // A page that says it is done, and what stays for the other side (docs/decisions/050).
        await navigate({ to: "/account-deleted", replace: true });
      },
      onError: (error) => toastError(error, m.privacy_delete_failed()),
    }),
  );

  const lost = [
    m.privacy_delete_item_profile(),
    m.privacy_delete_item_jobs(),
    m.privacy_delete_item_messages(),
    m.privacy_delete_item_certificates(),
    m.privacy_delete_item_reviews(),
  ];

  return (
    <SectionCard
      title={m.privacy_danger_title()}
      icon={<TriangleAlert aria-hidden className="size-5" />}
      description={m.privacy_delete_hint()}
      danger
      data-testid="danger-zone"
    >
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="destructive" size="wrap" data-testid="delete-account">
            {m.privacy_delete_button()}
          </Button>
        }
        title={m.privacy_delete_dialog_title()}
        description={m.privacy_delete_dialog_description()}
        labels={{ cancel: m.privacy_delete_cancel(), confirm: m.privacy_delete_confirm(), pending: m.privacy_deleting() }}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        testIds={{ dialog: "delete-account-dialog", cancel: "delete-account-cancel", confirm: "delete-account-confirm" }}
      >
        <ul className="grid list-disc gap-1 ps-5 text-sm" data-testid="delete-account-losses">
          {lost.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground" data-testid="delete-account-kept">
          {m.privacy_delete_kept({ years: LEGAL.deletedAccountStandingYears })}
        </p>
      </ConfirmDialog>
    </SectionCard>
  );
}
