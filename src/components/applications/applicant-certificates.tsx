import { useQuery } from "@tanstack/react-query";

import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { CertificateRow } from "../certificates/certificate-row.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

/** An applicant's PDF certificates for the employer; each download asks for a fresh signed link. */
export function ApplicantCertificates({ workerId }: { workerId: string }) {
  const list = useQuery(trpc.certificates.ofWorker.queryOptions({ workerId }));

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
            <CertificateRow
              key={certificate.id}
              certificate={certificate}
              className="flex items-center gap-3 p-2 ps-3"
              testIds={{ row: "applicant-certificate", download: "applicant-certificate-download" }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
