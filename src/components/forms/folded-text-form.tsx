import { useState, type FormEvent } from "react";

import { APPEAL_TEXT_MAX } from "../../../domain/moderation/decisions.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Textarea } from "../ui/textarea.tsx";

type FoldedTextFormProps = {
  /** The fold's own test id; its text field and button add `-text` and `-submit`. */
  testId: string;
  open: string;
  hint: string;
  label: string;
  submit: string;
  error: string | undefined;
  pending: boolean;
  onSubmit: (text: string) => void;
};

/** A request to Daywork in the person's words (an appeal, a dispute sent up), folded until opened. */
export function FoldedTextForm({ testId, open, hint, label, submit, error, pending, onSubmit }: FoldedTextFormProps) {
  const [text, setText] = useState("");
  function send(event: FormEvent) {
    event.preventDefault();
    onSubmit(text);
  }
  return (
    <details data-testid={testId}>
      <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">{open}</summary>
      <form onSubmit={send} noValidate className="grid gap-3 pt-3">
        <p className="text-sm text-muted-foreground">{hint}</p>
        <Field label={label} error={error} required>
          <Textarea
            value={text}
            dir="auto"
            rows={3}
            maxLength={APPEAL_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            data-testid={`${testId}-text`}
          />
        </Field>
        <Button type="submit" size="sm" className="justify-self-start" disabled={pending} data-testid={`${testId}-submit`}>
          {submit}
        </Button>
      </form>
    </details>
  );
}
