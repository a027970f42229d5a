import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Scale } from "lucide-react";

import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { actionName, groundName } from "../../decisions/decision-words.ts";
import { personName } from "../../profile/person-name.ts";
import { SectionCard } from "../../ui/card.tsx";
import { AppealAnswerForm } from "../appeal-answer-form.tsx";
import { AppealStatement, Fact } from "../disputes/case-parts.tsx";
import { ItemSections } from "./item-sections.tsx";

type AppealCase = RouterOutputs["moderation"]["appeal"];

/**
 * An appeal of an operator's decision (docs/decisions/074): what the person wrote, the decision, the
 * item as the queue shows it, and the answer, which only an operator other than the decision's gives.
 */
export function DecisionAppealCase({ found }: { found: AppealCase }) {
  const { item } = found;
  // The appeal's decision, as the left join answers it: every field or none.
  const decision =
    found.decision?.action && found.decision.ground && found.decision.decidedAt
      ? { ...found.decision, action: found.decision.action, ground: found.decision.ground, decidedAt: found.decision.decidedAt }
      : null;
  return (
    <div className="grid gap-6" data-testid="decision-appeal-case">
      <SectionCard title={m.ops_appeal_decision()} icon={<Scale aria-hidden />} contentClassName="grid gap-4">
        <AppealStatement appeal={found} from={m.ops_appeal_from()} />
        {decision && (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Fact term={m.ops_decide_action()}>{actionName(decision.action)}</Fact>
            <Fact term={m.decision_ground_label()}>{groundName(decision.ground)}</Fact>
            <Fact term={m.decision_decided_label()}>
              {m.ops_item_decided_by({
                date: formatDateTime(decision.decidedAt),
                name: decision.deciderName ? personName(decision.deciderName) : m.ops_person_gone(),
              })}
            </Fact>
            <div className="sm:col-span-2">
              <Fact term={m.ops_decide_note()}>
                <span className="whitespace-pre-line">{decision.note}</span>
              </Fact>
            </div>
          </dl>
        )}
      </SectionCard>
      {item ? <ItemSections item={item} /> : <p className="text-sm text-muted-foreground">{m.ops_appeal_item_gone()}</p>}
      {found.outcome === null &&
        (found.decidedByCaller ? (
          <p role="note" className="rounded-md border p-3 text-sm" data-testid="appeal-other-operator">
            {m.ops_appeal_other_operator()}
          </p>
        ) : (
          <AnswerForm appealId={found.id} />
        ))}
    </div>
  );
}

function AnswerForm({ appealId }: { appealId: string }) {
  const queryClient = useQueryClient();
  const answer = useMutation(
    trpc.moderation.answerAppeal.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.dispute_case_saved());
        queryClient.removeQueries({ queryKey: trpc.moderation.queue.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.moderation.pathKey() });
      },
    }),
  );
  return (
    <AppealAnswerForm
      appealId={appealId}
      testId="appeal"
      labels={{ upheld: m.ops_appeal_uphold(), reversed: m.ops_appeal_reverse() }}
      noteLabel={m.ops_decide_note()}
      noteHint={m.ops_decide_note_hint()}
      pending={answer.isPending}
      error={answer.error ? errorMessage(answer.error) : undefined}
      onAnswer={(outcome, note) => answer.mutate({ appealId, outcome, note })}
    />
  );
}
