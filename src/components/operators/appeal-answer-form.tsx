import { Gavel } from "lucide-react";
import { useState, type FormEvent } from "react";

import { DECISION_NOTE_MAX } from "../../../domain/moderation/decisions.ts";
import { m } from "../../paraglide/messages.js";
import { PendingButton } from "../forms/pending-button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Textarea } from "../ui/textarea.tsx";

export type AppealOutcome = "upheld" | "reversed";

/**
 * An operator's answer to an appeal (docs/decisions/074): keep or reverse, with a note the person
 * reads. `testId` prefixes the test ids of the form (`-form`) and its fields (`-upheld`, `-reversed`, `-note`, `-submit`).
 */
export function AppealAnswerForm(p: {
  appealId: string;
  testId: string;
  labels: Record<AppealOutcome, string>;
  noteLabel: string;
  noteHint?: string;
  pending: boolean;
  /** The server's refusal, translated. */
  error: string | undefined;
  onAnswer: (outcome: AppealOutcome, note: string) => void;
}) {
  const [outcome, setOutcome] = useState<AppealOutcome | null>(null);
  const [note, setNote] = useState("");
  const [choiceError, setChoiceError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!outcome) return setChoiceError(m.dispute_case_choose_outcome());
    setChoiceError(undefined);
    p.onAnswer(outcome, note);
  }
  return (
    <SectionCard title={m.dispute_case_answer()} icon={<Gavel aria-hidden />}>
      <form onSubmit={submit} noValidate className="grid gap-3" data-testid={`${p.testId}-form`}>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{m.dispute_case_outcome()}</legend>
          {(["upheld", "reversed"] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${p.testId}-outcome-${p.appealId}`}
                value={choice}
                checked={outcome === choice}
                onChange={() => setOutcome(choice)}
                data-testid={`${p.testId}-${choice}`}
              />
              {p.labels[choice]}
            </label>
          ))}
        </fieldset>
        <Field label={p.noteLabel} required description={p.noteHint} error={choiceError ?? p.error}>
          <Textarea
            value={note}
            dir="auto"
            rows={3}
            maxLength={DECISION_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            data-testid={`${p.testId}-note`}
          />
        </Field>
        <PendingButton type="submit" className="justify-self-start" pending={p.pending} data-testid={`${p.testId}-submit`}>
          {m.dispute_case_answer()}
        </PendingButton>
      </form>
    </SectionCard>
  );
}
