import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { RotateCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

import { errorMessage } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button.tsx";
import { Card, CardContent } from "../ui/card.tsx";

export type NoticeProps = {
  icon: ReactNode;
  title: string;
  hint?: string;
  /** A refusal or a failure, announced as soon as it appears; an empty list is not. */
  alert?: boolean;
  testId?: string;
  /** The way on: a link back, Try again, a button to browse. */
  children?: ReactNode;
};

/** A centred card saying why there is nothing to show here (a refusal, a failure, an empty list) and the way on. */
export function NoticeCard({ icon, title, hint, alert = false, testId, children }: NoticeProps) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-3 py-4 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">{icon}</span>
        <p role={alert ? "alert" : undefined} className="font-medium break-words">
          {title}
        </p>
        {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
        {children && <div className="mt-1 flex flex-wrap justify-center gap-2">{children}</div>}
      </CardContent>
    </Card>
  );
}

/** A page that is only a notice: a job that does not exist, a page the reader may not open. */
export function NoticePage(props: NoticeProps) {
  usePageTitle(props.title);
  return (
    <main id="main" className="mx-auto w-full max-w-lg px-4 py-10">
      <NoticeCard alert {...props} />
    </main>
  );
}

/** Try again: runs `onRetry`, or else clears the failed queries' errors and runs the route's loaders again. */
export function RetryButton({ onRetry, testId = "load-retry" }: { onRetry?: () => void; testId?: string }) {
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  const reload = () => {
    queryErrors.reset();
    void router.invalidate();
  };
  return (
    <Button onClick={onRetry ?? reload} data-testid={testId}>
      <RotateCw aria-hidden />
      {m.common_retry()}
    </Button>
  );
}

/**
 * A route's `errorComponent` when its data failed to load: what failed (`text`, e.g. 'Failed to load job
 * details'), why in the reader's language, and Try again. `children` adds a way back.
 */
export function LoadFailedPage({ text, error, children }: { text: string; error: unknown; children?: ReactNode }) {
  return (
    <NoticePage
      icon={<TriangleAlert aria-hidden className="size-6 text-destructive" />}
      title={text}
      hint={errorMessage(error)}
      testId="load-failed"
    >
      {children}
      <RetryButton />
    </NoticePage>
  );
}
