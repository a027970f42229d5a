import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Scale } from "lucide-react";

import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc } from "../../../trpc.ts";
import { personName } from "../../profile/person-name.ts";
import { strikeText } from "../../profile/reliability-card.tsx";
import { SectionCard } from "../../ui/card.tsx";
import { AppealAnswerForm } from "../appeal-answer-form.tsx";
import { AppealStatement, AttendanceFacts, Fact, JobFacts, PartyNotice } from "./case-parts.tsx";
import { DisputeCaseLoader, type DisputeCaseOf } from "./dispute-case-loader.tsx";

type StrikeCase = DisputeCaseOf<"strike">;

/**
 * A strike's appeal as an operator decides it (docs/decisions/074): the appeal, the person, the strike,
 * its job and that day's attendance, then the answer: keep it (upheld) or remove it (reversed), with a
 * note the person reads (and, on a reversal, the job's owner).
 */
export function StrikeAppealCase({ appealId }: { appealId: string }) {
  return <DisputeCaseLoader appealId={appealId} kind="strike" render={(found) => <StrikeCaseView found={found} />} />;
}

function StrikeCaseView({ found }: { found: StrikeCase }) {
  const { appeal, strike, person, job, owner, attendance } = found;
  return (
    <div className="grid gap-6" data-testid="strike-appeal-case">
      <SectionCard title={m.dispute_case_strike_title()} icon={<Scale aria-hidden />} contentClassName="grid gap-4">
        <AppealStatement appeal={appeal} from={person ? personName(person.name) : m.dispute_case_from_deleted()} />
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact term={m.dispute_case_strike()}>
            {strike ? (
              <>
                {strikeText(strike)}
                <span className="block text-xs text-muted-foreground">
                  {m.dispute_case_recorded_at({ date: formatDateTime(strike.createdAt) })}
                </span>
              </>
            ) : (
              m.dispute_case_strike_removed()
            )}
          </Fact>
          {strike?.reply && <Fact term={m.reliability_reply_label()}>{strike.reply}</Fact>}
          {job && <JobFacts job={job} />}
          {owner && <Fact term={m.dispute_case_owner()}>{personName(owner.name)}</Fact>}
        </dl>
        {strike?.kind === "no_show" && (
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">{m.shift_presence()}</h3>
            <AttendanceFacts attendance={attendance[0] ?? null} />
          </div>
        )}
      </SectionCard>
      {appeal.outcome === null && (found.mayDecide ? <AnswerForm appealId={appeal.id} /> : <PartyNotice />)}
    </div>
  );
}

function AnswerForm({ appealId }: { appealId: string }) {
  const queryClient = useQueryClient();
  const answer = useMutation(
    trpc.disputes.answerStrike.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.dispute_case_saved());
        void queryClient.invalidateQueries({ queryKey: trpc.disputes.case.queryKey({ appealId }) });
      },
    }),
  );
  return (
    <AppealAnswerForm
      appealId={appealId}
      testId="case-answer"
      labels={{ upheld: m.dispute_case_uphold(), reversed: m.dispute_case_reverse() }}
      noteLabel={m.dispute_case_note_person()}
      pending={answer.isPending}
      error={answer.error ? errorMessage(answer.error) : undefined}
      onAnswer={(outcome, note) => answer.mutate({ appealId, outcome, note })}
    />
  );
}
