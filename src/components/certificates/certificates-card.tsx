import { m } from "../../paraglide/messages.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { CertificateList } from "./certificate-list";
import { CertificateUpload } from "./certificate-upload";

/** /settings: upload and manage PDF certificates. */
export function CertificatesCard() {
  return (
    <Card data-testid="certificates-card">
      <CardHeader>
        <CardTitle asChild><h2>{m.certificates_title()}</h2></CardTitle>
        <CardDescription>{m.certificates_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CertificateUpload />
        <CertificateList />
      </CardContent>
    </Card>
  );
}
