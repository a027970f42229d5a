import { LEGAL } from "../../../domain/legal.ts";
import { MIN_AGE } from "../../../domain/limits.ts";
import { placeholder, type LegalDocument } from "./legal-document.ts";

/** Terms of Service, English. */
export const termsEn: LegalDocument = {
  lang: "en",
  intro: [
    [
      "These Terms of Service (the “Terms”) govern the use of the Daywork website and service (“Daywork”, “we”, “us”), a marketplace on which employers publish short-term day jobs and workers apply for them. Daywork is operated by ",
      placeholder("[Company legal name]"),
      ", whose details are given in the ",
      { href: "/impressum", text: "Impressum" },
      ".",
    ],
  ],
  sections: [
    {
      id: "acceptance",
      heading: "1. Acceptance of the Terms",
      blocks: [
        "By creating an account you confirm that you have read these Terms and accept them as a binding agreement between you and Daywork. You accept them by ticking the corresponding box when you sign up; we record that you accepted and when.",
        "Visitors who browse jobs and public profiles without an account accept these Terms as far as they concern browsing. If you do not agree with the Terms, do not create an account. You may stop using Daywork and delete your account at any time.",
        [
          "Your consent to the processing of personal data is not part of these Terms. It is a separate document that you give with its own checkbox and that we record separately, as the Federal Law of the Russian Federation No. 152-FZ “On Personal Data” requires. How we process personal data is described in the ",
          { href: "/privacy", text: "Privacy Policy" },
          ".",
        ],
      ],
    },
    {
      id: "obligations",
      heading: "2. Eligibility and your obligations",
      blocks: [
        `You must be at least ${MIN_AGE} years old to create an account and to use Daywork. When you sign up you confirm that you are at least ${MIN_AGE}; the date of birth you give in your profile must confirm it. We close accounts of persons under ${MIN_AGE} as soon as we learn of them.`,
        "All users undertake to:",
        {
          list: [
            "give true, complete and current information about themselves and keep it up to date;",
            "keep their password secret and not let anyone else use their account; you are responsible for everything done through your account until you tell us that it has been misused;",
            "hold one account per person and act only on their own behalf or on behalf of an organisation they are authorised to represent;",
            "treat other users with respect and communicate in chats and messages only about the jobs concerned;",
            "leave reviews only about jobs actually done together, honestly and without insults.",
          ],
        },
        "Employers additionally undertake to publish only real and lawful jobs; to describe the work, place, start date, duration, number of workers and pay truthfully; to formalise the engagement as the law requires (an employment contract or a civil-law contract); and to comply with labour, tax, migration and occupational safety law, including safe working conditions and any instruction the work requires.",
        "Workers additionally undertake to apply only for jobs they intend and are legally allowed to do (including any permit, licence or medical certificate the work requires), to upload only certificates that are genuinely theirs, and to come to an accepted job or cancel in good time.",
      ],
    },
    {
      id: "data-processing",
      heading: "3. Processing of personal data",
      blocks: [
        [
          "We process personal data in accordance with Federal Law No. 152-FZ “On Personal Data” and, where it applies, the EU General Data Protection Regulation (GDPR), as described in the ",
          { href: "/privacy", text: "Privacy Policy" },
          ". Processing that requires consent is based on your separate consent to the processing of personal data.",
        ],
        "Some information is visible to other users because the service cannot work without it: your public profile (name, user type, bio, location, company name, ratings and reviews) unless you hide it; your e-mail address only if you choose to show it; your application and its message to the employer of the job; your messages to the participants of a chat. Your phone number and date of birth are never shown publicly.",
        [
          "You can change your privacy settings, download all data we hold about you as a JSON file, and delete your account on the ",
          { href: "/settings/privacy", text: "Privacy and data" },
          " page.",
        ],
        "If you receive other users’ personal data through Daywork (for example a worker’s profile or an employer’s address), you may use it only to arrange and carry out the job concerned, and you are responsible for processing it lawfully.",
      ],
    },
    {
      id: "payments",
      heading: "4. Payments",
      blocks: [
        "Using Daywork is currently free of charge for workers and employers. If we introduce paid features, we will announce their price and terms in advance, and they will apply only to those who order them.",
        "Daywork does not process, hold, transfer or guarantee wage payments. The hourly rate shown in a job is the employer’s offer. The amount, method and time of payment are agreed directly between the employer and the worker, and the employer pays the worker directly.",
        "The employer alone is responsible for paying the agreed remuneration in full and on time and for withholding and paying taxes and social contributions where the law requires it. A worker who acts as a self-employed person or an individual entrepreneur is responsible for their own taxes.",
        "Daywork is not a party to any payment between users, does not act as an escrow agent, does not refund amounts and does not convert currencies; amounts are shown in the currency the employer chose.",
        "No one may demand money from a worker for being hired, for training, uniforms or documents as a condition of a job. Please report such demands to us.",
      ],
    },
    {
      id: "prohibited",
      heading: "5. Prohibited activities",
      blocks: [
        "It is prohibited to use Daywork to:",
        {
          list: [
            "publish jobs that are unlawful, that involve sexual services, or that expose workers to danger without the protection the law requires;",
            `recruit persons younger than ${MIN_AGE}, or to offer work that the law forbids for the person concerned;`,
            "discriminate against people on grounds prohibited by law, such as sex, race, nationality, language, origin, religion or age;",
            "publish fictitious jobs, pyramid or multi-level marketing schemes, or ask for deposits, fees or identity documents to be handed over;",
            "collect other users’ personal data for purposes other than the job concerned, send spam or advertising, or phish for passwords or payment details;",
            "harass, threaten or insult other people, or publish extremist, defamatory or otherwise unlawful content;",
            "impersonate another person or organisation, create fake accounts, or write fake reviews or manipulate ratings;",
            "access the service by automated means (scraping, bots) without our written permission, probe or circumvent its security, or upload malware;",
            "upload files to which you have no rights, or certificates that are not yours.",
          ],
        },
        "We may remove content that breaks these Terms or the law, restrict functions, or suspend or delete the account concerned. Where the law requires, we inform the competent authorities. Where possible we tell you the reason for our decision, and you can object by writing to us.",
      ],
    },
    {
      id: "liability",
      heading: "6. Liability; Daywork is not the employer",
      blocks: [
        "Daywork is an information platform that helps employers and workers find each other. Daywork is not the employer of any worker, nor an employment agency, a staffing or personnel-leasing company, an agent or a contractor of either party, and it is not a party to the agreement between an employer and a worker.",
        "The agreement on a job is made directly between the employer and the worker. They alone determine its terms and are responsible for its lawfulness and performance, for occupational safety, insurance and the payment of remuneration, and for the taxes and contributions the law requires.",
        "We do not check the identity of users, the truth of job descriptions, qualifications or certificates, and we do not guarantee that a job will take place, the quality of the work done, or that payment will be made. Ratings and reviews reflect the opinions of the users who wrote them.",
        "Machine translations of jobs are produced automatically and may be inaccurate; the original text written by the employer prevails.",
        "We try to keep Daywork available and secure, but we provide it “as is” and cannot guarantee that it works without interruption or error. Within the limits permitted by law, we are not liable for lost earnings or other indirect damage, or for damage arising from agreements and dealings between users.",
        "Nothing in these Terms excludes or limits liability that cannot be excluded or limited by law, including liability for intent or gross negligence, or the rights consumers have under mandatory law.",
      ],
    },
    {
      id: "disputes",
      heading: "7. Governing law and disputes",
      blocks: [
        "These Terms and all relations arising from them are governed by the law of the Russian Federation.",
        "Before going to court, please send us a written claim so that we can try to resolve the dispute by negotiation. If that fails, the dispute is settled by the competent court of the Russian Federation. If you are a consumer, you keep the right under the Law of the Russian Federation “On Protection of Consumer Rights” to bring a claim in the court of your place of residence or stay, and, if you live in the European Union, the protection of the mandatory provisions of the law of your country of residence.",
        "Disputes between employers and workers about a job are settled between them. At the request of a court or another competent authority we provide the information the law requires.",
      ],
    },
    {
      id: "changes",
      heading: "8. Changes to the Terms",
      blocks: [
        `We may change these Terms, for example when the law or the service changes. The date of the current version is shown at the top of this page. We announce material changes at least ${LEGAL.changeNoticeDays} days before they take effect, by e-mail or by a notice in the service.`,
        "If you continue to use Daywork after the changes take effect, the new Terms apply to you. If you do not agree with them, you may delete your account before they take effect. Where the law requires your consent to a change, we will ask for it.",
      ],
    },
    {
      id: "contact",
      heading: "9. Contact",
      blocks: [
        ["Questions about these Terms and claims: ", { email: LEGAL.supportEmail }, "."],
        ["Requests about personal data: ", { email: LEGAL.privacyEmail }, "."],
        ["Postal address: ", placeholder("[Company legal name]"), ", ", placeholder("[Registered address]"), "."],
      ],
    },
  ],
};
