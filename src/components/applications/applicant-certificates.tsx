import { m } from "../../paraglide/messages.js";
import { CertificateRow, type CertificateSummary } from "../certificates/certificate-row.tsx";

/**
 * An applicant's PDF certificates for the employer, as the applications list answers them (one query
 * for every card); each download asks for a fresh signed link.
 */
export function ApplicantCertificates({ certificates }: { certificates: readonly CertificateSummary[] }) {
  return (
    <section className="grid gap-2" data-testid="applicant-certificates">
      <h4 className="text-sm font-medium">{m.certificates_applicant_title()}</h4>
      {certificates.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.certificates_empty()}</p>
      ) : (
        <ul className="grid divide-y rounded-lg border">
          {certificates.map((certificate) => (
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
