import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the CSS media query matches now, kept up to date. Read during the first render, so what is
 * drawn for a phone is drawn from the start (nothing swaps after the first paint). Null where there
 * is no screen to ask: server-side rendering (src/entry-server.tsx), which then has to draw what
 * both answers would and leave the choice to CSS.
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
