import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";

import { appealStrikeSchema } from "../../../domain/moderation/disputes.ts";
import { RELIABILITY_REPLY_MAX, reliabilityReplySchema, STRIKE_CLEAN_SHIFTS } from "../../../domain/reliability.ts";
import { cn } from "../../lib/cn.ts";
import { errorMessage } from "../../lib/errors.ts";
import { formatDate, formatDateTime, formatDay } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { FoldedTextForm } from "../forms/folded-text-form.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { reliabilityFigures } from "./reliability-figures.ts";

type Mine = RouterOutputs["reliability"]["mine"];
type OwnStrike = Mine["strikes"][number];
/** A strike as anyone reads it; the person's own also say where they stand with Daywork (docs/decisions/074). */
type Strike = Omit<OwnStrike, "appeal" | "appealableUntil"> & Partial<Pick<OwnStrike, "appeal" | "appealableUntil">>;
type Reliability = Omit<Mine, "strikes"> & { strikes: Strike[] };

/** The signed-in person's own reliability card (their /profile page). */
export function MyReliabilityCard() {
  const mine = useQuery(trpc.reliability.mine.queryOptions());
  if (mine.isPending) return <Skeleton className="h-32" />;
  if (!mine.data) return null;
  return <ReliabilityCard reliability={mine.data} canReply />;
}

/**
 * A person's reliability in numbers (docs/decisions/033): the figures of their role, then each
 * recorded strike with its state and the person's public reply.
 * `canReply`: the person themselves, who may reply to each strike.
 */
export function ReliabilityCard({ reliability, canReply = false }: { reliability: Reliability; canReply?: boolean }) {
  const figures = reliabilityFigures(reliability);
  return (
    <SectionCard
      title={m.reliability_title()}
      icon={<ShieldCheck aria-hidden />}
      description={m.reliability_intro({ count: STRIKE_CLEAN_SHIFTS })}
      contentClassName="grid gap-4"
      data-testid="reliability-card"
    >
      <dl
        className={cn("grid grid-cols-2 gap-3", figures.length === 5 ? "sm:grid-cols-5" : "sm:grid-cols-3")}
        data-role={reliability.role}
      >
        {figures.map((f) => (
          <div key={f.testId} className="grid gap-0.5 rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={f.testId}>
              {f.title ? (
                <>
                  <span aria-hidden>{f.value}</span>
                  <span className="sr-only">{f.title}</span>
                </>
              ) : (
                f.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {reliability.strikes.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="reliability-no-strikes">
          {m.reliability_no_strikes()}
        </p>
      ) : (
        <ul className="grid divide-y" data-testid="reliability-strikes">
          {reliability.strikes.map((strike) => (
            <StrikeRow key={strike.id} strike={strike} canReply={canReply} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** "No-show on 3 March", "Cancelled 5 hours before the start on …": what the strike is. */
export function strikeText(strike: Pick<Strike, "kind" | "role" | "onDate" | "noticeHours">): string {
  const date = formatDate(strike.onDate);
  if (strike.kind === "no_show") return m.reliability_strike_no_show({ date });
  const hours = Math.max(0, strike.noticeHours ?? 0);
  return strike.role === "employer"
    ? m.reliability_strike_employer_cancelled({ date, hours })
    : m.reliability_strike_worker_cancelled({ date, hours });
}

function StrikeRow({ strike, canReply }: { strike: Strike; canReply: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(strike.reply ?? "");
  const [error, setError] = useState<string>();
  const reply = useMutation(
    trpc.reliability.reply.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.reliability.mine.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.profiles.public.queryKey() });
        toastSuccess(m.reliability_reply_saved());
        setEditing(false);
      },
      onError: (e) => {
        setError(errorMessage(e));
        toastError(e);
      },
    }),
  );
  const submit = () => {
    const parsed = reliabilityReplySchema.safeParse({ id: strike.id, reply: draft });
    if (!parsed.success) return setError(translate(parsed.error.issues[0]?.message ?? "error_generic"));
    setError(undefined);
    reply.mutate(parsed.data);
  };

  return (
    <li className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="reliability-strike">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="text-sm">{strikeText(strike)}</span>
        <Badge variant={strike.active ? "red" : "grey"} data-testid="reliability-strike-state">
          {strike.active ? m.reliability_strike_active() : m.reliability_strike_expired()}
        </Badge>
      </div>
      {strike.appeal && <StrikeAppealState appeal={strike.appeal} />}
      {canReply && strike.appealableUntil && !strike.appeal && (
        <StrikeAppealForm strikeId={strike.id} until={strike.appealableUntil} />
      )}
      {strike.reply && !editing && (
        <p dir="auto" className="text-sm whitespace-pre-line break-words text-muted-foreground" data-testid="reliability-reply">
          <span className="font-medium text-foreground">{m.reliability_reply_label()}: </span>
          {strike.reply}
        </p>
      )}
      {canReply && !editing && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            setDraft(strike.reply ?? "");
            setEditing(true);
          }}
          data-testid="reliability-reply-open"
        >
          {m.reliability_reply_open()}
        </Button>
      )}
      {canReply && editing && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label={m.reliability_reply_label()} error={error}>
            <Textarea
              value={draft}
              dir="auto"
              maxLength={RELIABILITY_REPLY_MAX}
              onChange={(e) => setDraft(e.target.value)}
              data-testid="reliability-reply-input"
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={reply.isPending} data-testid="reliability-reply-save">
              {m.reliability_reply_save()}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
              {m.profile_cancel()}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/** Where the person's appeal of a strike stands: waiting for Daywork, or not granted and why (a granted one removed the strike). */
function StrikeAppealState({ appeal }: { appeal: NonNullable<Strike["appeal"]> }) {
  return (
    <p
      dir="auto"
      className="text-sm whitespace-pre-line break-words text-muted-foreground"
      data-testid="strike-appeal-state"
      data-outcome={appeal.outcome ?? "open"}
    >
      {appeal.outcome === null
        ? m.strike_appeal_pending({ date: formatDay(appeal.at) })
        : m.strike_appeal_answered({ date: formatDay(appeal.answeredAt ?? appeal.at), answer: appeal.answer ?? "" })}
    </p>
  );
}

/** The person appeals one of their strikes to Daywork, once, within the appeal window. */
function StrikeAppealForm({ strikeId, until }: { strikeId: string; until: Date | string }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const appeal = useMutation(
    trpc.disputes.appealStrike.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.strike_appeal_sent());
        void queryClient.invalidateQueries({ queryKey: trpc.reliability.mine.queryKey() });
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  function submit(text: string) {
    const parsed = appealStrikeSchema.safeParse({ strikeId, text });
    if (!parsed.success) return setError(translate(parsed.error.issues[0]?.message ?? "error_generic"));
    setError(undefined);
    appeal.mutate(parsed.data);
  }
  return (
    <FoldedTextForm
      testId="strike-appeal"
      open={m.strike_appeal_open()}
      hint={m.strike_appeal_hint({ date: formatDateTime(until) })}
      label={m.strike_appeal_label()}
      submit={m.strike_appeal_submit()}
      error={error}
      pending={appeal.isPending}
      onSubmit={submit}
    />
  );
}
