import { USER_ID, UUID } from "./id-shapes.ts";

/**
 * A reportable item's kind and id as tables key it (docs/decisions/070, 074), without a validation
 * library: the console's item route reads its address with these in the first load (decision 072).
 */
export const REPORT_SUBJECT_TYPES = ["job", "profile", "message", "review"] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** The item: a job, a person, a chat message (a bigint identity) or a review. */
export type ReportSubject =
  | { type: "job"; id: string }
  | { type: "profile"; id: string }
  | { type: "message"; id: number }
  | { type: "review"; id: string };

/** The subject as the tables store it: every kind's id as text. */
export function subjectKey(subject: ReportSubject): { subjectType: ReportSubjectType; subjectId: string } {
  return { subjectType: subject.type, subjectId: String(subject.id) };
}

/** The subject back from the tables' text key; null for a key that names no item of its kind. */
export function subjectFromKey(subjectType: string, subjectId: string): ReportSubject | null {
  switch (subjectType) {
    case "job":
    case "review":
      return UUID.test(subjectId) ? { type: subjectType, id: subjectId } : null;
    case "profile":
      return USER_ID.test(subjectId) ? { type: "profile", id: subjectId } : null;
    case "message": {
      const id = /^[1-9][0-9]{0,15}$/.test(subjectId) ? Number(subjectId) : NaN;
      return Number.isSafeInteger(id) ? { type: "message", id } : null;
    }
    default:
      return null;
  }
}
