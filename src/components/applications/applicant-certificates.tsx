import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, FileText } from "lucide-react";
import { useState } from "react";
import { toastError } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { formatFileSize } from "../../lib/format";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { formatDay } from "./hiring-utils";

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

/** An applicant's PDF certificates for the employer; each download asks for a fresh signed link. */
export function ApplicantCertificates({ workerId }: { workerId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.certificates.ofWorker.queryOptions({ workerId }));
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (certificate: { id: string; fileName: string }) => {
    setOpening(certificate.id);
    try {
      // Links expire: never reuse one.
      const link = await queryClient.fetchQuery({ ...trpc.certificates.link.queryOptions({ id: certificate.id }), staleTime: 0, gcTime: 0 });
      download(link.url, link.fileName);
    } catch (error) {
      toastError(error, m.certificates_open_failed());
    } finally {
      setOpening(null);
    }
  };

  if (list.isError) return null;
  return (
    <section className="grid gap-2" data-testid="applicant-certificates">
      <h4 className="text-sm font-medium">{m.certificates_applicant_title()}</h4>
      {list.isPending ? (
        <Skeleton className="h-10" />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.certificates_empty()}</p>
      ) : (
        <ul className="grid divide-y rounded-lg border">
          {list.data.map((certificate) => (
            <li key={certificate.id} className="flex items-center gap-3 p-2 ps-3" data-testid="applicant-certificate">
              <FileText aria-hidden className="size-5 shrink-0 text-primary" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate text-sm font-medium" dir="auto">{certificate.fileName}</span>
                <span className="text-xs text-muted-foreground">
                  {formatFileSize(certificate.fileSize)} · {formatDay(certificate.createdAt)}
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
                data-testid="applicant-certificate-download"
              >
                {opening === certificate.id ? <Spinner /> : <Download aria-hidden />}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
