import { ArrowLeft, Lock, SearchX, ShieldAlert } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { NoticePage } from "../layout/notice.tsx";
import { LinkButton } from "../ui/link-button.tsx";

/**
 * A job page whose job the URL does not name: no such job, or (edit page) not the reader's, which looks
 * the same (docs/product.md, Permissions). `text` is the page's own wording; the way on is home.
 */
export function JobNotFound({ text = m.error_job_not_found(), testId = "job-not-found" }: { text?: string; testId?: string }) {
  return (
    <NoticePage icon={<SearchX aria-hidden className="size-6" />} title={text} testId={testId}>
      <LinkButton to="/" data-testid="not-found-home" variant="outline">
        {m.not_found_home()}
      </LinkButton>
    </NoticePage>
  );
}

/** Someone else's applications page: 'Access Denied: Only the job owner can manage applications', and back to the job. */
export function ApplicationsAccessDenied({ jobId }: { jobId: string }) {
  return (
    <NoticePage
      icon={<ShieldAlert aria-hidden className="size-6 text-destructive" />}
      title={m.error_applications_access_denied()}
      testId="applications-access-denied"
    >
      <LinkButton to="/jobs/$jobId" params={{ jobId }} data-testid="applications-denied-back" variant="outline">
        <ArrowLeft aria-hidden className="rtl:rotate-180" />
        {m.applications_back_to_job()}
      </LinkButton>
    </NoticePage>
  );
}

/** The edit page of a completed or cancelled job: final, so no form ('… can no longer be edited'), and back to the job. */
export function JobNotEditable({ jobId }: { jobId: string }) {
  return (
    <NoticePage icon={<Lock aria-hidden className="size-6" />} title={m.error_job_not_editable()} testId="job-not-editable">
      <LinkButton to="/jobs/$jobId" params={{ jobId }} data-testid="job-not-editable-back" variant="outline">
        <ArrowLeft aria-hidden className="rtl:rotate-180" />
        {m.edit_job_back()}
      </LinkButton>
    </NoticePage>
  );
}
