import { impressumEn } from "./impressum-en.ts";
import { impressumRu } from "./impressum-ru.ts";
import type { LegalTexts } from "./legal-document.ts";
import { privacyEn } from "./privacy-en.ts";
import { privacyRu } from "./privacy-ru.ts";
import { termsEn } from "./terms-en.ts";
import { termsRu } from "./terms-ru.ts";

export const TERMS: LegalTexts = { en: termsEn, ru: termsRu };
export const PRIVACY: LegalTexts = { en: privacyEn, ru: privacyRu };
export const IMPRESSUM: LegalTexts = { en: impressumEn, ru: impressumRu };
