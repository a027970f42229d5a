import { LEGAL } from "../../../domain/legal.ts";
import { LIMITS, MIN_AGE } from "../../../domain/limits.ts";
import { placeholder, type LegalDocument } from "./legal-document.ts";

const linkMinutes = LIMITS.signedUrlSeconds / 60;

/** Privacy Policy, English. */
export const privacyEn: LegalDocument = {
  lang: "en",
  intro: [
    [
      "This Privacy Policy explains which personal data Daywork collects, why, how long we keep it and which rights you have. It is published in accordance with Article 18.1 of Federal Law No. 152-FZ “On Personal Data” and also serves as the information notice required by Articles 13 and 14 of the EU General Data Protection Regulation (GDPR) where the GDPR applies.",
    ],
  ],
  sections: [
    {
      id: "controller",
      heading: "1. Who is responsible",
      blocks: [
        [
          "The operator (controller) of your personal data is ",
          placeholder("[Company legal name]"),
          ", ",
          placeholder("[Registered address]"),
          ". The full company details, our data protection officer and the supervisory authorities are listed in the ",
          { href: "/impressum", text: "Impressum" },
          ".",
        ],
        ["For any question about your personal data, write to ", { email: LEGAL.privacyEmail }, "."],
      ],
    },
    {
      id: "data-collected",
      heading: "2. Data we collect",
      blocks: [
        "We collect only the data you give us and the data the service needs to work:",
        {
          list: [
            [
              { strong: "Account: " },
              "e-mail address, password (stored only as a salted hash, never in readable form), full name and user type (worker or employer).",
            ],
            [
              { strong: "Profile: " },
              "date of birth, bio, location, phone number, company name (employers), preferred currency, interests (workers), and your privacy and notification settings. Your preferred currency is first set from the country of the city you give as your location at sign-up (roubles for Moscow, tenge for Almaty), otherwise from the language you signed up in (roubles for Russian, tenge for Kazakh, soʻm for Uzbek, manat for Turkmen, euros for German, French and Spanish; never US dollars for Russian); you can change it in settings at any time.",
            ],
            [
              { strong: "Activity: " },
              "jobs you post, applications and their messages, private and group chat messages and the images you attach, ratings and reviews you give and receive, the people you block (never shown to them), reports you send about jobs, profiles, messages or reviews (and reports others send about yours, which never tell you who sent them), and your notifications.",
            ],
            [{ strong: "Certificates: " }, "PDF files you upload to your profile, with their names and sizes."],
            [
              { strong: "Consents: " },
              "the record that you gave or withdrew consent to the processing of personal data and that you accepted the Terms, with the date of each.",
            ],
            [
              { strong: "Technical data: " },
              "for each signed-in session, the session identifier, the IP address and the browser’s user agent, used to keep you signed in and to protect your account.",
            ],
          ],
        },
        "We do not ask for special categories of personal data (such as health, religious or political views) or biometric data. Please do not include them in your bio, jobs or messages.",
      ],
    },
    {
      id: "use",
      heading: "3. How we use your data",
      blocks: [
        {
          list: [
            "To provide the service under the Terms: your account and profile, posting jobs, applications, chats, reviews and the export and deletion of your data (152-FZ Article 6(1)(5); GDPR Article 6(1)(b)).",
            "On the basis of your consent to the processing of personal data, where the law requires consent (152-FZ Article 6(1)(1) and Article 9; GDPR Article 6(1)(a)).",
            "To keep the service secure, prevent fraud and abuse and enforce the Terms (GDPR Article 6(1)(f), our legitimate interest in a safe marketplace).",
            "To meet our legal obligations, for example to answer lawful requests of authorities (152-FZ Article 6(1)(2); GDPR Article 6(1)(c)).",
            "To send you e-mail and push notifications about your jobs, applications and messages, as far as you have switched them on in your settings.",
          ],
        },
        "When a reader asks for a machine translation of a job, the job’s title and description — never your profile — are sent to the translation service we use, and the translation is stored with the job. Please do not put personal data into job texts.",
        "We do not sell personal data, do not use it for advertising profiles, and do not take decisions that have legal effects on you solely by automated means.",
      ],
    },
    {
      id: "consent",
      heading: "4. Consent to processing",
      blocks: [
        "Your consent to the processing of personal data is a separate document: you give it at sign-up with its own checkbox, apart from accepting the Terms and this Policy, and we keep its own record with the date. Consent is voluntary, specific and informed.",
        [
          "You can withdraw your consent at any time by writing to ",
          { email: LEGAL.privacyEmail },
          " or by deleting your account. Withdrawal does not affect the lawfulness of processing before it. Without consent we can no longer provide you with an account.",
        ],
      ],
    },
    {
      id: "storage",
      heading: "5. Storage, localization and security",
      blocks: [
        [
          "The personal data of citizens of the Russian Federation is recorded, systematized, accumulated, stored, updated and retrieved using databases located in the Russian Federation, as Article 18(5) of 152-FZ requires. Our database and file storage are hosted by ",
          placeholder("[Hosting provider]"),
          " in ",
          placeholder("[Data centre location in Russia]"),
          ".",
        ],
        "We do not transfer personal data across borders except as described in this Policy. Before any cross-border transfer we notify Roskomnadzor where 152-FZ Article 12 requires it, and we transfer data only to countries and recipients that ensure adequate protection.",
        `We protect your data with encryption in transit (HTTPS), hashed passwords, access limited to the staff who need it, and files (certificates and chat images) that are kept outside any public folder and served only through signed links that expire after ${linkMinutes} minutes.`,
      ],
    },
    {
      id: "rights",
      heading: "6. Your rights",
      blocks: [
        "You have the right to:",
        {
          list: [
            [{ strong: "Access: " }, "learn whether and how we process your data and receive a copy of it."],
            [
              { strong: "Correction: " },
              "have inaccurate or incomplete data corrected; most of it you can edit yourself in your profile settings.",
            ],
            [
              { strong: "Deletion: " },
              "have your data deleted. Deleting your account on the ",
              { href: "/settings/privacy", text: "Privacy and data" },
              " page deletes your profile, jobs nobody has worked on, applications, messages and images, certificates and their files, the words of your reviews, notifications and consent records at once. What the other side of a job needs stays without your name (section 10).",
            ],
            [{ strong: "Withdrawal of consent: " }, "withdraw your consent to processing at any time (see section 4)."],
            [
              { strong: "Export: " },
              "download everything we hold about you, messages included, as one JSON file with the “Export my data” button on the ",
              { href: "/settings/privacy", text: "Privacy and data" },
              " page.",
            ],
            [
              { strong: "Objection and restriction: " },
              "where the GDPR applies, object to processing based on our legitimate interest and ask us to restrict processing.",
            ],
            [
              { strong: "Complaint: " },
              "complain to Roskomnadzor or, in the European Union, to the data protection authority of your country. We would be glad if you contacted us first.",
            ],
          ],
        },
      ],
    },
    {
      id: "requests",
      heading: "7. How we answer your requests",
      blocks: [
        [
          "Send requests to ",
          { email: LEGAL.privacyEmail },
          " or by post to the address in the Impressum. So that we do not disclose your data to someone else, we may ask you to write from the e-mail address of your account or to confirm your identity in another way. Answering is free of charge.",
        ],
        `We answer every request within ${LEGAL.requestResponseWorkingDays} working days of receiving it. We may extend this period by no more than ${LEGAL.requestExtensionWorkingDays} working days; in that case we send you a reasoned notice before the first period ends. These periods follow Articles 14 and 20 of 152-FZ as amended, and also meet the one-month period of Article 12(3) of the GDPR.`,
      ],
    },
    {
      id: "sharing",
      heading: "8. Who we share data with",
      blocks: [
        {
          list: [
            "Other users, as the service requires: your public profile (unless you hide it), your application to the employer of the job, your messages to the participants of a chat, and your reviews on the profile of the person reviewed. Your e-mail address is shown only if you choose so; your phone number and date of birth never.",
            [
              "Service providers who process data on our behalf and on our instructions, bound by confidentiality (152-FZ Article 6(3); GDPR Article 28): hosting (",
              placeholder("[Hosting provider]"),
              "), e-mail delivery (",
              placeholder("[E-mail delivery provider]"),
              ") and machine translation of job texts (",
              placeholder("[Translation provider]"),
              ").",
            ],
            "Courts, law enforcement and other authorities, only when the law obliges us to.",
          ],
        },
        "We never sell or rent personal data and never share it for advertising.",
      ],
    },
    {
      id: "cookies",
      heading: "9. Cookies and local storage",
      blocks: [
        "Daywork uses only a session cookie, set when you sign in, which keeps you signed in. It is strictly necessary, cannot be read by scripts on the page, and expires when you sign out or after a period of inactivity.",
        "The language you choose is saved in your browser’s local storage under the key “language”, so that Daywork opens in that language next time. It stays on your device and is not sent to us.",
        "We use no analytics, advertising or third-party tracking cookies.",
      ],
    },
    {
      id: "retention",
      heading: "10. How long we keep data",
      blocks: [
        "We keep your data as long as your account exists. When you delete your account or ask us to delete your data, we delete it in one operation: profile, sign-in data and sessions, jobs nobody has worked on, applications, interests, certificates and their files, chat messages and their images, chat memberships, the words of reviews you wrote, replies to strikes, notifications and consent records. Files are removed right after the deletion. A log entry without personal data records only that a deletion took place.",
        "What the other side of a job needs stays after your account is deleted, shown as “Deleted user” and without your name, photo, contact details or anything you wrote about yourself. These are records of contracts that other people need to pay or be paid, to settle disputes and to keep the ratings they earned (152-FZ Article 6(1)(5) and (7); GDPR Article 6(1)(b) and (f), our and their legitimate interest), and they stay as long as the other person's account or the job exists:",
        {
          list: [
            "hires for work that began, with their attendance and timesheet records (the hours worked): the job's hired count does not change;",
            "jobs someone worked on, as published (title, description, dates, rate, city and district), cancelled if unfinished; their street address is erased;",
            "the stars of every review you gave or received, so nobody's rating changes; the text of reviews others wrote about your work stays, the text of yours is erased;",
            "strikes (late cancellations and no-shows), without your replies;",
            "reports you sent about jobs, profiles, messages or reviews, without your name or account, for the moderation of the items they are about (GDPR Article 6(1)(f), a safe marketplace); reports about your own items are closed and no longer point to them.",
          ],
        },
        `For ${LEGAL.deletedAccountStandingYears} years after the deletion we also keep a keyed hash (HMAC-SHA-256 with a secret key only our server holds) of your e-mail address and, if you gave one, your phone number, and nothing else; it cannot be turned back into the address. If an account is created with the same e-mail, or given the same phone, within that time, the records above become that account's again: its strikes, no-shows, reliability figures and reviews are the ones you had. This keeps anyone from wiping a bad review or a strike by deleting their account and signing up again (GDPR Article 6(1)(f); 152-FZ Article 6(1)(7)). After ${LEGAL.deletedAccountStandingYears} years the hash is erased and the records stay anonymous for good.`,
        `Records of money (what was held on an employer's card, what a worker earned and was paid out, refunds, compensation for late cancellations and our fee) are accounting records: we keep them for ${LEGAL.accountingRecordYears} years after the end of the year they belong to (Federal Law 402-FZ “On Accounting”, Article 29; GDPR Article 6(1)(c) and Article 17(3)(b)). When your account is deleted they stay under a label that does not name you, without your name or contact details, and they are not changed. Your data export includes your whole statement.`,
        `Payouts: where you are paid (a card as the payment service's token with its last four digits, a phone and bank for the fast payment system, a Stripe account) and, for roubles, your INN and self-employed status are deleted with your account; each payout stays with the money records above. Money still owed to you when you delete your account is not paid out automatically any more: take it out before deleting, or write to us.`,
        "Our operators' log of what they decided and read (for example a post they took down or a role they granted) is kept for good: it is how we account for our decisions to the people they affect and to the authorities (EU Digital Services Act; Federal Law 289-FZ; GDPR Article 6(1)(c) and (f)). When your account is deleted, your identifier in it is replaced by a pseudonym, so what was decided, on which ground and when stays, but not who you were. The same holds for our moderation decisions about your posts, messages, reviews or account, with the explanation you were given, and for your appeals of them and of timesheets and strikes: they stay with their texts, linked to no account.",
        `When you withdraw your consent, we stop processing the data based on it and destroy that data within ${LEGAL.withdrawnConsentDestructionDays} days of receiving the withdrawal, unless a law obliges or allows us to keep specific data; such data is kept only as long as that law requires.`,
        [
          "Deleted data disappears from our backups when they are overwritten, at the latest after ",
          placeholder("[Backup retention period]"),
          ".",
        ],
      ],
    },
    {
      id: "children",
      heading: "11. Children",
      blocks: [
        `Daywork is intended only for people aged ${MIN_AGE} and over. We do not knowingly collect personal data of anyone younger than ${MIN_AGE}. If we learn that an account belongs to a person under ${MIN_AGE}, we delete it together with its data. Parents and guardians who believe that a child has given us data can write to us.`,
      ],
    },
    {
      id: "changes",
      heading: "12. Changes to this Policy",
      blocks: [
        `We update this Policy when our processing or the law changes; the date of the current version is shown at the top of this page. We announce material changes at least ${LEGAL.changeNoticeDays} days before they take effect, by e-mail or by a notice in the service. Where a change requires your new consent, we ask for it and do not apply the change to you without it. Earlier versions are available on request.`,
      ],
    },
    {
      id: "contact",
      heading: "13. Contact",
      blocks: [
        ["Personal data requests and questions: ", { email: LEGAL.privacyEmail }, "."],
        [
          "Postal address: ",
          placeholder("[Company legal name]"),
          ", ",
          placeholder("[Registered address]"),
          ", marked “Personal data”.",
        ],
      ],
    },
  ],
};
