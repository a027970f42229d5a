import { useEffect, useState } from "react";

/** True until `deadline` passes; re-renders when it does. */
export function useBefore(deadline: Date | null): boolean {
  const at = deadline?.getTime() ?? null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at]);
  // A deadline already past when set is caught by the timer at once.
  return at !== null && now < at;
}
