import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
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
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { isolate } from "../../lib/locale";
import { CertificateRow, type CertificateSummary } from "./certificate-row";


/**
 * The signed-in person's certificates, newest first: name, size and date; download fetches a fresh
 * signed link on click; delete asks first.
 */
export function CertificateList() {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.certificates.list.queryOptions());
  const [confirming, setConfirming] = useState<CertificateSummary | null>(null);

  const remove = useMutation(
    trpc.certificates.delete.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        await queryClient.invalidateQueries({ queryKey: trpc.certificates.list.queryKey() });
        toastSuccess(m.certificates_deleted());
      },
      onError: (e) => toastError(e, m.certificates_delete_failed()),
    }),
  );

  if (list.isPending) return <Skeleton className="h-14" />;
  const items = list.data ?? [];
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground" data-testid="certificates-empty">{m.certificates_empty()}</p>;
  }

  return (
    <>
      <p className="sr-only">{m.certificates_count({ count: items.length })}</p>
      <ul className="grid divide-y rounded-lg border" data-testid="certificate-list">
        {items.map((certificate) => (
          <CertificateRow key={certificate.id} certificate={certificate} testIds={{ row: "certificate-item", download: "certificate-download" }}>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              aria-label={m.certificates_delete({ name: certificate.fileName })}
              title={m.certificates_delete({ name: certificate.fileName })}
              onClick={() => setConfirming(certificate)}
              data-testid="certificate-delete"
            >
              <Trash2 aria-hidden />
            </Button>
          </CertificateRow>
        ))}
      </ul>
      <AlertDialog open={confirming !== null} onOpenChange={(next) => !next && !remove.isPending && setConfirming(null)}>
        <AlertDialogContent data-testid="certificate-delete-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{m.certificates_delete_title()}</AlertDialogTitle>
            <AlertDialogDescription className="break-words">
              {m.certificates_delete_description({ name: isolate(confirming?.fileName ?? "") })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{m.profile_cancel()}</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => confirming && remove.mutate({ id: confirming.id })}
              data-testid="certificate-delete-confirm"
            >
              {remove.isPending && <Spinner />}
              {m.certificates_delete_confirm()}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
