import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { MessageSquareText, Scale } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { APPEAL_TEXT_MAX, appealTextSchema } from "../../../domain/moderation/decisions.ts";
import { actionName, decisionAbout, decisionHeading, groundName } from "../../components/decisions/decision-words.ts";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage, NoticePage } from "../../components/layout/notice.tsx";
import { Stars } from "../../components/reviews/rating.tsx";
import { Button } from "../../components/ui/button.tsx";
import { SectionCard } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { cn } from "../../lib/cn.ts";
import { errorKey } from "../../lib/errors.ts";
import { formatDateTime, formatNumber } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";

type Statement = RouterOutputs["decisions"]["get"];

export const Route = createFileRoute("/_authed/decisions/$decisionId")({
  loader: async ({ context, params }) => {
    requireUuid(params.decisionId);
    await orNotFound(
      context.queryClient.ensureQueryData(context.trpc.decisions.get.queryOptions({ decisionId: params.decisionId })),
    );
  },
  notFoundComponent: () => <NoticePage icon={<Scale aria-hidden className="size-6" />} title={m.not_found_title()} />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.decision_load_failed()} error={error} />,
  component: StatementPage,
});

/** The character counter appears when this few characters are left. */
const COUNTER_FROM = 200;

/**
 * /decisions/{decisionId}: the statement of reasons of a decision about the reader's item or account
 * (docs/decisions/074): what was decided, on which ground, the operator's note, dates, what a sanction
 * stops and until when, the item as it was, and the appeal: its form while allowed, then its state.
 */
function StatementPage() {
  const { decisionId } = Route.useParams();
  const { data } = useSuspenseQuery(trpc.decisions.get.queryOptions({ decisionId }));
  usePageTitle(m.decision_title());
  const heading = decisionHeading(data.action, decisionAbout(data.subjectType, data.item?.title ?? null));
  return (
    <main id="main" className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-6 sm:py-8" data-testid="decision-statement">
      <BackLink to="/settings/decisions">{m.decisions_title()}</BackLink>
      <header className="grid gap-1">
        <p className="text-sm text-muted-foreground">{m.decision_title()}</p>
        <h1 className="text-xl font-bold break-words sm:text-2xl" data-testid="decision-heading">
          {heading}
        </h1>
      </header>
      <SectionCard title={actionName(data.action)} icon={<Scale aria-hidden />} contentClassName="grid gap-3">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">{m.decision_ground_label()}</dt>
          <dd data-testid="decision-ground">{groundName(data.ground)}</dd>
          <dt className="text-muted-foreground">{m.decision_decided_label()}</dt>
          <dd>
            <time dateTime={new Date(data.decidedAt).toISOString()}>{formatDateTime(data.decidedAt)}</time>
          </dd>
        </dl>
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{m.decision_note_label()}</h3>
          <p dir="auto" className="text-sm whitespace-pre-line break-words" data-testid="decision-note">
            {data.note}
          </p>
        </div>
        <SanctionLine statement={data} />
        {data.reversedAt && (
          <p className="text-sm font-medium" data-testid="decision-reversed">
            {m.decision_reversed({ when: formatDateTime(data.reversedAt) })}
          </p>
        )}
      </SectionCard>
      <DecidedItem statement={data} />
      <AppealSection statement={data} />
    </main>
  );
}

/** What a restriction or ban stops and until when, or that it is over. */
function SanctionLine({ statement }: { statement: Statement }) {
  const { sanction } = statement;
  if (!sanction) return null;
  let text: string;
  if (sanction.over) text = m.decision_sanction_ended();
  else if (sanction.kind === "restricted" && sanction.endsAt)
    text = m.decision_restricted_until({ when: formatDateTime(sanction.endsAt) });
  else if (sanction.endsAt) text = m.decision_banned_until({ when: formatDateTime(sanction.endsAt) });
  else text = m.decision_banned_for_good();
  return (
    <p className="rounded-lg bg-muted px-3 py-2 text-sm" data-testid="decision-sanction">
      {text}
    </p>
  );
}

/** The message or review as its author wrote it (hidden from others once removed); a job by its title. */
function DecidedItem({ statement }: { statement: Statement }) {
  const { item } = statement;
  if (!item || (item.text === null && item.stars === null)) return null;
  return (
    <SectionCard title={m.decision_item_label()} icon={<MessageSquareText aria-hidden />} contentClassName="grid gap-2">
      {item.stars !== null && <Stars rating={item.stars} />}
      {item.text && (
        <blockquote
          dir="auto"
          className="border-s-4 border-muted ps-3 text-sm whitespace-pre-line break-words"
          data-testid="decision-item-text"
        >
          {item.text}
        </blockquote>
      )}
      {item.removed && <p className="text-xs text-muted-foreground">{m.decision_item_private()}</p>}
    </SectionCard>
  );
}

/** "How to appeal": the form while the window is open, then the appeal and its answer. */
function AppealSection({ statement }: { statement: Statement }) {
  const { appeal } = statement;
  let body;
  if (appeal) body = <AppealState appeal={appeal} />;
  else if (statement.canAppeal && statement.appealBy)
    body = <AppealForm decisionId={statement.id} appealBy={statement.appealBy} />;
  else if (statement.reversedAt) return null;
  else if (statement.appealBy)
    body = <p className="text-sm">{m.decision_appeal_window_closed({ when: formatDateTime(statement.appealBy) })}</p>;
  else body = <p className="text-sm">{m.decision_not_appealable()}</p>;
  return (
    <SectionCard title={m.decision_appeal_heading()} data-testid="decision-appeal">
      {body}
    </SectionCard>
  );
}

function AppealState({ appeal }: { appeal: NonNullable<Statement["appeal"]> }) {
  let outcome: string;
  if (appeal.outcome === null) outcome = m.decision_appeal_waiting();
  else if (appeal.outcome === "upheld") outcome = m.decision_appeal_upheld();
  else outcome = m.decision_appeal_reversed();
  return (
    <div className="grid gap-3" data-testid="decision-appeal-state" data-outcome={appeal.outcome ?? "open"}>
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">{m.decision_appeal_yours()}</h3>
        <p dir="auto" className="text-sm whitespace-pre-line break-words">
          {appeal.text}
        </p>
        <p className="text-xs text-muted-foreground">{m.decision_appeal_sent_on({ when: formatDateTime(appeal.createdAt) })}</p>
      </div>
      <p role="status" className="text-sm font-medium">
        {outcome}
      </p>
      {appeal.answer && (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{m.decision_appeal_answer_label()}</h3>
          <p dir="auto" className="text-sm whitespace-pre-line break-words" data-testid="decision-appeal-answer">
            {appeal.answer}
          </p>
          {appeal.answeredAt && (
            <p className="text-xs text-muted-foreground">
              {m.decision_appeal_answered_on({ when: formatDateTime(appeal.answeredAt) })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function AppealForm({ decisionId, appealBy }: { decisionId: string; appealBy: Date }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();
  const queryClient = useQueryClient();
  const appeal = useMutation(
    trpc.decisions.appeal.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.decision_appeal_sent());
        void queryClient.invalidateQueries({ queryKey: trpc.decisions.get.queryKey({ decisionId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.decisions.mine.pathKey() });
      },
      onError: (failure) => {
        const key = errorKey(failure);
        if (key === "error_appeal_text_required" || key === "error_appeal_text_too_long") setError(translate(key));
        // Closed meanwhile (the window ended, or another tab appealed): show how it stands now.
        if (key === "error_appeal_closed")
          void queryClient.invalidateQueries({ queryKey: trpc.decisions.get.queryKey({ decisionId }) });
        toastError(failure);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (appeal.isPending) return;
    const parsed = appealTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(translate(parsed.error.issues[0]?.message ?? "error_appeal_text_required"));
      document.getElementById(fieldId)?.focus();
      return;
    }
    appeal.mutate({ decisionId, text: parsed.data });
  };
  const remaining = APPEAL_TEXT_MAX - text.trim().length;
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="decision-appeal-form">
      <p className="text-sm">{m.decision_appeal_intro({ when: formatDateTime(appealBy) })}</p>
      <Field
        id={fieldId}
        label={m.decision_appeal_label()}
        error={error}
        required
        description={
          remaining <= COUNTER_FROM ? (
            <span className={cn("tabular-nums", remaining < 0 && "text-destructive")}>
              {m.common_chars_left({ count: formatNumber(Math.max(remaining, 0)) })}
            </span>
          ) : undefined
        }
      >
        <Textarea
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(undefined);
          }}
          rows={5}
          dir="auto"
          data-testid="decision-appeal-text"
        />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={appeal.isPending} data-testid="decision-appeal-send">
        {m.decision_appeal_send()}
      </Button>
    </form>
  );
}
