import { createFileRoute } from "@tanstack/react-router";

import { LegalPage } from "../components/legal/legal-page.tsx";
import { PRIVACY } from "../components/legal/legal-texts.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { m } from "../paraglide/messages.js";

export const Route = createFileRoute("/privacy")({ component: PrivacyPage });

function PrivacyPage() {
  usePageTitle(m.footer_privacy());
  return <LegalPage title={m.footer_privacy()} texts={PRIVACY} testId="privacy-page" />;
}
