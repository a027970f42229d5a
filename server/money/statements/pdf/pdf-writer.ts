import PDFDocument from "pdfkit";

import { textDirection, type LanguageCode } from "../../../../domain/languages.ts";
import { faceIndexFor, facesFor, openingFontFile, type Face, type Weight } from "./fonts.ts";
import { visualRuns, type VisualRun } from "./visual-runs.ts";

/*
 * A small page writer over pdfkit for statements: headings, lines of text, label-value pairs and tables,
 * on A4, in the reader's direction (an Arabic statement starts at the right and its columns run right to
 * left), every line cut into runs of one face and direction (visual-runs.ts). pdfkit wraps and aligns
 * text itself, but not across faces nor right to left, so this writer places each run.
 */

/** Where a cell's text sits: at the start of the reading direction, or at its end (figures). */
export type Align = "start" | "end";
export type Column = { label: string; share: number; align: Align };

const MARGIN = 48;
const SIZE = { title: 16, heading: 12, body: 9.5, small: 8 } as const;
const LINE = 1.45;
// Passing features makes pdfkit shape each run whole (it splits unfeatured text at spaces, which would
// put an Arabic run's words back in left-to-right order); fontkit adds each script's own features anyway.
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ["kern"];
/** Where a line may break: after a word and its spaces, or around any one Chinese character. */
const CJK = "\\u2E80-\\u9FFF\\uF900-\\uFAFF\\uFF00-\\uFFEF";
const TOKENS = new RegExp(`[${CJK}]|[^\\s${CJK}]+\\s*|\\s+`, "gu");

export class StatementWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly direction: "ltr" | "rtl";
  /** Characters no face could draw (tofu); the tests want none. */
  missingGlyphs = 0;
  private readonly faces: Record<Weight, Face[]>;
  private y = MARGIN;
  private readonly widths = new Map<string, number>();

  constructor(language: LanguageCode, info: { title: string; now: Date }) {
    this.faces = { 400: facesFor(language, 400), 700: facesFor(language, 700) };
    this.direction = textDirection(language);
    this.doc = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      font: openingFontFile(),
      lang: language,
      displayTitle: true,
      info: { Title: info.title, Producer: "Daywork", Creator: "Daywork", CreationDate: info.now },
    });
    for (const weight of [400, 700] as const) for (const face of this.faces[weight]) this.doc.registerFont(face.key, face.bytes);
  }

  private get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** The left edge of a box `offset` points into the line from its start (the right edge on an Arabic page). */
  private boxLeft(offset: number, width: number): number {
    return this.direction === "ltr" ? MARGIN + offset : MARGIN + this.width - offset - width;
  }

  /** `text` as runs to draw, whitespace none of the faces has read as a plain space. */
  private runs(text: string, weight: Weight): (VisualRun & { key: string })[] {
    const faces = this.faces[weight];
    const plain = [...text.replace(/[\r\n\t]/g, " ")]
      .map((char) => (/\p{Zs}/u.test(char) && faceIndexFor(faces, char.codePointAt(0) ?? 32) < 0 ? " " : char))
      .join("");
    const faceFor = (codePoint: number) => {
      const index = faceIndexFor(faces, codePoint);
      if (index >= 0) return index;
      this.missingGlyphs += 1;
      return 0;
    };
    const hasGlyph = (index: number, codePoint: number) => faces[index]?.font.hasGlyphForCodePoint(codePoint) ?? false;
    return visualRuns(plain, this.direction, faceFor, hasGlyph).map((run) => ({ ...run, key: faces[run.face]?.key ?? "" }));
  }

  private measure(runs: readonly (VisualRun & { key: string })[], size: number): number {
    return runs.reduce((sum, run) => sum + this.runWidth(run, size), 0);
  }

  /** A run's width, laid out once per document: fontkit's layout of a large face is slow enough to matter. */
  private runWidth(run: VisualRun & { key: string }, size: number): number {
    const key = `${run.key}|${size}|${run.text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.font(run.key).fontSize(size).widthOfString(run.text, { features: FEATURES });
      this.widths.set(key, width);
    }
    return width;
  }

  /**
   * Lines of `text` no wider than `width`, broken after spaces and between Chinese characters, and inside
   * a word only when it alone is wider. Tokens are measured once each and their widths added up.
   */
  private wrap(text: string, width: number, size: number, weight: Weight): string[] {
    const tokenWidth = (token: string) => this.measure(this.runs(token, weight), size);
    const lines: string[] = [];
    let line = "";
    let used = 0;
    const push = () => {
      if (line.trim()) lines.push(line.trimEnd());
      line = "";
      used = 0;
    };
    for (const token of text.match(TOKENS) ?? []) {
      const tokenUsed = tokenWidth(token.trimEnd());
      if (used + tokenUsed <= width) {
        line += token;
        used += tokenWidth(token);
        continue;
      }
      push();
      if (tokenUsed <= width) {
        line = token;
        used = tokenWidth(token);
        continue;
      }
      // A word wider than the line: cut it where it must.
      for (const char of token) {
        const charUsed = tokenWidth(char);
        if (line && used + charUsed > width) push();
        line += char;
        used += charUsed;
      }
    }
    push();
    return lines.length ? lines : [""];
  }

  /** Draws one line in a box of `width` at `left` (a left edge on the page), aligned in the reading direction. */
  private drawLine(text: string, left: number, width: number, align: Align, size: number, weight: Weight) {
    const runs = this.runs(text, weight);
    const used = this.measure(runs, size);
    const atLeft = (align === "start") === (this.direction === "ltr");
    let x = atLeft ? left : left + width - used;
    for (const run of runs) {
      // One baseline for all faces (each has its own ascent, which pdfkit would place the text by).
      this.doc
        .font(run.key)
        .fontSize(size)
        .text(run.text, x, this.y + size, { lineBreak: false, features: FEATURES, baseline: "alphabetic" });
      x += this.runWidth(run, size);
    }
  }

  /** Room for `height` more points on this page, or a new page. */
  private room(height: number): boolean {
    if (this.y + height <= this.doc.page.height - MARGIN) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  /** A paragraph across the page, wrapped. */
  text(text: string, options: { size?: keyof typeof SIZE; weight?: Weight; gapAfter?: number } = {}) {
    const size = SIZE[options.size ?? "body"];
    const weight = options.weight ?? 400;
    for (const line of this.wrap(text, this.width, size, weight)) {
      this.room(size * LINE);
      this.drawLine(line, MARGIN, this.width, "start", size, weight);
      this.y += size * LINE;
    }
    this.y += options.gapAfter ?? 0;
  }

  title(text: string) {
    this.text(text, { size: "title", weight: 700, gapAfter: 4 });
  }

  heading(text: string) {
    this.y += 6;
    this.text(text, { size: "heading", weight: 700, gapAfter: 2 });
  }

  /** Label and value pairs, a line each: labels at the start, values at the end. */
  pairs(pairs: readonly (readonly [string, string])[], options: { boldLast?: boolean } = {}) {
    const size = SIZE.body;
    pairs.forEach(([label, value], index) => {
      const weight: Weight = options.boldLast && index === pairs.length - 1 ? 700 : 400;
      this.room(size * LINE);
      this.drawLine(label, this.boxLeft(0, this.width * 0.6), this.width * 0.6, "start", size, weight);
      this.drawLine(value, this.boxLeft(this.width * 0.6, this.width * 0.4), this.width * 0.4, "end", size, weight);
      this.y += size * LINE;
    });
    this.y += 4;
  }

  /** A table: the header repeated on each page, cells wrapped, a rule under the header and above a bold last row. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[], options: { boldLast?: boolean } = {}) {
    const size = SIZE.small;
    const total = columns.reduce((sum, c) => sum + c.share, 0);
    const gap = 6;
    const boxes = columns.reduce<{ left: number; width: number }[]>((acc, column) => {
      const offset = acc.reduce((sum, b) => sum + b.width, 0);
      const width = (this.width * column.share) / total;
      // Columns run in the reading direction: the first is at the right of an Arabic page.
      return [...acc, { left: this.boxLeft(offset, width), width }];
    }, []);
    const drawRow = (cells: readonly string[], weight: Weight) => {
      const wrapped = cells.map((cell, i) => this.wrap(cell, (boxes[i]?.width ?? 0) - gap, size, weight));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * size * LINE;
      const top = this.y;
      wrapped.forEach((lines, i) => {
        const box = boxes[i];
        const column = columns[i];
        if (!box || !column) return;
        this.y = top;
        for (const line of lines) {
          this.drawLine(line, box.left + gap / 2, box.width - gap, column.align, size, weight);
          this.y += size * LINE;
        }
      });
      this.y = top + height + 2;
    };
    const rule = () => {
      this.doc
        .moveTo(MARGIN, this.y - 1)
        .lineTo(MARGIN + this.width, this.y - 1)
        .lineWidth(0.5)
        .strokeColor("#999999")
        .stroke();
      this.y += 2;
    };
    const header = () => {
      drawRow(
        columns.map((c) => c.label),
        700,
      );
      rule();
    };
    this.room(size * LINE * 4);
    header();
    rows.forEach((row, index) => {
      const last = options.boldLast && index === rows.length - 1;
      if (this.room(size * LINE * 2 + (last ? 3 : 0))) header();
      if (last) rule();
      drawRow(row, last ? 700 : 400);
    });
    this.y += 6;
  }

  /** The document's bytes. */
  finish(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
      this.doc.end();
    });
  }
}
