import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { Scale } from "lucide-react";

import { formatDateTime, formatDay } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { NoticeCard } from "../layout/notice.tsx";
import { PagedList } from "../layout/paged-list.tsx";
import { CardLink } from "../ui/card-link.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import { actionName, decisionAbout, decisionHeading, groundName } from "./decision-words.ts";
import { myDecisionsQuery } from "./my-decisions-query.ts";

type MyDecision = RouterOutputs["decisions"]["mine"]["items"][number];

/** The decisions query of /settings/decisions, for its loader and its list. */
/** Where a decision stands for the person: reversed, appealed and how, or until when it can be. */
function standing(decision: MyDecision): string | null {
  if (decision.reversedAt) return m.decisions_status_reversed();
  if (decision.appeal?.outcome === "reversed") return m.decisions_status_reversed();
  if (decision.appeal?.outcome) return m.decisions_status_upheld();
  if (decision.appeal) return m.decisions_status_appealed();
  if (decision.canAppeal && decision.appealBy) return m.decisions_appeal_until({ when: formatDateTime(decision.appealBy) });
  return null;
}

/** /settings/decisions: the decisions about the caller, newest first, each opening its statement of reasons. */
export function MyDecisionsList() {
  const query = useSuspenseInfiniteQuery(myDecisionsQuery(trpc));
  return (
    <PagedList
      query={query}
      testId="my-decisions"
      className="grid gap-3"
      itemKey={(decision) => decision.id}
      loadMore={{ label: m.decisions_load_more(), testId: "my-decisions-load-more" }}
      empty={
        <NoticeCard icon={<Scale aria-hidden className="size-6" />} title={m.decisions_empty()} testId="my-decisions-empty" />
      }
      renderItem={(decision) => {
        const status = standing(decision);
        return (
          <Card className="relative py-4" data-testid="my-decision" data-action={decision.action}>
            <CardContent className="grid gap-1 px-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <CardLink
                  to="/decisions/$decisionId"
                  params={{ decisionId: decision.id }}
                  className="font-medium"
                  data-testid="my-decision-link"
                >
                  {decisionHeading(decision.action, decisionAbout(decision.subjectType, decision.subjectName))}
                </CardLink>
                <span className="text-xs text-muted-foreground">{formatDay(decision.decidedAt)}</span>
              </div>
              <p className="text-sm text-muted-foreground">
                {actionName(decision.action)} · {groundName(decision.ground)}
              </p>
              {status && (
                <p className="text-sm" data-testid="my-decision-status">
                  {status}
                </p>
              )}
            </CardContent>
          </Card>
        );
      }}
    />
  );
}
