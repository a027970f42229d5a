import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";

import { trpc } from "../trpc.ts";
import { currentLanguage } from "./locale.ts";

/** The browser's IANA time zone, when it tells one. */
function browserTimeZone(): string | null {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
}

/**
 * Keeps the signed-in person's language and time zone on their profile in step with this browser, so
 * their e-mails and pushes come in the language they read and reminders in their evening. Sends only
 * when something differs (a language switch reloads the page, and this runs again).
 */
export function useSyncLocale(profile: { language: string; timeZone: string | null } | null | undefined): void {
  const { mutate } = useMutation(trpc.profiles.setLocale.mutationOptions());
  const storedLanguage = profile?.language;
  const storedTimeZone = profile?.timeZone;
  useEffect(() => {
    if (storedLanguage === undefined) return;
    const language = currentLanguage();
    const timeZone = browserTimeZone();
    if (storedLanguage === language && storedTimeZone === timeZone) return;
    mutate({ language, timeZone });
  }, [storedLanguage, storedTimeZone, mutate]);
}
