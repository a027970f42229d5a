import type { ComponentProps } from "react";

import { LIMITS } from "../../../domain/limits.ts";
import { cn } from "../../lib/cn.ts";
import { formatNumber } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { m } from "../../paraglide/messages.js";
import { Field } from "../ui/field.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { PendingButton } from "./pending-button.tsx";
import { SendIcon } from "./send-icon.tsx";

/** What tells an application's message and a review's comment apart: their words, their limit, their button. */
type Kind = {
  text: { label: () => string; placeholder: () => string };
  field: { max: number; rows: number; testId: string };
  send: { label: () => string; pending: () => string; testId: string; size: "lg" | "default" };
};

/** "Characters left: 1 980" as a text field's description; red (at 0) once the text is longer than `max`. */
function CharsLeft({ length, max }: { length: number; max: number }) {
  const left = max - length;
  return (
    <span className={cn("text-xs tabular-nums", left < 0 && "font-medium text-destructive")} data-testid="chars-left">
      {m.common_chars_left({ count: formatNumber(Math.max(left, 0)) })}
    </span>
  );
}

const KINDS: Record<"application" | "review", Kind> = {
  application: {
    text: { label: () => m.apply_message_label(), placeholder: () => m.apply_message_placeholder() },
    field: { max: LIMITS.message, rows: 4, testId: "apply-message" },
    send: { label: () => m.apply_now(), pending: () => m.apply_submitting(), testId: "apply-button", size: "lg" },
  },
  review: {
    text: { label: () => m.review_comment_label(), placeholder: () => m.review_comment_placeholder() },
    field: { max: LIMITS.ratingComment, rows: 3, testId: "review-comment" },
    send: { label: () => m.review_submit(), pending: () => m.review_submitting(), testId: "review-submit", size: "default" },
  },
};

export type MessageFieldProps = ComponentProps<typeof Textarea> & {
  /** An application's message to the employer, or a review's comment. */
  kind: keyof typeof KINDS;
  /** The text's length now, for the count of characters left. */
  length: number;
  /** A message key. */
  error?: string;
  /** The form is being sent: the button shows a spinner. */
  sending: boolean;
};

/**
 * The optional free text of an application or a review, with the characters left and its error, then
 * the form's Send button (Apply Now, Submit review). Spread the field's `register()` into it.
 */
export function MessageField({ kind, length, error, sending, className, ...textarea }: MessageFieldProps) {
  const { text, field, send } = KINDS[kind];
  return (
    <>
      <Field
        label={text.label()}
        description={<CharsLeft length={length} max={field.max} />}
        error={error ? translate(error) : undefined}
      >
        <Textarea
          dir="auto"
          rows={field.rows}
          className={cn("max-h-[40dvh]", className)}
          placeholder={text.placeholder()}
          data-testid={field.testId}
          {...textarea}
        />
      </Field>
      <PendingButton
        type="submit"
        size={send.size}
        className="w-full"
        pending={sending}
        icon={<SendIcon />}
        data-testid={send.testId}
      >
        {sending ? send.pending() : send.label()}
      </PendingButton>
    </>
  );
}
