import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import { resetSessionState } from "../../lib/session";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Spinner } from "../ui/spinner";

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
        await navigate({ to: "/auth" });
        toastSuccess(m.privacy_deleted_title(), m.privacy_deleted_description());
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
    <Card className="border-destructive/40" data-testid="danger-zone">
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2 text-destructive">
          <h2>
            <TriangleAlert aria-hidden className="size-5" />
            {m.privacy_danger_title()}
          </h2>
        </CardTitle>
        <CardDescription>{m.privacy_delete_hint()}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" className="h-auto min-h-10 py-2 whitespace-normal" data-testid="delete-account">{m.privacy_delete_button()}</Button>
          </AlertDialogTrigger>
          <AlertDialogContent data-testid="delete-account-dialog">
            <AlertDialogHeader>
              <AlertDialogTitle>{m.privacy_delete_dialog_title()}</AlertDialogTitle>
              <AlertDialogDescription>{m.privacy_delete_dialog_description()}</AlertDialogDescription>
            </AlertDialogHeader>
            <ul className="grid list-disc gap-1 ps-5 text-sm" data-testid="delete-account-losses">
              {lost.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending} data-testid="delete-account-cancel">
                {m.privacy_delete_cancel()}
              </AlertDialogCancel>
              <Button variant="destructive" className="h-auto min-h-10 py-2 whitespace-normal" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid="delete-account-confirm">
                {remove.isPending && <Spinner />}
                {remove.isPending ? m.privacy_deleting() : m.privacy_delete_confirm()}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
