import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { Scale } from "lucide-react";

import { subjectFromKey } from "../../../domain/report-subject-key.ts";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage, NoticePage } from "../../components/layout/notice.tsx";
import { DecideForm } from "../../components/operators/moderation/decide-form.tsx";
import { ItemSections } from "../../components/operators/moderation/item-sections.tsx";
import { SUBJECT_LABELS } from "../../components/reports/report-labels.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound } from "../../lib/route-data.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/ops/queue/$subjectType/$subjectId")({
  // The address names the item as reports key it; one that names no item of its kind is not found here.
  beforeLoad: ({ params }) => {
    const subject = subjectFromKey(params.subjectType, params.subjectId);
    if (!subject) throw notFound();
    return { subject };
  },
  loader: async ({ context }) => {
    await orNotFound(
      context.queryClient.ensureQueryData(context.trpc.moderation.item.queryOptions({ subject: context.subject })),
    );
  },
  notFoundComponent: () => <NoticePage icon={<Scale aria-hidden className="size-6" />} title={m.not_found_title()} />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.ops_item_load_failed()} error={error} />,
  component: ItemPage,
});

/** /ops/queue/$subjectType/$subjectId: one item with everything to weigh, and the decision (docs/decisions/074). */
function ItemPage() {
  const { subject } = Route.useRouteContext();
  const { data: item } = useSuspenseQuery(trpc.moderation.item.queryOptions({ subject }));
  const title = `${m.ops_item_title()}: ${SUBJECT_LABELS[subject.type]()}`;
  usePageTitle(title);
  return (
    <main id="main" className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:py-8">
      <BackLink to="/ops/queue" className="justify-self-start">
        {m.ops_item_back()}
      </BackLink>
      <h1 className="text-xl font-bold break-words sm:text-2xl">{title}</h1>
      <div className="grid gap-6">
        <ItemSections item={item} />
        <DecideForm key={item.actions.join()} subject={subject} actions={item.actions} />
      </div>
    </main>
  );
}
