import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the CSS media query matches, read during the first render so nothing swaps after the first paint.
 * Null in server-side rendering, where the caller renders both variants and leaves the choice to CSS.
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => null,
  );
}
