import { m } from "../../paraglide/messages.js";
import { Badge } from "../ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";

/** A worker's interests on their public page, read-only. */
export function PublicInterestsCard({ interests }: { interests: string[] }) {
  if (interests.length === 0) return null;
  return (
    <Card data-testid="public-interests">
      <CardHeader>
        <CardTitle asChild><h2>{m.profile_interests_title()}</h2></CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-wrap gap-2">
          {interests.map((interest) => (
            <li key={interest}>
              <Badge variant="secondary" className="h-8 px-3 text-sm"><bdi>#{interest}</bdi></Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
