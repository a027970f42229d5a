import { cn } from "../../lib/cn.ts";
import { m } from "../../paraglide/messages.js";
import { Badge } from "../ui/badge.tsx";

/** Skill tags; with `max`, the first few and a "+N more" for the rest. */
export function SkillBadges({ skills, max, className }: { skills: string[] | null; max?: number; className?: string }) {
  if (!skills?.length) return null;
  const shown = max === undefined ? skills : skills.slice(0, max);
  const hidden = skills.length - shown.length;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} data-testid="job-skills">
      {shown.map((skill) => (
        <li key={skill}>
          <Badge variant="outline" dir="auto">
            {skill}
          </Badge>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Badge variant="secondary" data-testid="job-skills-more">
            {m.job_card_more_skills({ count: hidden })}
          </Badge>
        </li>
      )}
    </ul>
  );
}
