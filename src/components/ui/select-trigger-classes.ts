/** How a select's closed trigger looks: the Radix select's and its stand-in's before that is loaded (lazy-select-field.tsx). */
export const selectTriggerClasses = [
  "flex w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-start text-base whitespace-nowrap shadow-xs transition-[border-color,box-shadow] outline-hidden sm:text-sm",
  "data-[size=default]:h-10 data-[size=sm]:h-9 data-placeholder:text-muted-foreground",
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20 disabled:cursor-not-allowed disabled:opacity-50",
  "*:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2",
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
].join(" ");
