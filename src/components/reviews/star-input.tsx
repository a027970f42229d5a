import { Star } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useState } from "react";

import { cn } from "../../lib/cn.ts";
import { translate } from "../../lib/messages.ts";
import { m } from "../../paraglide/messages.js";

const STARS = [1, 2, 3, 4, 5] as const;

export type StarInputProps = {
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  "aria-labelledby": string;
  "aria-describedby"?: string;
  invalid?: boolean;
  disabled?: boolean;
};

/**
 * 1–5 stars as a radio group: Tab reaches the group, the arrow keys choose (mirrored in Arabic through
 * the direction provider), and the chosen star's word ("Good") is shown beside the stars.
 */
export function StarInput({ value, onChange, onBlur, invalid, disabled, ...aria }: StarInputProps) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <RadioGroup.Root
        value={value ? String(value) : ""}
        onValueChange={(v) => onChange(Number(v))}
        onBlur={onBlur}
        orientation="horizontal"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        className="flex items-center"
        onPointerLeave={() => setHovered(0)}
        data-testid="review-stars-input"
        {...aria}
      >
        {STARS.map((star) => (
          <RadioGroup.Item
            key={star}
            value={String(star)}
            aria-label={m.review_stars_aria({ rating: star })}
            title={translate(`review_star_${star}`)}
            onPointerEnter={() => setHovered(star)}
            className="rounded-md p-1 outline-hidden focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50"
            data-testid={`review-star-${star}`}
          >
            <Star
              aria-hidden
              className={cn(
                "size-8 transition-colors sm:size-7",
                star <= shown ? "fill-amber-400 text-amber-400" : "fill-transparent text-muted-foreground/50",
              )}
            />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {shown > 0 && (
        <span className="text-sm font-medium text-muted-foreground" aria-hidden data-testid="review-star-word">
          {translate(`review_star_${shown}`)}
        </span>
      )}
    </div>
  );
}
