import { textDirection } from "../../../domain/languages.ts";
import { LEGAL, legalTextLanguage } from "../../../domain/legal.ts";
import { formatDate } from "../../lib/format.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { BackLink } from "../layout/back-link.tsx";
import type { LegalBlock, LegalInline, LegalParagraph, LegalTexts } from "./legal-document.ts";

/**
 * A legal page in the root layout: back button, title and date in the reader's language, then the text
 * in Russian for Russian readers and in English for everyone else (with a note saying so), with a table
 * of contents linking to each section's anchor.
 */
export function LegalPage({ title, texts, testId }: { title: string; texts: LegalTexts; testId: string }) {
  const reader = currentLanguage();
  const doc = texts[legalTextLanguage(reader)];
  const inOwnLanguage = reader === doc.lang;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10" data-testid={testId}>
      <BackLink to="/" className="-ms-3 mb-6" data-testid="legal-back">
        {m.legal_back_home()}
      </BackLink>
      <header className="mb-8 space-y-2 border-b pb-6">
        <h1 className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">{m.legal_last_updated({ date: formatDate(LEGAL.lastUpdated, "long") })}</p>
        {!inOwnLanguage && (
          <p
            className="rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
            role="note"
            data-testid="legal-language-note"
          >
            {m.legal_english_note()}
          </p>
        )}
      </header>
      <div lang={doc.lang} dir={textDirection(doc.lang)} className="text-start">
        <div className="space-y-4 leading-7">
          {doc.intro.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </div>
        <nav aria-label={m.legal_contents()} className="my-8 rounded-lg border bg-muted/40 p-4 sm:p-5">
          <h2
            className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
            lang={reader}
            dir={textDirection(reader)}
          >
            {m.legal_contents()}
          </h2>
          <ol className="space-y-1.5 text-sm">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary underline-offset-4 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-10 first-of-type:mt-0">
            <h2 id={section.id} className="mb-4 scroll-mt-20 text-xl font-semibold tracking-tight">
              {section.heading}
            </h2>
            <div className="space-y-4 leading-7 text-foreground/90">
              {section.blocks.map((block, i) => (
                <Block key={i} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </main>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "object" && "list" in block) {
    return (
      <ul className="list-disc space-y-2 ps-6 marker:text-muted-foreground">
        {block.list.map((item, i) => (
          <li key={i} className="ps-1">
            <Paragraph paragraph={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      <Paragraph paragraph={block} />
    </p>
  );
}

function Paragraph({ paragraph }: { paragraph: LegalParagraph }) {
  if (typeof paragraph === "string") return paragraph;
  return paragraph.map((inline, i) => <Inline key={i} inline={inline} />);
}

function Inline({ inline }: { inline: LegalInline }) {
  if (typeof inline === "string") return inline;
  if ("email" in inline) {
    return (
      <a href={`mailto:${inline.email}`} className="font-medium text-primary underline underline-offset-4" dir="ltr">
        {inline.email}
      </a>
    );
  }
  if ("href" in inline) {
    return (
      <a href={inline.href} className="font-medium text-primary underline underline-offset-4">
        {inline.text}
      </a>
    );
  }
  if ("strong" in inline) return <strong className="font-semibold text-foreground">{inline.strong}</strong>;
  return (
    <mark
      data-placeholder
      title={m.legal_placeholder_title()}
      className="rounded-sm border border-dashed border-amber-500 bg-amber-100 box-decoration-clone px-1 font-mono text-[0.9em] text-amber-950"
    >
      {inline.placeholder}
    </mark>
  );
}
