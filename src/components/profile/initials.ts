import { initialsOf } from "../../../domain/chat.ts";

/**
 * Two letters for an avatar: first and last name's initials, or the first two letters of a one-word
 * name ("Anna" → "AN"), so every avatar shows the same number of letters.
 */
export function avatarInitials(fullName: string): string {
  const initials = initialsOf(fullName);
  if (Array.from(initials).length >= 2) return initials;
  return Array.from(fullName.trim()).slice(0, 2).join("").toLocaleUpperCase();
}
