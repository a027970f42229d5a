import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

import type { LanguageCode } from "../../../../domain/languages.ts";
import { woffToSfnt } from "./woff-to-sfnt.ts";

/*
 * The faces statements are written in: Noto Sans from the @fontsource packages (npm, never the
 * machine's fonts, so a PDF looks the same wherever it is made), in the subsets Fontsource ships. A
 * character is drawn by the first face of the reader's language's list that has it: Latin and Cyrillic
 * for most, Arabic first for Arabic, the simplified Chinese face first for Chinese. Read from WOFF once a
 * process and unwrapped (woff-to-sfnt.ts); the PDF embeds only the glyphs it uses.
 */

const require = createRequire(import.meta.url);

const SUBSETS = {
  latin: ["@fontsource/noto-sans", "noto-sans-latin"],
  latinExt: ["@fontsource/noto-sans", "noto-sans-latin-ext"],
  cyrillic: ["@fontsource/noto-sans", "noto-sans-cyrillic"],
  cyrillicExt: ["@fontsource/noto-sans", "noto-sans-cyrillic-ext"],
  arabic: ["@fontsource/noto-sans-arabic", "noto-sans-arabic-arabic"],
  chinese: ["@fontsource/noto-sans-sc", "noto-sans-sc-chinese-simplified"],
} as const;
type Subset = keyof typeof SUBSETS;
export type Weight = 400 | 700;

const BASE: Subset[] = ["latin", "latinExt", "cyrillic", "cyrillicExt"];
/** Each language's faces, in the order a character looks for its glyph. */
const ORDER: Record<LanguageCode, Subset[]> = {
  ru: BASE,
  en: BASE,
  uz: BASE,
  kk: BASE,
  tk: BASE,
  es: BASE,
  de: BASE,
  fr: BASE,
  ar: ["arabic", ...BASE],
  zh: ["chinese", ...BASE],
};

/** A face: its OpenType bytes for the PDF library, and fontkit's reading of them to ask for glyphs. */
export type Face = { key: string; bytes: Buffer; font: fontkit.Font };

const faces = new Map<string, Face>();

function fontFile(pkg: string, prefix: string, weight: Weight): string {
  return require.resolve(`${pkg}/files/${prefix}-${weight}-normal.woff`);
}

/**
 * The file a PDF document opens first (pdfkit wants one; it would otherwise read Helvetica's metrics from
 * files beside its own code): the small Latin face, never drawn with (every run names its face).
 */
export function openingFontFile(): string {
  const [pkg, prefix] = SUBSETS.latin;
  return fontFile(pkg, prefix, 400);
}

function face(subset: Subset, weight: Weight): Face {
  const key = `${subset}-${weight}`;
  let loaded = faces.get(key);
  if (!loaded) {
    const [pkg, prefix] = SUBSETS[subset];
    const bytes = woffToSfnt(readFileSync(fontFile(pkg, prefix, weight)));
    const font = fontkit.create(bytes);
    if (!("hasGlyphForCodePoint" in font)) throw new Error(`${key} is a font collection`);
    loaded = { key, bytes, font };
    faces.set(key, loaded);
  }
  return loaded;
}

/** The faces a statement in `language` is written with, in the weight asked, in glyph-search order. */
export function facesFor(language: LanguageCode, weight: Weight): Face[] {
  return ORDER[language].map((subset) => face(subset, weight));
}

/**
 * The face of `list` that draws `codePoint`: the first that has its glyph, else -1 (then the text has a
 * character none of our faces can draw: the writer counts it, and the tests want none).
 */
export function faceIndexFor(list: readonly Face[], codePoint: number): number {
  return list.findIndex((f) => f.font.hasGlyphForCodePoint(codePoint));
}
