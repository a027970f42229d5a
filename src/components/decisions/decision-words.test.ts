import { afterEach, describe, expect, it } from "vitest";

import { LANGUAGE_CODES } from "../../../domain/languages.ts";
import { MODERATION_ACTIONS } from "../../../domain/moderation/decisions.ts";
import { MODERATION_GROUNDS } from "../../../domain/moderation/grounds.ts";
import { NOTIFIED_ACTIONS } from "../../../domain/moderation/statements.ts";
import type { NotificationPayload } from "../../../domain/notifications.ts";
import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { notificationText } from "../notifications/notification-text.ts";
import { actionName, groundName } from "./decision-words.ts";

afterEach(() => overwriteGetLocale(() => baseLocale));

const decision = (action: (typeof NOTIFIED_ACTIONS)[number]): NotificationPayload => ({
  kind: "moderation_decision",
  decisionId: "d-1",
  action,
  ground: "harassment",
  subjectType: "job",
  subjectName: "Moving boxes",
  appealBy: action === "restore" || action === "approve" ? null : "2026-12-21T15:41:00.000Z",
});

describe("the words of decisions (docs/decisions/074)", () => {
  it.each(LANGUAGE_CODES)("name every ground and action apart in %s", (locale) => {
    overwriteGetLocale(() => locale);
    const grounds = MODERATION_GROUNDS.map(groundName);
    const actions = MODERATION_ACTIONS.map(actionName);
    for (const text of [...grounds, ...actions]) expect(text.trim()).not.toBe("");
    expect(new Set(grounds).size).toBe(grounds.length);
    expect(new Set(actions).size).toBe(actions.length);
  });

  it.each(LANGUAGE_CODES)("write each decision's notice in the app in %s, as its e-mail does", (locale) => {
    overwriteGetLocale(() => locale);
    for (const action of NOTIFIED_ACTIONS) {
      const { title, body } = notificationText(decision(action));
      expect(title.trim(), action).not.toBe("");
      expect(body, action).not.toMatch(/\{\w+\}|undefined|notification_/);
    }
  });

  it("says what, on which ground, where the statement is and until when to appeal", () => {
    overwriteGetLocale(() => "en");
    const removal = notificationText(decision("remove"));
    expect(removal.title).toBe("We removed your content");
    expect(removal.body).toMatch(
      /^We removed your job “\u2068Moving boxes\u2069”\. Ground: Harassment or threats\. The statement of reasons, with our note, is in the app\. You can appeal until .*2026.*\.$/,
    );
    expect(notificationText(decision("ban")).body).toContain("write to support@daywork.app");
    expect(notificationText({ kind: "appeal_answered", decisionId: "d-1", appealId: "a-1", outcome: "reversed" }).body).toContain(
      "reversed it",
    );
  });
});
