import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { formatDay } from "../profile/dates";
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
import { formatFileSize } from "../../lib/format";
import { isolate } from "../../lib/locale";

type Certificate = { id: string; fileName: string; fileSize: number; createdAt: Date };

/** Starts a browser download of a signed link (the server answers with Content-Disposition: attachment). */
function download(url: string, fileName: string) {
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The signed-in person's certificates, newest first: name, size and date; download fetches a fresh
 * signed link on click; delete asks first.
 */
export function CertificateList() {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.certificates.list.queryOptions());
  const [opening, setOpening] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Certificate | null>(null);

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

  const open = async (certificate: Certificate) => {
    setOpening(certificate.id);
    try {
      // Links expire: always ask for a fresh one.
      const link = await queryClient.fetchQuery({ ...trpc.certificates.link.queryOptions({ id: certificate.id }), staleTime: 0, gcTime: 0 });
      download(link.url, link.fileName);
    } catch (e) {
      toastError(e, m.certificates_open_failed());
    } finally {
      setOpening(null);
    }
  };

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
          <li key={certificate.id} className="flex items-center gap-3 p-3" data-testid="certificate-item">
            <FileText aria-hidden className="size-5 shrink-0 text-primary" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate text-sm font-medium" dir="auto" data-testid="certificate-name">{certificate.fileName}</span>
              <span className="text-xs text-muted-foreground">
                <span data-testid="certificate-size">{formatFileSize(certificate.fileSize)}</span>
                {" · "}
                {formatDay(certificate.createdAt)}
              </span>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={m.certificates_open({ name: certificate.fileName })}
              title={m.certificates_open({ name: certificate.fileName })}
              disabled={opening === certificate.id}
              onClick={() => void open(certificate)}
              data-testid="certificate-download"
            >
              {opening === certificate.id ? <Spinner /> : <Download aria-hidden />}
            </Button>
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
          </li>
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
