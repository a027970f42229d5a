import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { errorMessage } from "../../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

type DisputeCase = RouterOutputs["disputes"]["case"];
export type DisputeCaseOf<K extends DisputeCase["kind"]> = Extract<DisputeCase, { kind: K }>;

function isKind<K extends DisputeCase["kind"]>(found: DisputeCase, kind: K): found is DisputeCaseOf<K> {
  return found.kind === kind;
}

/** Loads an escalated timesheet's or a strike's case and renders it once it is of `kind`. */
export function DisputeCaseLoader<K extends DisputeCase["kind"]>(p: {
  appealId: string;
  kind: K;
  render: (found: DisputeCaseOf<K>) => ReactNode;
}) {
  const read = useQuery(trpc.disputes.case.queryOptions({ appealId: p.appealId }));
  if (read.isPending) return <Skeleton className="h-64" />;
  if (read.isError)
    return (
      <p role="alert" className="text-sm">
        {errorMessage(read.error)}
      </p>
    );
  return isKind(read.data, p.kind) ? p.render(read.data) : null;
}
