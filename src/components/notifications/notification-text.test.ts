import { afterEach, describe, expect, it } from "vitest";

import type { NotificationPayload } from "../../../domain/notifications.ts";
import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { notificationText } from "./notification-text.ts";

afterEach(() => overwriteGetLocale(() => baseLocale));

/** Without the isolation marks the texts put around titles for right-to-left reading. */
const plain = (s: string) => s.replace(/[\u2068\u2069]/g, "");

describe("the in-app text of a job Daywork took down (docs/decisions/074)", () => {
  const removed = (hired: boolean): NotificationPayload => ({ kind: "job_removed", jobId: "j-1", jobTitle: "Loader", hired });

  it("tells a hired worker they need not come, and a pending applicant only that it is gone", () => {
    overwriteGetLocale(() => "en");
    expect(notificationText(removed(true))).toEqual({
      title: "Job taken down",
      body: expect.stringContaining("you don't need to come") as string,
    });
    expect(plain(notificationText(removed(true)).body)).toBe("Daywork took “Loader” down; you don't need to come.");
    expect(plain(notificationText(removed(false)).body)).toBe("Daywork took “Loader” down. It is no longer offered.");
    overwriteGetLocale(() => "de");
    expect(plain(notificationText(removed(true)).body)).toBe("Daywork hat „Loader“ entfernt; Sie müssen nicht kommen.");
  });
});
