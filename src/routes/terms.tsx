import { createFileRoute } from "@tanstack/react-router";

import { LegalPage } from "../components/legal/legal-page.tsx";
import { TERMS } from "../components/legal/legal-texts.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { m } from "../paraglide/messages.js";

export const Route = createFileRoute("/terms")({ component: TermsPage });

function TermsPage() {
  usePageTitle(m.footer_terms());
  return <LegalPage title={m.footer_terms()} texts={TERMS} testId="terms-page" />;
}
