/** Whole seconds from `now` until `at` (never below 0): the countdown to the code's rotation. */
export function secondsUntil(at: Date | string, now: number): number {
  return Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000));
}

/**
 * How far the server's clock runs ahead of this device's (negative: behind), in milliseconds: the
 * server's time in an answer less the device's time when the answer arrived. A countdown to a time the
 * server set (the code's rotation) reads `Date.now() + offset`, so a phone whose clock is a few minutes
 * off still counts the right seconds.
 */
export function serverClockOffset(serverTime: Date | string, receivedAt: number): number {
  return new Date(serverTime).getTime() - receivedAt;
}

/** The six digits of a typed code ("123 456" → "123456"), or null while it is not six digits. */
export function typedCode(text: string): string | null {
  const digits = text.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** What attendance.mine answers, as far as the shift day's card and the phone's bottom bar read it. */
export type ShiftDayInput = {
  shift: { date: string } | null;
  canCheckIn: boolean;
  canCheckOut: boolean;
  days: { date: string; presence: "present" | "absent"; checkInLocal: string | null; checkOutLocal: string | null }[];
};

/**
 * A hired worker's shift day as the job page leads with it (docs/decisions/047): the day a check-in
 * now records (or the one still open for check-out), what the worker can do ("in", "out", or nothing
 * once the day is recorded) and the day's record. Null on a day that is not one of their shifts.
 */
export function shiftDay<T extends ShiftDayInput>(data: T) {
  const open = data.canCheckOut
    ? data.days.find((d) => d.checkInLocal && !d.checkOutLocal && d.presence === "present")
    : undefined;
  const date = open?.date ?? data.shift?.date;
  if (!date) return null;
  const action: "in" | "out" | null = data.canCheckOut ? "out" : data.canCheckIn ? "in" : null;
  return { date, action, record: (data.days.find((d) => d.date === date) ?? null) as T["days"][number] | null };
}
