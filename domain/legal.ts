/**
 * Deadlines and contacts that the legal pages state. The texts render these numbers, so a change of law
 * is one edit here. Sources: 152-FZ "On Personal Data" as amended (arts. 14, 20, 21), GDPR art. 12(3).
 */
export const LEGAL = {
  /** Working days within which a request about one's personal data is answered (152-FZ art. 14, 20). */
  requestResponseWorkingDays: 10,
  /** Working days by which that deadline may be extended, with a reasoned notice sent before it ends. */
  requestExtensionWorkingDays: 5,
  /** Days within which data processed on the basis of a withdrawn consent is destroyed (152-FZ art. 21). */
  withdrawnConsentDestructionDays: 30,
  /**
   * Years for which a deleted account's keyed e-mail and phone hashes are kept, so that a new account
   * with the same address inherits its standing (docs/decisions/050): the general limitation period
   * for claims (Civil Code of the Russian Federation, art. 196).
   */
  deletedAccountStandingYears: 3,
  /**
   * Years after the end of their reporting year for which money records (the ledger, docs/decisions/076)
   * are kept, deleted accounts' included under an anonymised label: 402-FZ "On Accounting", art. 29.
   */
  accountingRecordYears: 5,
  /** Days of notice before a material change of the terms or the privacy policy takes effect. */
  changeNoticeDays: 14,
  /** Address for personal-data requests, as in the footer. */
  privacyEmail: "privacy@daywork.app",
  /** Address for everything else, as in the footer. */
  supportEmail: "support@daywork.app",
  /** The date the current versions of the terms, privacy policy and impressum took effect (YYYY-MM-DD). */
  lastUpdated: "2026-12-08",
} as const;

/** Languages in which the legal texts exist; every other reader gets English. */
export const LEGAL_TEXT_LANGUAGES = ["en", "ru"] as const;
export type LegalTextLanguage = (typeof LEGAL_TEXT_LANGUAGES)[number];

/** The language of the legal text shown to a reader of `language`: Russian for ru, English otherwise. */
export function legalTextLanguage(language: string): LegalTextLanguage {
  return language === "ru" ? "ru" : "en";
}
