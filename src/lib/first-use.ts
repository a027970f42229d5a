import { intlLocaleFor } from "../../domain/intl-locale.ts";
import { cn } from "./cn.ts";

/** Resolves in a later task of the browser's: what ran before is over, and a tap in between is answered. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Pays the first screen's one-time costs before React draws it, each in a task of its own. The first
 * use of Intl in a page loads its locale data (15-35 ms on a fast computer, four times that on a cheap
 * phone), and tailwind-merge builds its table of classes on its first call (10 ms). Paid where the first
 * date or class name was drawn, each made one of React's slices of the render a task long enough to
 * keep a tap waiting.
 */
export async function payFirstUseCosts(language: string): Promise<void> {
  await nextTask();
  intlLocaleFor(language);
  await nextTask();
  cn("p-1", "p-2");
}
