import { afterEach, describe, expect, it, vi } from "vitest";

import { LEGAL, legalTextLanguage } from "../../../domain/legal.ts";
import { MIN_AGE } from "../../../domain/limits.ts";
import type { LegalBlock, LegalDocument, LegalInline, LegalParagraph, LegalSection, LegalTexts } from "./legal-document.ts";
import { IMPRESSUM, PRIVACY, TERMS } from "./legal-texts.ts";

const inlineText = (i: LegalInline): string =>
  typeof i === "string" ? i : "email" in i ? i.email : "href" in i ? i.text : "strong" in i ? i.strong : i.placeholder;
const paragraphText = (p: LegalParagraph) => (typeof p === "string" ? p : p.map(inlineText).join(""));
const blockText = (b: LegalBlock) =>
  typeof b === "object" && "list" in b ? b.list.map(paragraphText).join("\n") : paragraphText(b);
const sectionText = (s: LegalSection) => [s.heading, ...s.blocks.map(blockText)].join("\n");
const documentText = (d: LegalDocument) => [...d.intro.map(blockText), ...d.sections.map(sectionText)].join("\n");
const section = (d: LegalDocument, id: string) => {
  const found = d.sections.find((s) => s.id === id);
  if (!found) throw new Error(`${d.lang}: no section ${id}`);
  return sectionText(found);
};

// The headings each of the three legal pages must have, with words each language's heading must carry.
const REQUIRED_HEADINGS: Record<string, { texts: LegalTexts; headings: Record<string, { en: RegExp; ru: RegExp }> }> = {
  terms: {
    texts: TERMS,
    headings: {
      acceptance: { en: /acceptance/i, ru: /принятие/i },
      obligations: { en: /obligations/i, ru: /обязанности/i },
      "data-processing": { en: /personal data/i, ru: /персональных данных/i },
      payments: { en: /payments/i, ru: /оплата/i },
      prohibited: { en: /prohibited/i, ru: /запрещённые/i },
      liability: { en: /liability.*not the employer/i, ru: /ответственность.*не является работодателем/i },
      disputes: { en: /disputes/i, ru: /споров/i },
      changes: { en: /changes/i, ru: /изменение/i },
      contact: { en: /contact/i, ru: /контакты/i },
    },
  },
  privacy: {
    texts: PRIVACY,
    headings: {
      "data-collected": { en: /data we collect/i, ru: /какие данные/i },
      use: { en: /use/i, ru: /используем/i },
      storage: { en: /storage.*localization/i, ru: /хранение.*локализация/i },
      rights: { en: /rights/i, ru: /права/i },
      sharing: { en: /share/i, ru: /передаём/i },
      cookies: { en: /cookies/i, ru: /cookie/i },
      retention: { en: /how long/i, ru: /сроки хранения/i },
      children: { en: /children/i, ru: /дети/i },
      changes: { en: /changes/i, ru: /изменение/i },
      requests: { en: /requests/i, ru: /обращения/i },
      consent: { en: /consent/i, ru: /согласие/i },
    },
  },
  impressum: {
    texts: IMPRESSUM,
    headings: {
      company: { en: /provider/i, ru: /компании/i },
      regulators: { en: /supervisory authorities/i, ru: /надзорные органы/i },
      dpo: { en: /data protection officer/i, ru: /ответственный за обработку/i },
    },
  },
};

describe.each(Object.entries(REQUIRED_HEADINGS))("%s", (_page, { texts, headings }) => {
  it.each(["en", "ru"] as const)("has every required heading in %s, each with real text", (lang) => {
    const doc = texts[lang];
    expect(doc.lang).toBe(lang);
    for (const [id, words] of Object.entries(headings)) {
      const found = doc.sections.find((s) => s.id === id);
      expect(found, `${lang} section ${id}`).toBeDefined();
      expect(found?.heading).toMatch(words[lang]);
      expect(section(doc, id).length, `${lang} section ${id} is substantive`).toBeGreaterThan(120);
    }
  });

  it("has the same sections with the same anchors in English and Russian", () => {
    expect(texts.ru.sections.map((s) => s.id)).toEqual(texts.en.sections.map((s) => s.id));
    const ids = texts.en.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
  });
});

describe("what the texts state", () => {
  it("binds users to the minimum age everywhere it is stated, never the first version's 16", () => {
    expect(section(TERMS.en, "obligations")).toContain(`at least ${MIN_AGE} years old`);
    expect(section(TERMS.ru, "obligations")).toContain(`достигшие ${MIN_AGE} лет`);
    expect(section(PRIVACY.en, "children")).toContain(`aged ${MIN_AGE} and over`);
    expect(section(PRIVACY.ru, "children")).toContain(`младше ${MIN_AGE} лет`);
    for (const doc of [TERMS.en, TERMS.ru, PRIVACY.en, PRIVACY.ru]) expect(documentText(doc)).not.toMatch(/(?<!\d)16(?!\d)/);
  });

  it("promises the response times of 152-FZ as amended (10 + 5 working days), not the old 30 days", () => {
    const { requestResponseWorkingDays: days, requestExtensionWorkingDays: extra } = LEGAL;
    expect(section(PRIVACY.en, "requests")).toContain(`within ${days} working days`);
    expect(section(PRIVACY.en, "requests")).toContain(`no more than ${extra} working days`);
    expect(section(PRIVACY.ru, "requests")).toContain(`в течение ${days} рабочих дней`);
    expect(section(PRIVACY.ru, "requests")).toContain(`не более чем на ${extra} рабочих дней`);
    for (const doc of [PRIVACY.en, PRIVACY.ru]) expect(section(doc, "requests")).not.toMatch(/30/);
    expect(section(PRIVACY.en, "retention")).toContain(`within ${LEGAL.withdrawnConsentDestructionDays} days`);
    expect(section(PRIVACY.ru, "retention")).toContain(`не превышающий ${LEGAL.withdrawnConsentDestructionDays} дней`);
  });

  it("the privacy policy says what of a deleted account stays for the other side, how long, and the re-signup rule (decision 050)", () => {
    const years = LEGAL.deletedAccountStandingYears;
    const en = section(PRIVACY.en, "retention");
    for (const words of ["“Deleted user”", "timesheet", "hired count", "stars of every review", "strikes", "legitimate interest"])
      expect(en).toContain(words);
    expect(en).toContain(`For ${years} years after the deletion we also keep a keyed hash`);
    expect(en).toMatch(/same e-mail, or given the same phone, within that time, the records above become that account's again/);
    const ru = section(PRIVACY.ru, "retention");
    for (const words of [
      "«Удалённый пользователь»",
      "табелями",
      "число нанятых",
      "оценки (звёзды)",
      "нарушения",
      "законный интерес",
    ])
      expect(ru).toContain(words);
    expect(ru).toContain(`В течение ${years} лет после удаления мы храним также ключевой хеш`);
  });

  it("the privacy policy says money records outlive an account, for how long and under which law (decision 076)", () => {
    const years = LEGAL.accountingRecordYears;
    expect(section(PRIVACY.en, "retention")).toContain(`we keep them for ${years} years after the end of the year`);
    expect(section(PRIVACY.en, "retention")).toMatch(/402-FZ.*Article 29.*Article 17\(3\)\(b\)/s);
    expect(section(PRIVACY.ru, "retention")).toContain(`мы храним их ${years} лет после окончания года`);
    expect(section(PRIVACY.ru, "retention")).toMatch(/402-ФЗ.*статья 29/s);
  });

  it("the privacy policy says payout methods and the ИНН go with the account and payouts stay (decision 081)", () => {
    expect(section(PRIVACY.en, "retention")).toContain("your INN and self-employed status are deleted with your account");
    expect(section(PRIVACY.ru, "retention")).toContain("ваш ИНН и статус самозанятого удаляются вместе с учётной записью");
  });

  it("states localization in Russia, the separate consent, the JSON export and the only cookie", () => {
    expect(section(PRIVACY.en, "storage")).toMatch(
      /citizens of the Russian Federation.*databases located in the Russian Federation/s,
    );
    expect(section(PRIVACY.ru, "storage")).toMatch(
      /граждан Российской Федерации.*находящихся на территории Российской Федерации/s,
    );
    expect(section(PRIVACY.en, "consent")).toMatch(/separate document.*own checkbox.*own record/s);
    expect(section(PRIVACY.ru, "consent")).toMatch(/отдельный документ.*отдельного флажка.*отдельную запись/s);
    expect(section(PRIVACY.en, "rights")).toMatch(/JSON/);
    expect(section(PRIVACY.ru, "rights")).toMatch(/JSON/);
    expect(section(PRIVACY.en, "cookies")).toMatch(/only a session cookie[\s\S]*“language”/);
    expect(section(PRIVACY.ru, "cookies")).toMatch(/только сеансовый файл cookie[\s\S]*«language»/);
    expect(section(TERMS.en, "payments")).toMatch(/does not process, hold, transfer or guarantee wage payments/);
    expect(section(TERMS.en, "disputes")).toMatch(/law of the Russian Federation/);
    expect(section(TERMS.ru, "disputes")).toMatch(/правом Российской Федерации/);
  });

  it("marks the impressum's company details as placeholders and names the regulators and the officer", () => {
    const placeholders = (doc: LegalDocument) =>
      doc.sections
        .flatMap((s) => s.blocks.flatMap((b) => (typeof b === "object" && "list" in b ? b.list : [b])))
        .flatMap((p) => (typeof p === "string" ? [] : p))
        .flatMap((i) => (typeof i === "object" && "placeholder" in i ? [i.placeholder] : []));
    expect(placeholders(IMPRESSUM.en)).toEqual(
      expect.arrayContaining([
        "[Company legal name]",
        "[OGRN / registration number]",
        "[INN / tax number]",
        "[Registered address]",
        "[VAT ID]",
      ]),
    );
    expect(placeholders(IMPRESSUM.ru).length).toBeGreaterThanOrEqual(placeholders(IMPRESSUM.en).length);
    for (const doc of [IMPRESSUM.en, IMPRESSUM.ru]) for (const p of placeholders(doc)) expect(p).toMatch(/^\[.+\]$/);
    expect(section(IMPRESSUM.en, "regulators")).toMatch(/Roskomnadzor/);
    expect(section(IMPRESSUM.ru, "regulators")).toMatch(/Роскомнадзор/);
    expect(section(IMPRESSUM.en, "dpo")).toContain(LEGAL.privacyEmail);
    expect(section(IMPRESSUM.ru, "dpo")).toContain(LEGAL.privacyEmail);
  });

  it("shows Russian readers the Russian text and every other reader the English one", () => {
    expect(legalTextLanguage("ru")).toBe("ru");
    for (const lang of ["en", "uz", "kk", "tk", "es", "de", "fr", "ar", "zh"]) expect(legalTextLanguage(lang)).toBe("en");
  });
});

describe("numbers come from the constants, not from the texts", () => {
  afterEach(() => {
    vi.doUnmock("../../../domain/legal");
    vi.doUnmock("../../../domain/limits");
    vi.resetModules();
  });

  it("renders changed deadlines and a changed minimum age", async () => {
    vi.resetModules();
    vi.doMock("../../../domain/legal", async (importOriginal) => {
      const actual = await importOriginal<typeof import("../../../domain/legal.ts")>();
      return {
        ...actual,
        LEGAL: {
          ...actual.LEGAL,
          requestResponseWorkingDays: 7,
          requestExtensionWorkingDays: 3,
          withdrawnConsentDestructionDays: 21,
        },
      };
    });
    vi.doMock("../../../domain/limits", async (importOriginal) => ({
      ...(await importOriginal<typeof import("../../../domain/limits.ts")>()),
      MIN_AGE: 21,
    }));
    const { PRIVACY: privacy, TERMS: terms } = await import("./legal-texts.ts");
    expect(section(privacy.en, "requests")).toContain("within 7 working days");
    expect(section(privacy.en, "requests")).toContain("no more than 3 working days");
    expect(section(privacy.ru, "requests")).toContain("в течение 7 рабочих дней");
    expect(section(privacy.ru, "requests")).toContain("не более чем на 3 рабочих дня");
    expect(section(privacy.en, "retention")).toContain("within 21 days");
    expect(section(privacy.ru, "retention")).toContain("не превышающий 21 дня");
    expect(section(terms.en, "obligations")).toContain("at least 21 years old");
    expect(section(terms.ru, "obligations")).toContain("достигшие 21 года");
    expect(section(terms.ru, "obligations")).toContain("исполнилось 21 год");
    expect(documentText(terms.en)).not.toMatch(/(?<!\d)18(?!\d)/);
    expect(documentText(privacy.en)).not.toMatch(/(?<!\d)(18|10)(?!\d) (years|working days)/);
  });
});
