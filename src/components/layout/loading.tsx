import { m } from "../../paraglide/messages.js";
import { Skeleton } from "../ui/skeleton.tsx";

/**
 * A placeholder shaped like what is loading, announced as loading: one grey block for each entry of
 * `blocks` (its size classes), laid out by `className`.
 */
export function Loading({
  blocks,
  label = m.common_loading(),
  className,
}: {
  blocks: string[];
  label?: string;
  className?: string;
}) {
  return (
    <div className={className} aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  );
}
