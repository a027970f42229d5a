import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { Check, MapPin } from "lucide-react";
import { useState, type ReactNode } from "react";

import type { CountryCode } from "../../../domain/countries.ts";
import { cn } from "../../lib/cn.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { ClearButton } from "../ui/clear-button.tsx";
import type { PickerControlProps } from "../ui/field.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover.tsx";
import { countryName } from "./country-name.ts";

/** A gazetteer city as the picker hands it on: what a job or a filter keeps, and what it shows. */
export type PickedCity = { id: number; name: string; country: string };

export type CityPickerProps = {
  /** The chosen city's id, or none. */
  value: number | undefined;
  onChange: (city: PickedCity | undefined) => void;
  placeholder: string;
  /** Suggest only this country's cities. */
  country?: CountryCode;
  /** Shows a button that clears the city, with this accessible label. */
  clearLabel?: string;
  /** Extra choices above the suggestions (the home filter's "Use my location"), given a way to close the list. */
  extra?: (close: () => void) => ReactNode;
  /** Shown instead of a city's name when the choice is not a city (the browser's position). */
  label?: string;
} & PickerControlProps;

/**
 * A city from the gazetteer, typed and picked: the job form's city and the home page's "near" filter.
 * Suggestions come from the server as one types (any of our languages, typos forgiven), named in the
 * reader's language; the chosen city's name is read back by id, so a link or an edit form shows it.
 */
export function CityPicker({
  value,
  onChange,
  placeholder,
  country,
  clearLabel,
  extra,
  label,
  className,
  ...control
}: CityPickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const typed = useDebounced(text.trim(), 200);
  const suggestions = useQuery({ ...trpc.places.cities.queryOptions({ q: typed, country }), enabled: open && typed !== "" });
  // Only what answers the text as it stands: no stale list to pick from while typing goes on.
  const settled = typed !== "" && typed === text.trim();
  const found = settled ? (suggestions.data ?? []) : [];
  const chosen = useQuery({ ...trpc.places.city.queryOptions({ cityId: value ?? 0 }), enabled: value !== undefined });
  const shown = label ?? (value !== undefined ? chosen.data?.name : undefined);
  const testId = control["data-testid"];
  const pick = (city: PickedCity | undefined) => {
    onChange(city);
    setOpen(false);
    setText("");
  };
  return (
    <div className={cn("flex min-w-0 items-center gap-1", className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            role="combobox"
            aria-expanded={open}
            {...control}
            className={cn("w-full min-w-0 shrink justify-start gap-2 font-normal", !shown && "text-muted-foreground")}
          >
            <MapPin aria-hidden />
            <span className="truncate" dir="auto">
              {shown ?? placeholder}
            </span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-80 p-0" align="start" aria-label={placeholder}>
          <Command shouldFilter={false} label={placeholder} className="flex flex-col">
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder={m.city_picker_type()}
              dir="auto"
              className="h-10 border-b bg-transparent px-3 text-sm outline-hidden placeholder:text-muted-foreground"
              data-testid={testId ? `${testId}-input` : undefined}
            />
            <Command.List className="max-h-72 overflow-y-auto p-1">
              {extra?.(() => setOpen(false))}
              {settled && suggestions.isSuccess && found.length === 0 && (
                <p className="px-2 py-3 text-sm text-muted-foreground">{m.city_picker_none()}</p>
              )}
              {found.map((city) => (
                <Command.Item
                  key={city.id}
                  value={String(city.id)}
                  onSelect={() => pick({ id: city.id, name: city.name, country: city.country })}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent"
                  data-testid={testId ? `${testId}-option` : undefined}
                >
                  <Check aria-hidden className={cn("size-4 shrink-0", city.id === value ? "opacity-100" : "opacity-0")} />
                  <span className="min-w-0 truncate" dir="auto">
                    {city.name}
                  </span>
                  <span className="ms-auto shrink-0 text-xs text-muted-foreground">{countryName(city.country)}</span>
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </PopoverContent>
      </Popover>
      {shown && clearLabel && (
        <ClearButton label={clearLabel} onClear={() => pick(undefined)} testId={testId ? `${testId}-clear` : undefined} />
      )}
    </div>
  );
}
