import { Plus, X } from "lucide-react";
import { useState } from "react";
import { interestSchema } from "../../../domain/profile";
import { translate } from "../../lib/messages";
import { m } from "../../paraglide/messages.js";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";

/** Hashtag chips: Enter or Add adds one (blank and duplicates ignored, 50 characters at most). */
export function InterestInput({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();

  const add = () => {
    if (draft.trim() === "") return;
    const parsed = interestSchema.safeParse(draft);
    if (!parsed.success) return setError(translate(parsed.error.issues[0]?.message ?? "error_generic"));
    setError(undefined);
    setDraft("");
    if (!value.some((v) => v.toLocaleLowerCase() === parsed.data.toLocaleLowerCase())) onChange([...value, parsed.data]);
  };

  return (
    <div className="grid gap-3">
      <Field label={m.onboarding_interests()} description={m.onboarding_interests_hint()} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={draft}
              placeholder={m.onboarding_interest_placeholder()}
              data-testid="interest-input"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button type="button" variant="secondary" onClick={add} data-testid="interest-add">
              <Plus aria-hidden />
              {m.onboarding_interest_add()}
            </Button>
          </div>
        )}
      </Field>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {value.map((interest) => (
            <li key={interest}>
              <Badge variant="secondary" className="gap-1 ps-3 pe-1">
                #{interest}
                <button
                  type="button"
                  className="rounded-full p-1 hover:bg-background/60"
                  aria-label={m.onboarding_interest_remove({ interest })}
                  onClick={() => onChange(value.filter((v) => v !== interest))}
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
