import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";

import { isolate } from "../../lib/locale.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { ConfirmDialog } from "../forms/confirm-dialog.tsx";
import { IconButton } from "../ui/button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { CertificateRow, type CertificateSummary } from "./certificate-row.tsx";

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
    return (
      <p className="text-sm text-muted-foreground" data-testid="certificates-empty">
        {m.certificates_empty()}
      </p>
    );
  }

  return (
    <>
      <p className="sr-only">{m.certificates_count({ count: items.length })}</p>
      <ul className="grid divide-y rounded-lg border" data-testid="certificate-list">
        {items.map((certificate) => (
          <CertificateRow
            key={certificate.id}
            certificate={certificate}
            testIds={{ row: "certificate-item", download: "certificate-download" }}
          >
            <IconButton
              type="button"
              label={m.certificates_delete({ name: certificate.fileName })}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => setConfirming(certificate)}
              data-testid="certificate-delete"
            >
              <Trash2 aria-hidden />
            </IconButton>
          </CertificateRow>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={m.certificates_delete_title()}
        description={m.certificates_delete_description({ name: isolate(confirming?.fileName ?? "") })}
        labels={{ cancel: m.profile_cancel(), confirm: m.certificates_delete_confirm() }}
        pending={remove.isPending}
        onConfirm={() => confirming && remove.mutate({ id: confirming.id })}
        testIds={{ dialog: "certificate-delete-dialog", confirm: "certificate-delete-confirm" }}
      />
    </>
  );
}
