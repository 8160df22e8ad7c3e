/**
 * The fonts of the readable invoice: two TrueType fonts (regular and bold) that the host hands over
 * as bytes (`PdfAssets`), parsed once per process and embedded as subsets in every PDF.
 *
 * PDF/A (ISO 19005-3 §6.2.11.4.1, as ISO 19005-2) requires every font program to be embedded, so the
 * 14 standard fonts of PDF readers cannot be used, and they cannot print Polish `ł ś ż` anyway
 * (WinAnsiEncoding). A subset keeps a one-page invoice at tens of kilobytes.
 *
 * Parsing a TrueType font (fontkit reads its tables) costs more than laying out a one-page invoice,
 * so the parsed font is kept per byte array ({@link cachedFontkit}): pdf-lib asks its registered
 * "fontkit" to `create` a font from bytes for every document, and gets the font parsed the first
 * time those bytes were seen. A fontkit font is immutable once parsed (its caches only fill); each
 * document makes its own subset of it.
 *
 * @module
 */

import type { Font } from '@pdf-lib/fontkit';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/** What `PDFDocument.registerFontkit` takes. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

const PARSED = new WeakMap<Uint8Array, Font>();

/**
 * The font with a layout of one glyph per character, from the font's character map (`cmap`), instead
 * of fontkit's OpenType shaping (GSUB/GPOS lookups run for every string drawn: most of the time of a
 * long invoice). pdf-lib reads only the glyphs of a layout (it positions them by their advance widths
 * itself), and an invoice in a Latin, Greek or Cyrillic script needs no shaping: text is composed
 * (NFC) before it is drawn, so an accented letter is one character and one glyph, and ligatures are
 * not wanted (the text must copy and search as written). The same layout the measuring uses
 * ({@link fontMetrics}), so what is measured is what is drawn.
 */
function withCharacterLayout(font: Font): Font {
  const layout = (text: string) => {
    const glyphs = [];
    for (const char of text) glyphs.push(font.glyphForCodePoint(char.codePointAt(0) ?? 0x3f));
    return { glyphs, positions: [] };
  };
  return Object.assign(font, { layout }) as Font;
}

/**
 * The parsed font of these bytes (a TrueType or OpenType font program), parsed on first use and kept
 * while the byte array lives.
 *
 * @example
 * ```ts
 * parsedFont(assets.regular).postscriptName; // 'DejaVuSansCondensed'
 * parsedFont(assets.regular) === parsedFont(assets.regular); // true: parsed once
 * ```
 */
export function parsedFont(bytes: Uint8Array): Font {
  let font = PARSED.get(bytes);
  if (font === undefined) {
    font = withCharacterLayout(fontkit.create(bytes));
    PARSED.set(bytes, font);
  }
  return font;
}

/**
 * A fontkit for `PDFDocument.registerFontkit` that parses each font's bytes once per process (the
 * same `Uint8Array` gives the same parsed font): the per-document cost of a custom font is then its
 * subset, not its parsing.
 *
 * @example
 * ```ts
 * const doc = await PDFDocument.create();
 * doc.registerFontkit(cachedFontkit);
 * const font = await doc.embedFont(assets.regular, { subset: true });
 * ```
 */
export const cachedFontkit: Fontkit = {
  // pdf-lib's own copy of fontkit's `Font` type is the same interface under another name.
  create: (bytes: Uint8Array) => parsedFont(bytes) as unknown as ReturnType<Fontkit['create']>,
};

/** What the layout needs of a font: its character widths and which characters it has. */
export interface FontMetrics {
  /** The width of `text` at `size` points (the sum of its glyphs' advance widths, as pdf-lib draws them). */
  width(text: string, size: number): number;
  /**
   * `text` composed (NFC) and with every character the font has no glyph for (and every control
   * character) replaced by `?`: PDF/A forbids drawing the `.notdef` glyph (ISO 19005-2 §6.2.11.8).
   */
  printable(text: string): string;
  /** The font's ascent as a fraction of its size. */
  readonly ascent: number;
}

const METRICS = new WeakMap<Font, FontMetrics>();

/**
 * The metrics of a parsed font, kept with it: advance widths per character (cached, so measuring a
 * long table costs a map lookup per character, not a shaping run).
 *
 * @example
 * ```ts
 * fontMetrics(parsedFont(assets.regular)).width('Factura', 10); // ≈ 37.5
 * ```
 */
export function fontMetrics(font: Font): FontMetrics {
  const known = METRICS.get(font);
  if (known !== undefined) return known;
  // money-safe: font units to points, layout geometry
  const scale = 1 / font.unitsPerEm;
  const widths = new Map<number, number>();
  const advance = (codePoint: number): number => {
    const known = widths.get(codePoint);
    if (known !== undefined) return known;
    const width = font.glyphForCodePoint(codePoint).advanceWidth;
    widths.set(codePoint, width);
    return width;
  };
  const has = new Map<number, boolean>();
  const printable = (codePoint: number): boolean => {
    const known = has.get(codePoint);
    if (known !== undefined) return known;
    const found = codePoint >= 0x20 && font.hasGlyphForCodePoint(codePoint);
    has.set(codePoint, found);
    return found;
  };
  const metrics: FontMetrics = {
    width(text, size) {
      let units = 0;
      for (const char of text) units += advance(char.codePointAt(0) ?? 0x3f);
      // money-safe: font units to points, layout geometry
      return units * scale * size;
    },
    printable(text) {
      let out = '';
      for (const char of text.normalize('NFC')) out += printable(char.codePointAt(0) ?? 0) ? char : '?';
      return out;
    },
    // money-safe: font units to points, layout geometry
    ascent: font.ascent * scale,
  };
  METRICS.set(font, metrics);
  return metrics;
}
