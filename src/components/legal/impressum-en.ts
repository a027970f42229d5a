import { LEGAL } from "../../../domain/legal.ts";
import { placeholder, type LegalDocument } from "./legal-document.ts";

/** Impressum (legal notice), English. Bracketed values are filled in by the operator before launch. */
export const impressumEn: LegalDocument = {
  lang: "en",
  intro: [
    "Information about the provider of the Daywork service, as required by the law of the Russian Federation and, for users in the European Union, by the EU Digital Services Act and the laws of the Member States on provider identification. Values in highlighted brackets are placeholders that the operator completes before publication.",
  ],
  sections: [
    {
      id: "company",
      heading: "1. Service provider",
      blocks: [
        {
          list: [
            [{ strong: "Company: " }, placeholder("[Company legal name]")],
            [{ strong: "Legal form: " }, placeholder("[Legal form, e.g. limited liability company (OOO)]")],
            [{ strong: "Registered address: " }, placeholder("[Registered address]")],
            [{ strong: "OGRN / registration number: " }, placeholder("[OGRN / registration number]")],
            [{ strong: "Registering authority: " }, placeholder("[Registering authority]")],
            [{ strong: "INN / tax number: " }, placeholder("[INN / tax number]")],
            [{ strong: "KPP: " }, placeholder("[KPP]")],
            [{ strong: "VAT ID (EU): " }, placeholder("[VAT ID]")],
            [{ strong: "Represented by (General Director): " }, placeholder("[Name of the general director]")],
          ],
        },
      ],
    },
    {
      id: "contact",
      heading: "2. Contact",
      blocks: [
        {
          list: [
            [{ strong: "Support: " }, { email: LEGAL.supportEmail }],
            [{ strong: "Personal data: " }, { email: LEGAL.privacyEmail }],
            [{ strong: "Phone: " }, placeholder("[Phone number]")],
            [
              { strong: "Single point of contact for authorities (EU Digital Services Act, Art. 11): " },
              { email: LEGAL.supportEmail },
              " (English or Russian)",
            ],
          ],
        },
      ],
    },
    {
      id: "regulators",
      heading: "3. Supervisory authorities",
      blocks: [
        [
          { strong: "Personal data in the Russian Federation: " },
          "Federal Service for Supervision of Communications, Information Technology and Mass Media (Roskomnadzor), 7 Kitaygorodsky proezd, building 2, Moscow, 109992, Russia; rkn.gov.ru. Registration number in the register of personal data operators: ",
          placeholder("[Roskomnadzor operator register number]"),
          ".",
        ],
        [
          { strong: "Personal data in the European Union: " },
          "the data protection authority competent for our establishment or representative in the EU: ",
          placeholder("[EU supervisory authority, address]"),
          ". Our representative in the EU under Article 27 GDPR: ",
          placeholder("[EU representative, name and address]"),
          ". You may also complain to the data protection authority of the Member State where you live or work.",
        ],
        "Daywork does not supply or lease personnel and is not the employer of the workers who use it; agreements on jobs are made directly between employers and workers.",
      ],
    },
    {
      id: "dpo",
      heading: "4. Data protection officer",
      blocks: [
        "The person responsible for organising the processing of personal data (Article 22.1 of 152-FZ), who is also our data protection officer within the meaning of Article 37 GDPR:",
        {
          list: [
            [{ strong: "Name: " }, placeholder("[Name of the data protection officer]")],
            [{ strong: "E-mail: " }, { email: LEGAL.privacyEmail }],
            [{ strong: "Post: " }, placeholder("[Registered address]"), ", marked “Data protection officer”"],
          ],
        },
      ],
    },
    {
      id: "content",
      heading: "5. Responsibility for content",
      blocks: [
        [
          "Responsible for the editorial content of this website: ",
          placeholder("[Name of the person responsible]"),
          ", ",
          placeholder("[Registered address]"),
          ".",
        ],
        [
          "Jobs, profiles, reviews and messages are published by users, who are responsible for them. If you find unlawful content, please report it to ",
          { email: LEGAL.supportEmail },
          " with a link to it; we review every report and remove unlawful content.",
        ],
      ],
    },
  ],
};
