import { createFileRoute } from "@tanstack/react-router";

import { QUEUE_KINDS } from "../../../domain/moderation/queue.ts";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { ModerationQueue } from "../../components/operators/moderation/moderation-queue.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { oneOf, searchParams } from "../../lib/search-params.ts";
import { m } from "../../paraglide/messages.js";

const searchSchema = searchParams({ kind: oneOf(QUEUE_KINDS) });

export const Route = createFileRoute("/_authed/ops/queue/")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ kind: search.kind ?? null }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(context.trpc.moderation.queue.queryOptions(deps)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.ops_queue_load_failed()} error={error} />,
  component: QueuePage,
});

/** /ops/queue: reports, held jobs and appeals, oldest first, for every operator (docs/decisions/074). */
function QueuePage() {
  usePageTitle(m.ops_queue_title());
  const { kind } = Route.useSearch();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <PageHeader title={m.ops_queue_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.ops_queue_description()}</p>
      <ModerationQueue kind={kind} />
    </main>
  );
}
