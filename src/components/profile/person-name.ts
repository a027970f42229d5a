import { m } from "../../paraglide/messages.js";

/**
 * The name a person is shown by. A deleted account's records stay for the other side under a stand-in
 * whose name is erased (docs/decisions/050): it reads "Deleted user" in the reader's language.
 */
export function personName(fullName: string): string {
  return fullName === "" ? m.person_deleted() : fullName;
}
