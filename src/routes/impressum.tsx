import { createFileRoute } from "@tanstack/react-router";

import { LegalPage } from "../components/legal/legal-page.tsx";
import { IMPRESSUM } from "../components/legal/legal-texts.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { m } from "../paraglide/messages.js";

export const Route = createFileRoute("/impressum")({ component: ImpressumPage });

function ImpressumPage() {
  usePageTitle(m.footer_impressum());
  return <LegalPage title={m.footer_impressum()} texts={IMPRESSUM} testId="impressum-page" />;
}
