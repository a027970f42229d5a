import { impressumEn } from "./impressum-en";
import { impressumRu } from "./impressum-ru";
import type { LegalTexts } from "./legal-document";
import { privacyEn } from "./privacy-en";
import { privacyRu } from "./privacy-ru";
import { termsEn } from "./terms-en";
import { termsRu } from "./terms-ru";

export const TERMS: LegalTexts = { en: termsEn, ru: termsRu };
export const PRIVACY: LegalTexts = { en: privacyEn, ru: privacyRu };
export const IMPRESSUM: LegalTexts = { en: impressumEn, ru: impressumRu };
