import { useQueryClient } from "@tanstack/react-query";
import { Languages } from "lucide-react";
import { useState, type MouseEvent } from "react";

import { cn } from "../../lib/cn.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { useTranslatable } from "./use-translatable.ts";

export type JobTranslationText = { title: string; description: string };

export type TranslateToggleProps = {
  jobId: string;
  /** Receives the translation after the first press, and null when the original is shown again. */
  onTranslated: (translation: JobTranslationText | null) => void;
  className?: string;
};

/**
 * Machine translation of a job into the reader's language: the first press shows the translation, the
 * next the original. Shown where `useTranslatable` says the job can be translated. Safe inside a card link.
 */
export function TranslateToggle({ jobId, onTranslated, className }: TranslateToggleProps) {
  const reader = currentLanguage();
  const queryClient = useQueryClient();
  const [translated, setTranslated] = useState(false);
  const [pending, setPending] = useState(false);

  async function toggle(event: MouseEvent<HTMLButtonElement>) {
    // The toggle may sit inside a job card that links to the job page.
    event.preventDefault();
    event.stopPropagation();
    if (pending) return;
    if (translated) {
      setTranslated(false);
      onTranslated(null);
      return;
    }
    setPending(true);
    try {
      const result = await queryClient.fetchQuery({
        ...trpc.translate.job.queryOptions({ jobId, targetLanguage: reader }),
        // A failure is reported at once; the person can press again.
        retry: false,
      });
      setTranslated(true);
      onTranslated({ title: result.translatedTitle, description: result.translatedDescription });
      toastSuccess(m.translate_success());
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <span className={cn("inline-flex flex-wrap items-center gap-2", className)}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={toggle}
        disabled={pending}
        aria-pressed={translated}
        aria-busy={pending}
        data-testid="translate-toggle"
      >
        {pending ? <Spinner /> : <Languages aria-hidden />}
        {pending ? m.translate_translating() : translated ? m.translate_show_original() : m.translate_button()}
      </Button>
      {translated && (
        <span className="text-xs text-muted-foreground" data-testid="translate-machine-note">
          {m.translate_machine_note()}
        </span>
      )}
    </span>
  );
}

/**
 * The translate toggle of one job's screen; only it re-renders when the translation languages arrive, not the
 * page around it (docs/decisions/038).
 */
export function JobTranslateToggle({
  jobLanguage,
  ...props
}: TranslateToggleProps & {
  /** The language the job was written in (`jobs.language`). */
  jobLanguage: string;
}) {
  const translatable = useTranslatable()(jobLanguage);
  return translatable ? <TranslateToggle {...props} /> : null;
}
