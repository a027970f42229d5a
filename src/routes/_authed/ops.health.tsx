import { createFileRoute, useNavigate } from "@tanstack/react-router";

import { COUNTRY_CODES } from "../../../domain/countries.ts";
import { HEALTH_WINDOWS } from "../../../domain/health-windows.ts";
import { HealthDashboard } from "../../components/health/health-dashboard.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { oneOf, searchParams } from "../../lib/search-params.ts";
import { m } from "../../paraglide/messages.js";

const searchSchema = searchParams({ window: oneOf(HEALTH_WINDOWS), country: oneOf(COUNTRY_CODES) });

export const Route = createFileRoute("/_authed/ops/health")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ window: search.window ?? 30, country: search.country }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(context.trpc.health.overview.queryOptions(deps)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.health_load_failed()} error={error} />,
  component: HealthPage,
});

/** /ops/health: how the marketplace is doing, for every operator (docs/decisions/072). */
function HealthPage() {
  usePageTitle(m.health_title());
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <PageHeader title={m.health_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.health_description()}</p>
      <HealthDashboard
        window={search.window ?? 30}
        country={search.country}
        onCountry={(country) => void navigate({ search: (s) => ({ ...s, country }), replace: true })}
      />
    </main>
  );
}
