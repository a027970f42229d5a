import { m } from "../../paraglide/messages.js";
import { Badge } from "../ui/badge.tsx";
import { SectionCard } from "../ui/card.tsx";

/** A worker's interests on their public page, read-only. */
export function PublicInterestsCard({ interests }: { interests: string[] }) {
  if (interests.length === 0) return null;
  return (
    <SectionCard title={m.profile_interests_title()} data-testid="public-interests">
      <ul className="flex flex-wrap gap-2">
        {interests.map((interest) => (
          <li key={interest}>
            <Badge variant="secondary" className="h-8 px-3 text-sm">
              <bdi>#{interest}</bdi>
            </Badge>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
