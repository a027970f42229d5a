import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from "lucide-react";
import {
  DayButton,
  DayPicker,
  useDayPicker,
  type ChevronProps,
  type DayButtonProps,
  type DayPickerProps,
} from "react-day-picker";

import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "./button.tsx";

export type CalendarProps = DayPickerProps;

/**
 * react-day-picker v10 styled with Tailwind. All DayPicker props pass through, notably `locale`
 * (from `react-day-picker/locale`) and `dir`; the grid is 7 × 40px so it fits a 375px screen.
 * A `classNames` entry replaces the default for that key.
 */
export function Calendar({ className, classNames, components, showOutsideDays = true, ...props }: CalendarProps) {
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn("w-fit p-3", className)}
      classNames={{
        months: "relative flex flex-col gap-4 sm:flex-row",
        month: "flex w-full flex-col gap-3",
        nav: "absolute inset-x-0 top-0 flex items-center justify-between",
        button_previous: cn(buttonVariants({ variant: "ghost", size: "icon" }), "aria-disabled:opacity-40"),
        button_next: cn(buttonVariants({ variant: "ghost", size: "icon" }), "aria-disabled:opacity-40"),
        month_caption: "flex h-10 items-center justify-center px-10",
        caption_label: "inline-flex items-center gap-1 text-sm font-semibold [&>svg]:size-3.5 [&>svg]:opacity-60",
        dropdowns: "flex items-center justify-center gap-1.5 text-sm font-medium",
        // The native <select> sits invisibly over the styled caption so it keeps OS pickers on phones.
        dropdown_root:
          "relative rounded-md border border-input px-2 py-1 shadow-xs has-focus-visible:border-ring has-focus-visible:ring-[3px] has-focus-visible:ring-ring/30",
        dropdown: "absolute inset-0 cursor-pointer opacity-0",
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "w-10 text-center text-xs font-normal text-muted-foreground select-none",
        week: "mt-1 flex w-full",
        week_number_header: "w-10 select-none",
        week_number: "grid w-10 place-items-center text-xs text-muted-foreground select-none",
        day: "relative size-10 p-0 text-center select-none",
        // Range backgrounds sit on the cell so consecutive days join into one band.
        range_start: "rounded-s-md bg-accent",
        range_middle: "bg-accent",
        range_end: "rounded-e-md bg-accent",
        outside: "text-muted-foreground/60",
        disabled: "text-muted-foreground opacity-40",
        hidden: "invisible",
        footer: "pt-3 text-sm text-muted-foreground",
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron, DayButton: CalendarDayButton, ...components }}
      {...props}
    />
  );
}

const CHEVRONS = { up: ChevronUpIcon, down: ChevronDownIcon, left: ChevronLeftIcon, right: ChevronRightIcon };

function CalendarChevron({ orientation = "left", className }: ChevronProps) {
  const { dayPickerProps } = useDayPicker();
  const Icon = CHEVRONS[orientation];
  // DayPicker already swaps left/right itself only for navLayout="around" with dir="rtl"; mirror in every other RTL case.
  const preFlipped = dayPickerProps.navLayout === "around" && dayPickerProps.dir === "rtl";
  const mirror = (orientation === "left" || orientation === "right") && !preFlipped;
  return <Icon className={cn("size-4", mirror && "rtl:rotate-180", className)} aria-hidden />;
}

function CalendarDayButton({ className, modifiers, ...props }: DayButtonProps) {
  return (
    <DayButton
      modifiers={modifiers}
      className={cn(
        "grid size-10 place-items-center rounded-md text-sm tabular-nums outline-hidden transition-colors",
        "hover:bg-accent hover:text-accent-foreground focus-visible:relative focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/40",
        "disabled:pointer-events-none",
        modifiers.today && !modifiers.selected && "font-semibold text-primary",
        modifiers.selected &&
          !modifiers.range_middle &&
          "bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground",
        modifiers.range_middle && "rounded-none text-accent-foreground hover:bg-transparent",
        className,
      )}
      {...props}
    />
  );
}
