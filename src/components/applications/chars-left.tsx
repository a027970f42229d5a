import { cn } from "../../lib/cn";
import { formatNumber } from "../../lib/format";
import { m } from "../../paraglide/messages.js";

/** "Characters left: 1 980" as a text field's description; red (at 0) once the text is longer than `max`. */
export function CharsLeft({ length, max }: { length: number; max: number }) {
  const left = max - length;
  return (
    <span className={cn("text-xs tabular-nums", left < 0 && "font-medium text-destructive")} data-testid="chars-left">
      {m.common_chars_left({ count: formatNumber(Math.max(left, 0)) })}
    </span>
  );
}
