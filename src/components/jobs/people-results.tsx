import { BriefcaseBusiness, HardHat, MapPin } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { RatingSummary } from "../reviews/rating.tsx";
import { Badge } from "../ui/badge.tsx";
import { CardLink } from "../ui/card-link.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import type { PersonResult } from "./job-types.ts";

/** People and businesses matching the home search: a count, then one card per person, employers first. */
export function PeopleResults({ people }: { people: PersonResult[] }) {
  return (
    <section aria-labelledby="people-heading" className="space-y-3" data-testid="people-results">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="people-heading" className="text-lg font-semibold">
          {m.home_people_title()}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="people-count">
          {m.home_people_count({ count: people.length })}
        </p>
      </div>
      {people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.home_people_empty()}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {people.map((person) => {
            const Icon = person.userType === "employer" ? BriefcaseBusiness : HardHat;
            return (
              <li key={person.id}>
                <Card className="relative h-full gap-2 py-4 hover:shadow-md" data-testid="person-card">
                  <CardContent className="grid gap-1.5">
                    <div className="flex items-start justify-between gap-2">
                      <CardLink
                        to="/profile/$profileId"
                        params={{ profileId: person.id }}
                        className="font-semibold focus-visible:underline"
                        data-testid="person-link"
                      >
                        {person.fullName}
                      </CardLink>
                      <Badge variant={person.userType === "employer" ? "blue" : "grey"}>
                        <Icon aria-hidden />
                        {person.userType === "employer" ? m.people_type_employer() : m.people_type_worker()}
                      </Badge>
                    </div>
                    {person.companyName && <p className="text-sm">{person.companyName}</p>}
                    {person.location && (
                      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                        <MapPin aria-hidden className="size-4 shrink-0" />
                        {person.location}
                      </p>
                    )}
                    <RatingSummary {...person.rating} testId="person-rating" />
                    {person.bioExcerpt && (
                      <p className="line-clamp-2 text-sm text-muted-foreground">
                        {person.bioTruncated ? `${person.bioExcerpt.trimEnd()}…` : person.bioExcerpt}
                      </p>
                    )}
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
