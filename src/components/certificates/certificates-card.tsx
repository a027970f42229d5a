import { m } from "../../paraglide/messages.js";
import { SectionCard } from "../ui/card.tsx";
import { CertificateList } from "./certificate-list.tsx";
import { CertificateUpload } from "./certificate-upload.tsx";

/** /settings: upload and manage PDF certificates. */
export function CertificatesCard() {
  return (
    <SectionCard
      title={m.certificates_title()}
      description={m.certificates_description()}
      contentClassName="grid gap-4"
      data-testid="certificates-card"
    >
      <CertificateUpload />
      <CertificateList />
    </SectionCard>
  );
}
