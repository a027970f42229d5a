import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Inbox } from "lucide-react";

import { QUEUE_KINDS, type QueueKind } from "../../../../domain/moderation/queue.ts";
import { cn } from "../../../lib/cn.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { NoticeCard } from "../../layout/notice.tsx";
import { personName } from "../../profile/person-name.ts";
import { SUBJECT_LABELS } from "../../reports/report-labels.ts";
import { Badge } from "../../ui/badge.tsx";
import { Card, CardContent } from "../../ui/card.tsx";
import { QUEUE_KIND_LABELS, queueTagName, waitingText } from "./queue-words.ts";

type QueueItem = RouterOutputs["moderation"]["queue"]["items"][number];

const TAB_LABELS: Record<QueueKind | "all", () => string> = {
  all: () => m.ops_queue_tab_all(),
  report: () => m.ops_queue_kind_report(),
  hold: () => m.ops_queue_tab_hold(),
  appeal: () => m.ops_queue_tab_appeal(),
};

/**
 * /ops/queue: what waits for an operator, oldest first (docs/decisions/074). Refetched whenever the
 * operator comes back to the tab: another operator may have taken items meanwhile.
 */
export function ModerationQueue({ kind }: { kind: QueueKind | undefined }) {
  const { data, dataUpdatedAt } = useSuspenseQuery({
    ...trpc.moderation.queue.queryOptions({ kind: kind ?? null }),
    refetchOnWindowFocus: "always",
  });
  // Waiting times count from when the list was answered, so they agree with the order it came in.
  const now = new Date(dataUpdatedAt);
  return (
    <div className="grid gap-4">
      <QueueTabs current={kind ?? "all"} />
      <p className="text-sm text-muted-foreground" data-testid="queue-total">
        {m.ops_queue_total({ count: data.total })}
      </p>
      {data.items.length === 0 ? (
        <NoticeCard icon={<Inbox aria-hidden />} title={m.ops_queue_empty()} testId="queue-empty" />
      ) : (
        <ol className="grid gap-3" data-testid="queue">
          {data.items.map((item) => (
            <QueueRow key={`${item.kind}:${item.subjectType}:${item.subjectId}`} item={item} now={now} />
          ))}
        </ol>
      )}
    </div>
  );
}

function QueueTabs({ current }: { current: QueueKind | "all" }) {
  const tabs = ["all", ...QUEUE_KINDS] as const;
  return (
    <nav aria-label={m.ops_queue_tabs_label()} data-testid="queue-tabs">
      <ul className="flex w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground sm:w-fit">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link
              to="/ops/queue"
              search={tab === "all" ? {} : { kind: tab }}
              aria-current={tab === current ? "page" : undefined}
              data-testid={`queue-tab-${tab}`}
              className={cn(
                "flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap outline-hidden hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 pointer-coarse:h-10",
                tab === current && "bg-card text-foreground shadow-sm",
              )}
            >
              {TAB_LABELS[tab]()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function QueueRow({ item, now }: { item: QueueItem; now: Date }) {
  const title =
    item.jobTitle ?? (item.kind === "appeal" ? queueTagName("appeal", item.subjectType) : subjectLabel(item.subjectType));
  return (
    <li data-testid="queue-item" data-kind={item.kind} data-subject-type={item.subjectType}>
      <Card className="py-4">
        <CardContent className="grid gap-2 px-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={item.kind === "appeal" ? "purple" : item.kind === "hold" ? "blue" : "red"}>
              {QUEUE_KIND_LABELS[item.kind]()}
            </Badge>
            {item.tags.map((tag) => (
              <Badge key={tag} variant="outline" data-testid="queue-item-tag">
                {queueTagName(item.kind, tag)}
              </Badge>
            ))}
            <span className="ms-auto text-sm text-muted-foreground" data-testid="queue-item-waiting">
              {waitingText(item.waitingSince, now)}
            </span>
          </div>
          <p className="font-medium break-words" dir="auto">
            {item.appealId ? (
              <Link
                to="/ops/appeals/$appealId"
                params={{ appealId: item.appealId }}
                className="hover:underline"
                data-testid="queue-item-link"
              >
                {title}
              </Link>
            ) : (
              <Link
                to="/ops/queue/$subjectType/$subjectId"
                params={{ subjectType: item.subjectType, subjectId: item.subjectId }}
                className="hover:underline"
                data-testid="queue-item-link"
              >
                {title}
              </Link>
            )}
          </p>
          <p className="text-sm text-muted-foreground">
            <span dir="auto">{item.personName ? personName(item.personName) : m.ops_person_gone()}</span>
            {item.reportCount > 0 && <> · {m.ops_queue_reports({ count: item.reportCount })}</>}
          </p>
        </CardContent>
      </Card>
    </li>
  );
}

function subjectLabel(subjectType: string): string {
  return subjectType in SUBJECT_LABELS ? SUBJECT_LABELS[subjectType as keyof typeof SUBJECT_LABELS]() : subjectType;
}
