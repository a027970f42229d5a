import { Plus, X } from "lucide-react";
import { useState } from "react";
import { MAX_SKILLS, skillSchema } from "../../../domain/jobs";
import { ERR } from "../../../domain/errors";
import { translate } from "../../lib/messages";
import { m } from "../../paraglide/messages.js";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";

export type SkillsInputProps = {
  value: string[];
  onChange: (next: string[]) => void;
  /** A server or form error for the list as a whole (already a message key). */
  error?: string;
  /** Called with the message key when a typed skill is refused (the edit page also toasts it). */
  onRefused?: (key: string) => void;
};

/**
 * Skill tags: Enter or Add adds the typed skill and clears the box. Blank input is ignored, so is a
 * skill already in the list (ignoring case); over 50 characters is refused with its message.
 */
export function SkillsInput({ value, onChange, error, onRefused }: SkillsInputProps) {
  const [draft, setDraft] = useState("");
  const [refusal, setRefusal] = useState<string>();

  const add = () => {
    if (draft.trim() === "") return setDraft("");
    const parsed = skillSchema.safeParse(draft);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? ERR.skillTooLong;
      setRefusal(key);
      onRefused?.(key);
      return;
    }
    if (value.length >= MAX_SKILLS) {
      setRefusal(ERR.skillsTooMany);
      onRefused?.(ERR.skillsTooMany);
      return;
    }
    setRefusal(undefined);
    setDraft("");
    if (!value.some((v) => v.toLocaleLowerCase() === parsed.data.toLocaleLowerCase())) onChange([...value, parsed.data]);
  };

  const shownError = refusal ?? error;
  return (
    <div className="grid gap-3">
      <Field label={m.job_form_skills()} description={m.job_form_skills_hint()} error={shownError ? translate(shownError) : undefined}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              dir="auto"
              value={draft}
              placeholder={m.job_form_skill_placeholder()}
              onChange={(e) => {
                setDraft(e.target.value);
                if (refusal) setRefusal(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
              data-testid="job-skill-input"
            />
            <Button type="button" variant="secondary" onClick={add} data-testid="job-skill-add">
              <Plus aria-hidden />
              {m.job_form_skill_add()}
            </Button>
          </div>
        )}
      </Field>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" data-testid="job-skill-list">
          {value.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary" className="gap-1 ps-3 pe-1">
                <span dir="auto">{skill}</span>
                <button
                  type="button"
                  className="rounded-full p-1 hover:bg-background/60"
                  aria-label={m.job_form_skill_remove({ skill })}
                  onClick={() => onChange(value.filter((v) => v !== skill))}
                >
                  <X aria-hidden className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
