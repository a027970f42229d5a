import { useQuery } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { lazy } from "react";

import { DISTANCES_KM, type DistanceKm } from "../../../domain/job-filter-choices.ts";
import { cn } from "../../lib/cn.ts";
import { formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { ClearButton } from "../ui/clear-button.tsx";
import { LazyOnUse } from "../ui/lazy-on-use.tsx";
import type { JobFilterValues, PlaceName } from "./job-filters-bar.tsx";

/** "within 10 km of Kazan". */
export function withinLabel(km: DistanceKm, place: string): string {
  return m.home_filter_within_of({ km: formatNumber(km), place });
}

/** The distance choices, "Within 5 km" to "Within 100 km". */
export function distanceOptions(): { value: `${DistanceKm}`; label: string }[] {
  return DISTANCES_KM.map((km) => ({ value: `${km}` as const, label: m.home_filter_within_km({ km: formatNumber(km) }) }));
}

// The city picker (a popover with cmdk's list) is fetched when first used (docs/decisions/024).
const loadPicker = () => import("./place-filter-picker.tsx");
const PlaceFilterPicker = lazy(() => loadPicker().then((module) => ({ default: module.PlaceFilterPicker })));

type PlaceFilterProps = { value: JobFilterValues; onChange: (next: JobFilterValues) => void; place: PlaceName };

/**
 * The point of "within N km", a city or the browser's position (place-filter-picker.tsx); a stand-in for the
 * city picker's trigger until it is used.
 */
export function PlaceFilter(props: PlaceFilterProps) {
  const { value, onChange, place } = props;
  const chosen = useQuery({
    ...trpc.places.city.queryOptions({ cityId: value.cityId ?? 0 }),
    enabled: value.cityId !== undefined,
  });
  const shown = value.lat !== undefined ? place : value.cityId !== undefined ? chosen.data?.name : undefined;
  const clear = () => onChange({ ...value, cityId: undefined, lat: undefined, lng: undefined, km: undefined });
  return (
    <LazyOnUse
      load={loadPicker}
      trigger='[data-testid="filter-place"]'
      standIn={(trigger) => (
        <div className="flex min-w-0 items-center gap-1">
          <Button
            type="button"
            variant="outline"
            role="combobox"
            aria-haspopup="dialog"
            aria-expanded={false}
            aria-label={m.home_filter_near()}
            data-state="closed"
            data-testid="filter-place"
            className={cn("w-full min-w-0 shrink justify-start gap-2 font-normal", !shown && "text-muted-foreground")}
            {...trigger}
          >
            <MapPin aria-hidden />
            <span className="truncate" dir="auto">
              {shown ?? m.home_filter_any_place()}
            </span>
          </Button>
          {shown && <ClearButton label={m.home_filter_clear_place()} onClear={clear} testId="filter-place-clear" />}
        </div>
      )}
    >
      <PlaceFilterPicker {...props} />
    </LazyOnUse>
  );
}
