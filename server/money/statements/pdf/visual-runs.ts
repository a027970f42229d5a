import { createRequire } from "node:module";

/*
 * One line of text in the order a PDF draws it, left to right (Unicode's bidirectional algorithm, UAX #9,
 * by bidi-js), cut into runs of one font and one direction. The PDF library shapes each run with fontkit,
 * which lays out a run of Arabic (or Hebrew) script right to left by itself: a run is handed over in
 * logical order when fontkit's own direction is the one the algorithm wants, and reversed here when it is
 * not (neutrals and digits: "- " in an Arabic line, Arabic-Indic digits "١٢٣" that read left to right).
 */

// bidi-js is a CommonJS factory; required as such, it is the same function under Node, vitest and the bundle.
const bidiFactory = createRequire(import.meta.url)("bidi-js") as typeof import("bidi-js").default;
const bidi = bidiFactory();

/** A run to draw: its text as the PDF library is to be given it, and which of the faces draws it. */
export type VisualRun = { text: string; face: number };

/** Characters that steer the algorithm and draw nothing (marks, embeddings, isolates). */
const CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;
const COMMON = /[\p{Script=Common}\p{Script=Inherited}]/u;
const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Whether fontkit lays `text` out right to left: the script of its first character that has one decides. */
export function shapedRightToLeft(text: string): boolean {
  for (const char of text) if (!COMMON.test(char)) return RIGHT_TO_LEFT_SCRIPT.test(char);
  return false;
}

type LogicalRun = { start: number; end: number; level: number; face: number };

/**
 * `text` (one line, no line breaks) as runs in visual order, its paragraph direction `direction`.
 * `faceFor` names the face that has a glyph for a code point; a character of no script of its own
 * (spaces, digits, punctuation, marks) stays with the face before it when that face has it (`hasGlyph`).
 */
export function visualRuns(
  text: string,
  direction: "ltr" | "rtl",
  faceFor: (codePoint: number) => number,
  hasGlyph: (face: number, codePoint: number) => boolean,
): VisualRun[] {
  if (text === "") return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: LogicalRun[] = [];
  let index = 0;
  for (const char of text) {
    const start = index;
    index += char.length;
    if (CONTROLS.test(char)) continue;
    const codePoint = char.codePointAt(0) ?? 0;
    const level = levels[start] ?? 0;
    const last = runs.at(-1);
    const keep = last && last.end === start && last.level === level;
    const face = keep && COMMON.test(char) && hasGlyph(last.face, codePoint) ? last.face : faceFor(codePoint);
    if (keep && last.face === face) last.end = index;
    else runs.push({ start, end: index, level, face });
  }
  // UAX #9 L2 over whole runs: from the highest level down to the lowest odd one, reverse every
  // stretch of runs at that level or higher.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < runs.length;) {
      if ((runs[i]?.level ?? 0) < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < runs.length && (runs[j]?.level ?? 0) >= level) j += 1;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map((run) => {
    const logical = text.slice(run.start, run.end);
    const rightToLeft = run.level % 2 === 1;
    if (rightToLeft === shapedRightToLeft(logical)) return { text: logical, face: run.face };
    // fontkit would draw it the other way round: hand it over reversed, brackets mirrored where read right to left.
    const chars = [...logical].map((char) => (rightToLeft ? (bidi.getMirroredCharacter(char) ?? char) : char));
    return { text: chars.reverse().join(""), face: run.face };
  });
}
