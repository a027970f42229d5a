import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";

import { COUNTRY_CODES, type CountryCode } from "../../../domain/countries.ts";
import { HEALTH_WINDOWS, type HealthWindow } from "../../../domain/health-windows.ts";
import { cn } from "../../lib/cn.ts";
import { countryName } from "../../lib/display-names.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { SelectField } from "../forms/select-field.tsx";
import { HealthChart } from "./health-chart.tsx";
import { HEALTH_FIGURES, type HealthSeriesName } from "./health-figures.ts";
import { TransparencyExport } from "./transparency-export.tsx";

type Props = {
  window: HealthWindow;
  country: CountryCode | undefined;
  onCountry: (country: CountryCode | undefined) => void;
};

const WINDOW_LABELS: Record<HealthWindow, () => string> = {
  7: () => m.health_window_7(),
  30: () => m.health_window_30(),
  90: () => m.health_window_90(),
};

/** /ops/health: the marketplace's figures over 7, 30 or 90 days, in every country or one (docs/decisions/072). */
export function HealthDashboard({ window, country, onCountry }: Props) {
  const { data: overview } = useSuspenseQuery(trpc.health.overview.queryOptions({ window, country }));
  const countries = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) }));
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <nav aria-label={m.health_window_label()} className="inline-flex rounded-lg bg-muted p-1" data-testid="health-window">
          {HEALTH_WINDOWS.map((w) => (
            <Link
              key={w}
              to="/ops/health"
              search={(s) => ({ ...s, window: w })}
              replace
              aria-current={w === window ? "page" : undefined}
              className={cn(
                "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-muted-foreground pointer-coarse:h-10",
                w === window && "bg-card text-foreground shadow-sm",
              )}
              data-testid={`health-window-${w}`}
            >
              {WINDOW_LABELS[w]()}
            </Link>
          ))}
        </nav>
        <div className="w-56 max-w-full">
          <SelectField
            label={m.health_country_label()}
            value={country}
            onChange={onCountry}
            options={countries}
            anyLabel={m.health_country_any()}
            testId="health-country"
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="health-period">
        {overview.stepDays === 1 ? m.health_period_days() : m.health_period_weeks()}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {(Object.keys(HEALTH_FIGURES) as HealthSeriesName[]).map((name) => (
          <HealthChart key={name} name={name} overview={overview} />
        ))}
      </div>
      <TransparencyExport />
    </div>
  );
}
