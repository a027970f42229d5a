import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Scale } from "lucide-react";

import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage, NoticePage } from "../../components/layout/notice.tsx";
import { StrikeAppealCase } from "../../components/operators/disputes/strike-appeal-case.tsx";
import { TimesheetAppealCase } from "../../components/operators/disputes/timesheet-appeal-case.tsx";
import { DecisionAppealCase } from "../../components/operators/moderation/decision-appeal-case.tsx";
import { APPEAL_KIND_LABELS } from "../../components/operators/moderation/queue-words.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/ops/appeals/$appealId")({
  loader: async ({ context, params }) => {
    requireUuid(params.appealId);
    await orNotFound(
      context.queryClient.ensureQueryData(context.trpc.moderation.appeal.queryOptions({ appealId: params.appealId })),
    );
  },
  notFoundComponent: () => <NoticePage icon={<Scale aria-hidden className="size-6" />} title={m.not_found_title()} />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.ops_appeal_load_failed()} error={error} />,
  component: AppealPage,
});

/** /ops/appeals/$appealId: an appeal of a decision, a timesheet or a strike, and its answer (docs/decisions/074). */
function AppealPage() {
  const { appealId } = Route.useParams();
  const { data: found } = useSuspenseQuery(trpc.moderation.appeal.queryOptions({ appealId }));
  const title = APPEAL_KIND_LABELS[found.kind]();
  usePageTitle(title);
  return (
    <main id="main" className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:py-8">
      <BackLink to="/ops/queue" className="justify-self-start">
        {m.ops_item_back()}
      </BackLink>
      <h1 className="text-xl font-bold break-words sm:text-2xl">{title}</h1>
      {found.kind === "timesheet" && <TimesheetAppealCase appealId={appealId} />}
      {found.kind === "strike" && <StrikeAppealCase appealId={appealId} />}
      {found.kind === "decision" && <DecisionAppealCase found={found} />}
    </main>
  );
}
