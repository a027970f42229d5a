import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { CheckCircle2, Timer } from "lucide-react";
import { useState } from "react";

import { BackLink } from "../../components/layout/back-link.tsx";
import { Loading } from "../../components/layout/loading.tsx";
import { NoticeCard } from "../../components/layout/notice.tsx";
import { CheckInForm } from "../../components/shifts/check-in-form.tsx";
import { SectionCard } from "../../components/ui/card.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { requireUuid } from "../../lib/route-data.ts";
import { addressDigits, searchParams } from "../../lib/search-params.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

/** The six digits the owner's QR code carries, kept so that the address stays as the QR code wrote it. */
const searchSchema = searchParams({ code: addressDigits(20) });

export const Route = createFileRoute("/_authed/jobs/$jobId/check-in")({
  validateSearch: searchSchema,
  loader: ({ params }) => requireUuid(params.jobId),
  component: CheckInPage,
});

/**
 * /jobs/{jobId}/check-in?code=…: where the owner's QR code leads. A hired worker confirms with one tap
 * and is checked in (or out, when checked in); the code can also be typed here.
 */
function CheckInPage() {
  const { jobId } = Route.useParams();
  const { code } = Route.useSearch();
  usePageTitle(m.shift_check_in_title());
  const mine = useQuery({ ...trpc.attendance.mine.queryOptions({ jobId }), retry: false });
  const [done, setDone] = useState<"in" | "out" | null>(null);
  const mode = mine.data?.canCheckOut ? "out" : mine.data?.canCheckIn ? "in" : null;
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8" data-testid="check-in-page">
      <BackLink to="/jobs/$jobId" params={{ jobId }}>
        {m.applications_back_to_job()}
      </BackLink>
      <h1 className="text-2xl font-bold">{m.shift_check_in_title()}</h1>
      {mine.isPending ? (
        <Loading blocks={["h-48 w-full rounded-xl"]} />
      ) : mine.isError ? (
        <NoticeCard
          alert
          icon={<Timer aria-hidden className="size-6" />}
          title={errorMessage(mine.error)}
          testId="check-in-refused"
        />
      ) : done ? (
        <NoticeCard
          icon={<CheckCircle2 aria-hidden className="size-6" />}
          title={done === "in" ? m.shift_checked_in() : m.shift_checked_out()}
          testId="check-in-done"
        >
          <LinkButton to="/jobs/$jobId/timesheets" params={{ jobId }} variant="outline">
            {m.shift_timesheets_open()}
          </LinkButton>
        </NoticeCard>
      ) : mode ? (
        <SectionCard title={mode === "in" ? m.shift_check_in() : m.shift_check_out()} data-testid="check-in-card">
          {mine.data.openCheckIn?.checkInLocal && (
            <p className="mb-3 text-sm">{m.shift_checked_in_at({ time: mine.data.openCheckIn.checkInLocal })}</p>
          )}
          <CheckInForm jobId={jobId} mode={mode} initialCode={code === undefined ? undefined : String(code)} onDone={setDone} />
        </SectionCard>
      ) : (
        <NoticeCard
          icon={<Timer aria-hidden className="size-6" />}
          title={
            mine.data.nextShiftDate ? m.shift_next({ date: formatDate(mine.data.nextShiftDate, "long") }) : m.shift_none_now()
          }
          testId="check-in-none"
        />
      )}
    </main>
  );
}
