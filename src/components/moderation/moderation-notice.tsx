import { ShieldAlert } from "lucide-react";

import type { JobModeration } from "../../../domain/moderation/hold-rules.ts";
import { m } from "../../paraglide/messages.js";
import { Badge } from "../ui/badge.tsx";

/**
 * A held or removed job's state as its owner sees it (docs/decisions/069); nothing for a visible job.
 * Never says which rule held it.
 */
export function ModerationBadge({ moderation }: { moderation: JobModeration }) {
  if (moderation === "visible") return null;
  return (
    <Badge variant={moderation === "held" ? "grey" : "red"} data-testid="job-moderation" data-moderation={moderation}>
      {moderation === "held" ? m.moderation_under_review() : m.moderation_removed()}
    </Badge>
  );
}

/** The job page's line under the owner's badge: what "Under review" or "Removed" means. */
export function ModerationNote({ moderation }: { moderation: JobModeration }) {
  if (moderation === "visible") return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
      data-testid="job-moderation-note"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{moderation === "held" ? m.moderation_under_review_note() : m.moderation_removed_note()}</span>
    </p>
  );
}
