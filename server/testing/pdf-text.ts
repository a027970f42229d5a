import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of each page of a PDF as pdf.js reads it (its items joined by spaces): what a reader's PDF
 * software finds in it. For tests of the statements' PDFs.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  try {
    const document = await loading.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}
