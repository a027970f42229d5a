import { ERR } from "../../../domain/errors.ts";
import { interestSchema } from "../../../domain/profile.ts";
import { m } from "../../paraglide/messages.js";
import { TagInput, type TagParse } from "../forms/tag-input.tsx";

function parseInterest(draft: string): TagParse {
  const parsed = interestSchema.safeParse(draft);
  return parsed.success ? { value: parsed.data } : { refusal: parsed.error.issues[0]?.message ?? ERR.generic };
}

/** Onboarding's interest hashtags (blank and duplicates ignored, 50 characters at most). */
export function InterestInput({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  return (
    <TagInput
      value={value}
      onChange={onChange}
      parse={parseInterest}
      prefix="#"
      label={m.onboarding_interests()}
      description={m.onboarding_interests_hint()}
      placeholder={m.onboarding_interest_placeholder()}
      addLabel={m.onboarding_interest_add()}
      removeLabel={(interest) => m.onboarding_interest_remove({ interest })}
      testIds={{ input: "interest-input", add: "interest-add" }}
    />
  );
}
