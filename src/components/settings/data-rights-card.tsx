import { useMutation } from "@tanstack/react-query";
import { Bell, CheckCircle2, ChevronRight, Download, LogOut, XCircle } from "lucide-react";

import { todayIn } from "../../../domain/age.ts";
import { formatDay } from "../../lib/format.ts";
import { useSignOut } from "../../lib/session.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { Separator } from "../ui/separator.tsx";
import { Spinner } from "../ui/spinner.tsx";
import type { PrivacyStatus } from "./types.ts";

/** Saves `data` as one pretty-printed JSON file through a temporary object URL. */
function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function StatusLine({
  ok,
  label,
  value,
  date,
  testId,
}: {
  ok: boolean;
  label: string;
  value: string;
  date?: string;
  testId: string;
}) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <div className="flex items-start gap-3" data-testid={testId} data-ok={ok}>
      <Icon
        aria-hidden
        className={ok ? "mt-0.5 size-5 shrink-0 text-emerald-600" : "mt-0.5 size-5 shrink-0 text-muted-foreground"}
      />
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">{value}</span>
        {date && <span className="text-muted-foreground">{date}</span>}
      </div>
    </div>
  );
}

/** Consent and terms status, export as JSON, notifications link and sign-out. */
export function DataRightsCard({ status }: { status: PrivacyStatus }) {
  const signOut = useSignOut();
  const exportData = useMutation(
    trpc.privacy.export.mutationOptions({
      onSuccess: (data) => {
        saveJson(data, `daywork-data-${todayIn()}.json`);
        toastSuccess(m.privacy_export_done_title(), m.privacy_export_done_description());
      },
      onError: (error) => toastError(error, m.privacy_export_failed()),
    }),
  );

  return (
    <SectionCard
      title={m.privacy_rights_title()}
      description={m.privacy_rights_description()}
      contentClassName="grid gap-4"
      data-testid="data-rights"
    >
      <StatusLine
        ok={status.consentDataProcessing}
        label={m.privacy_consent_status()}
        value={status.consentDataProcessing ? m.privacy_consent_given() : m.privacy_consent_not_given()}
        date={status.consentDate ? m.privacy_consent_date({ date: formatDay(status.consentDate, "long") }) : undefined}
        testId="privacy-consent-status"
      />
      <StatusLine
        ok={status.termsAccepted}
        label={m.privacy_terms_status()}
        value={status.termsAccepted ? m.privacy_terms_accepted() : m.privacy_terms_not_accepted()}
        date={status.termsAcceptedDate ? m.privacy_terms_date({ date: formatDay(status.termsAcceptedDate, "long") }) : undefined}
        testId="privacy-terms-status"
      />
      <Separator />
      <div className="grid gap-2">
        <Button
          variant="outline"
          className="h-auto min-h-10 justify-self-start py-2 whitespace-normal"
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
          data-testid="privacy-export"
        >
          {exportData.isPending ? <Spinner /> : <Download aria-hidden />}
          {exportData.isPending ? m.privacy_exporting() : m.privacy_export_button()}
        </Button>
        <p className="text-sm text-muted-foreground">{m.privacy_export_hint()}</p>
      </div>
      <Separator />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LinkButton
          to="/settings/notifications"
          data-testid="privacy-notifications-link"
          variant="link"
          className="h-auto min-h-10 px-0 whitespace-normal"
        >
          <Bell aria-hidden />
          {m.privacy_notifications_link()}
          <ChevronRight aria-hidden className="rtl:rotate-180" />
        </LinkButton>
        <Button variant="outline" onClick={() => void signOut()} data-testid="privacy-sign-out">
          <LogOut aria-hidden className="rtl:rotate-180" />
          {m.privacy_sign_out()}
        </Button>
      </div>
    </SectionCard>
  );
}
