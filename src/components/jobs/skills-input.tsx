import { ERR } from "../../../domain/errors.ts";
import { MAX_SKILLS, skillSchema } from "../../../domain/jobs.ts";
import { m } from "../../paraglide/messages.js";
import { TagInput, type TagParse } from "../forms/tag-input.tsx";

export type SkillsInputProps = {
  value: string[];
  onChange: (next: string[]) => void;
  /** A server or form error for the list as a whole (already a message key). */
  error?: string;
  /** Called with the message key when a typed skill is refused (the edit page also toasts it). */
  onRefused?: (key: string) => void;
};

/** The job form's skill tags: over 50 characters or more than MAX_SKILLS skills are refused. */
export function SkillsInput({ value, onChange, error, onRefused }: SkillsInputProps) {
  const parse = (draft: string): TagParse => {
    const parsed = skillSchema.safeParse(draft);
    if (!parsed.success) return { refusal: parsed.error.issues[0]?.message ?? ERR.skillTooLong };
    if (value.length >= MAX_SKILLS) return { refusal: ERR.skillsTooMany };
    return { value: parsed.data };
  };
  return (
    <TagInput
      value={value}
      onChange={onChange}
      parse={parse}
      error={error}
      onRefused={onRefused}
      label={m.job_form_skills()}
      description={m.job_form_skills_hint()}
      placeholder={m.job_form_skill_placeholder()}
      addLabel={m.job_form_skill_add()}
      removeLabel={(skill) => m.job_form_skill_remove({ skill })}
      testIds={{ input: "job-skill-input", add: "job-skill-add", list: "job-skill-list" }}
    />
  );
}
