import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { m } from "../../paraglide/messages.js";
import { Input } from "../ui/input.tsx";

const DEBOUNCE_MS = 300;

/**
 * The home search box. Typing updates the URL after a short pause (one history entry per search, not
 * per key); when the URL changes from outside (back button, a link), the box shows that text again.
 */
export function JobSearchBox({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);

  useEffect(() => {
    const next = draft.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = next;
      onCommit(next);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onCommit]);

  return (
    <form
      role="search"
      className="relative mx-auto w-full max-w-2xl"
      onSubmit={(e) => {
        // Enter searches at once.
        e.preventDefault();
        committed.current = draft.trim();
        onCommit(draft.trim());
      }}
    >
      <label htmlFor="home-search" className="sr-only">
        {m.home_search_label()}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id="home-search"
        type="search"
        value={draft}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={m.home_search_placeholder()}
        className="h-12 ps-11 text-base"
        autoComplete="off"
        enterKeyHint="search"
        data-testid="search-input"
      />
    </form>
  );
}
