import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Gavel } from "lucide-react";
import { useState, type FormEvent } from "react";

import { DECISION_NOTE_MAX, type ModerationAction, type ModerationSubject } from "../../../../domain/moderation/decisions.ts";
import { MAX_RESTRICTION_DAYS, MODERATION_GROUNDS, type ModerationGround } from "../../../../domain/moderation/grounds.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc } from "../../../trpc.ts";
import { groundName } from "../../decisions/decision-words.ts";
import { PendingButton } from "../../forms/pending-button.tsx";
import { SectionCard } from "../../ui/card.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { selectTriggerClasses } from "../../ui/select-trigger-classes.ts";
import { Textarea } from "../../ui/textarea.tsx";

/**
 * An operator's decision on a queue item (docs/decisions/074): one of the actions that fit it, a ground
 * from the list and a note the person reads in their statement of reasons; days for a restriction or a
 * ban (none: for good). The server checks all of it again and answers refusals in the reader's language.
 */
/** What each action does, as the operator chooses it (the statement names its result). */
const DO_ACTION: Record<ModerationAction, () => string> = {
  dismiss: () => m.ops_do_dismiss(),
  approve: () => m.ops_do_approve(),
  remove: () => m.ops_do_remove(),
  restrict: () => m.ops_do_restrict(),
  ban: () => m.ops_do_ban(),
  restore: () => m.ops_do_restore(),
};

export function DecideForm({ subject, actions }: { subject: ModerationSubject; actions: readonly ModerationAction[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [ground, setGround] = useState<ModerationGround | "">("");
  const [days, setDays] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const decide = useMutation(
    trpc.moderation.decide.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.ops_decide_done());
        // The queue's cached pages still list this item: dropped, so the queue is read afresh.
        queryClient.removeQueries({ queryKey: trpc.moderation.queue.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.moderation.pathKey() });
        await navigate({ to: "/ops/queue" });
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  if (actions.length === 0)
    return (
      <SectionCard title={m.ops_decide_title()} icon={<Gavel aria-hidden />}>
        <p className="text-sm text-muted-foreground">{m.ops_decide_nothing()}</p>
      </SectionCard>
    );
  const sanctioning = action === "restrict" || action === "ban";
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!action) return setError(m.ops_decide_choose_action());
    if (!ground) return setError(m.ops_decide_ground_choose());
    setError(undefined);
    const dayCount = sanctioning && days.trim() !== "" ? Number(days) : null;
    decide.mutate({ subject, action, ground, note, days: dayCount });
  }
  return (
    <SectionCard title={m.ops_decide_title()} icon={<Gavel aria-hidden />}>
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="decide-form">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{m.ops_decide_action()}</legend>
          {actions.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="decide-action"
                value={choice}
                checked={action === choice}
                onChange={() => setAction(choice)}
                data-testid={`decide-action-${choice}`}
              />
              {DO_ACTION[choice]()}
            </label>
          ))}
        </fieldset>
        <Field label={m.ops_decide_ground()} required>
          <select
            className={`${selectTriggerClasses} h-10`}
            value={ground}
            onChange={(e) => setGround(e.target.value as ModerationGround | "")}
            data-testid="decide-ground"
          >
            <option value="">{m.ops_decide_ground_choose()}</option>
            {MODERATION_GROUNDS.map((g) => (
              <option key={g} value={g}>
                {groundName(g)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={m.ops_decide_days()}
          required={action === "restrict"}
          description={
            action === "ban" ? m.ops_decide_days_ban_hint() : m.ops_decide_days_restrict_hint({ max: MAX_RESTRICTION_DAYS })
          }
          className="max-w-48"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_RESTRICTION_DAYS}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            data-testid="decide-days"
          />
        </Field>
        <Field label={m.ops_decide_note()} required description={m.ops_decide_note_hint()}>
          <Textarea
            value={note}
            dir="auto"
            rows={3}
            maxLength={DECISION_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            data-testid="decide-note"
          />
        </Field>
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="decide-error">
            {error}
          </p>
        )}
        <PendingButton type="submit" className="justify-self-start" pending={decide.isPending} data-testid="decide-submit">
          {m.ops_decide_submit()}
        </PendingButton>
      </form>
    </SectionCard>
  );
}
