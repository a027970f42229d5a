import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";

import { m } from "../../paraglide/messages.js";
import { LinkButton } from "../ui/link-button.tsx";

export type BackTarget = "/" | "/profile" | "/settings";

/**
 * A page's top row: an icon back link, the title, and optional actions at the inline end. The back
 * arrow points the reading direction's way.
 */
export function PageHeader({
  title,
  backTo,
  backLabel = m.common_back(),
  actions,
}: {
  title: ReactNode;
  backTo?: BackTarget;
  backLabel?: string;
  actions?: ReactNode;
}) {
  return (
    // The actions wrap under the title rather than squeeze it (long titles, e.g. Turkmen, at 375 px).
    <div className="mb-6 flex flex-wrap items-center gap-x-2 gap-y-3">
      {backTo && (
        <LinkButton
          to={backTo}
          aria-label={backLabel}
          title={backLabel}
          data-testid="page-back"
          variant="ghost"
          size="icon"
          className="-ms-2"
        >
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
        </LinkButton>
      )}
      <h1 className="min-w-0 flex-1 basis-40 text-xl font-bold break-words sm:text-2xl">{title}</h1>
      {actions}
    </div>
  );
}
