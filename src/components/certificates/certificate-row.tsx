import { useQueryClient } from "@tanstack/react-query";
import { Download, FileText } from "lucide-react";
import { useState, type ReactNode } from "react";

import { formatDay, formatFileSize } from "../../lib/format.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { IconButton } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

export type CertificateSummary = { id: string; fileName: string; fileSize: number; createdAt: Date };

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

/** Downloads a certificate through a fresh signed link each time (links expire, so none is reused). */
export function useCertificateDownload() {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (certificate: { id: string }) => {
    setOpening(certificate.id);
    try {
      const link = await queryClient.fetchQuery({
        ...trpc.certificates.link.queryOptions({ id: certificate.id }),
        staleTime: 0,
        gcTime: 0,
      });
      download(link.url, link.fileName);
    } catch (error) {
      toastError(error, m.certificates_open_failed());
    } finally {
      setOpening(null);
    }
  };
  return { opening, open };
}

/** One certificate: name, size and date, a download button, and any further actions the list adds. */
export function CertificateRow({
  certificate,
  testIds,
  className,
  children,
}: {
  certificate: CertificateSummary;
  testIds: { row: string; download: string };
  className?: string;
  children?: ReactNode;
}) {
  const { opening, open } = useCertificateDownload();
  return (
    <li className={className ?? "flex items-center gap-3 p-3"} data-testid={testIds.row}>
      <FileText aria-hidden className="size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium" dir="auto" data-testid="certificate-name">
          {certificate.fileName}
        </span>
        <span className="text-xs text-muted-foreground">
          <span data-testid="certificate-size">{formatFileSize(certificate.fileSize)}</span>
          {" · "}
          {formatDay(certificate.createdAt)}
        </span>
      </div>
      <IconButton
        type="button"
        label={m.certificates_open({ name: certificate.fileName })}
        disabled={opening === certificate.id}
        onClick={() => void open(certificate)}
        data-testid={testIds.download}
      >
        {opening === certificate.id ? <Spinner /> : <Download aria-hidden />}
      </IconButton>
      {children}
    </li>
  );
}
