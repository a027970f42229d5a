import { Command } from "cmdk";
import { LocateFixed } from "lucide-react";

import { DEFAULT_DISTANCE_KM } from "../../../domain/job-filter-choices.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { CityPicker } from "../places/city-picker.tsx";
import type { JobFilterValues, PlaceName } from "./job-filters-bar.tsx";

// About 100 m: precise enough for "within 5 km", and the URL does not pin down where someone stands.
const roundCoordinate = (degrees: number) => Math.round(degrees * 1000) / 1000;

/**
 * The point of "within N km": a city typed and picked, or the browser's position, asked for only when
 * "Use my location" is pressed. Choosing a point without a distance takes the default one. Loaded when
 * first used (place-filter.tsx stands in for it until then).
 */
export function PlaceFilterPicker({
  value,
  onChange,
  place,
}: {
  value: JobFilterValues;
  onChange: (next: JobFilterValues) => void;
  place: PlaceName;
}) {
  const km = value.km ?? DEFAULT_DISTANCE_KM;
  const locate = () => {
    if (!("geolocation" in navigator)) {
      toastError(null, m.home_filter_location_failed());
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        onChange({
          ...value,
          cityId: undefined,
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
          km,
        }),
      () => toastError(null, m.home_filter_location_failed()),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return (
    <CityPicker
      value={value.cityId}
      label={value.lat !== undefined ? place : undefined}
      onChange={(city) =>
        onChange(
          city
            ? { ...value, cityId: city.id, lat: undefined, lng: undefined, km }
            : { ...value, cityId: undefined, lat: undefined, lng: undefined, km: undefined },
        )
      }
      placeholder={m.home_filter_any_place()}
      clearLabel={m.home_filter_clear_place()}
      aria-label={m.home_filter_near()}
      data-testid="filter-place"
      extra={(close) => (
        <Command.Item
          value="my-location"
          onSelect={() => {
            close();
            locate();
          }}
          className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm font-medium data-[selected=true]:bg-accent"
          data-testid="filter-place-locate"
        >
          <LocateFixed aria-hidden className="size-4 shrink-0" />
          {m.home_filter_my_location()}
        </Command.Item>
      )}
    />
  );
}
