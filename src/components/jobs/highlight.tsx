import { Fragment } from "react";

/** The query's words worth marking: two letters or more, regex characters taken literally. */
function wordsOf(query: string): RegExp | null {
  const words = query
    .split(/[\s\p{P}]+/u)
    .filter((word) => [...word].length >= 2)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return words.length ? new RegExp(`(${words.join("|")})`, "giu") : null;
}

/**
 * `text` with the words of the search `query` marked, as typed or at the start of a longer word form
 * ("курьер" in "курьером"). Matches the server found by stem or typo alone stay unmarked.
 */
export function Highlight({ text, query }: { text: string; query: string }) {
  const pattern = wordsOf(query);
  if (!pattern) return text;
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark
            key={index}
            className="rounded-sm bg-yellow-200/70 px-0.5 text-inherit dark:bg-yellow-500/30"
            data-testid="search-mark"
          >
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
