import { intlLocaleFor } from "../../domain/intl-locale.ts";
import { cn } from "./cn.ts";

/** Resolves in a later task of the browser's: what ran before is over, and a tap in between is answered. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Pays the first screen's one-time costs (Intl's locale data, tailwind-merge's class table) before React
 * renders, each in a task of its own, so no slice of the render grows long enough to keep a tap waiting (decision 038).
 */
export async function payFirstUseCosts(language: string): Promise<void> {
  await nextTask();
  intlLocaleFor(language);
  await nextTask();
  cn("p-1", "p-2");
}
