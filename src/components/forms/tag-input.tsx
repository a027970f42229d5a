import { Plus, X } from "lucide-react";
import { useState } from "react";

import { translate } from "../../lib/messages.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/** What a typed tag becomes: the value to add, or the message key of why it is refused. */
export type TagParse = { value: string } | { refusal: string };

export type TagInputProps = {
  value: string[];
  onChange: (next: string[]) => void;
  /** Validates one typed tag (the same zod schema the server uses). */
  parse: (draft: string) => TagParse;
  label: string;
  description?: string;
  placeholder: string;
  addLabel: string;
  removeLabel: (tag: string) => string;
  /** An error for the list as a whole (a message key). */
  error?: string;
  /** Called with the message key when a typed tag is refused. */
  onRefused?: (key: string) => void;
  testIds?: { input: string; add: string; list?: string };
  /** Shown before each tag (interests are hashtags). */
  prefix?: string;
};

/**
 * Tags typed one at a time: Enter or the add button adds the typed tag and clears the box. Blank input
 * is ignored, so is a tag already in the list (ignoring case); anything `parse` refuses shows its message.
 */
export function TagInput({
  value,
  onChange,
  parse,
  label,
  description,
  placeholder,
  addLabel,
  removeLabel,
  error,
  onRefused,
  testIds,
  prefix = "",
}: TagInputProps) {
  const [draft, setDraft] = useState("");
  const [refusal, setRefusal] = useState<string>();

  const add = () => {
    if (draft.trim() === "") return setDraft("");
    const parsed = parse(draft);
    if ("refusal" in parsed) {
      setRefusal(parsed.refusal);
      onRefused?.(parsed.refusal);
      return;
    }
    setRefusal(undefined);
    setDraft("");
    if (!value.some((v) => v.toLocaleLowerCase() === parsed.value.toLocaleLowerCase())) onChange([...value, parsed.value]);
  };

  const shownError = refusal ?? error;
  return (
    <div className="grid gap-3">
      <Field label={label} description={description} error={shownError ? translate(shownError) : undefined}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              dir="auto"
              value={draft}
              placeholder={placeholder}
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
              data-testid={testIds?.input}
            />
            <Button type="button" variant="secondary" onClick={add} data-testid={testIds?.add}>
              <Plus aria-hidden />
              {addLabel}
            </Button>
          </div>
        )}
      </Field>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" data-testid={testIds?.list}>
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 ps-3 pe-1">
                <span dir="auto">
                  {prefix}
                  {tag}
                </span>
                <button
                  type="button"
                  className="rounded-full p-1 hover:bg-background/60"
                  aria-label={removeLabel(tag)}
                  onClick={() => onChange(value.filter((v) => v !== tag))}
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
