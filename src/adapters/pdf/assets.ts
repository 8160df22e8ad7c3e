/**
 * The bytes fiscalkit's PDFs are drawn with (`pdf.invoice` and Factur-X, issue #22): two TrueType
 * fonts and an sRGB ICC profile. The pure renderer (`src/einvoice/pdf`) takes them as bytes; this
 * adapter reads the fonts from an npm package with `node:fs`, once per process.
 *
 * The default fonts are **DejaVu Sans Condensed** and **DejaVu Sans Condensed Bold** (DejaVu 2.37, as
 * the npm package `dejavu-fonts-ttf` 2.37.3 ships them in `ttf/`). DejaVu's licence (the package's `LICENSE`)
 * is the Bitstream Vera Fonts licence (and the like-worded Arev licence for the glyphs from Arev), DejaVu's
 * own changes being public domain: free to use, embed and redistribute, the fonts not to be sold by
 * themselves. DejaVu covers every Latin script of the EU
 * (Polish `ł ś ż`, Spanish `ñ`, German `ß`, Czech `ř`, …), Greek and Cyrillic, and the `€` sign; the
 * condensed cut keeps long descriptions and amounts side by side on A4. (Noto Sans was tried first:
 * the subset fontkit makes of Google's Noto Sans TrueType files renders without most of its glyphs in
 * poppler, so it cannot be embedded as a subset.) A host may pass its own font files instead.
 *
 * The ICC profile is the sRGB profile of Debian's `icc-profiles-free` (zlib licence,
 * `./srgbProfile.ts`), kept in the package.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfAssets } from '../../einvoice/pdf/render.js';
import { SRGB_ICC_PROFILE_BASE64 } from './srgbProfile.js';

/** The default font files, as module paths `require.resolve` finds. */
export const DEFAULT_PDF_FONTS = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;

/** Where {@link loadPdfAssets} reads the fonts from. */
export interface PdfAssetOptions {
  /** A TrueType font file for the text (a path); default DejaVu Sans Condensed. */
  readonly regular?: string | undefined;
  /** Its bold weight (a path); default DejaVu Sans Condensed Bold. */
  readonly bold?: string | undefined;
  /** An RGB ICC profile's bytes; default the sRGB profile of `icc-profiles-free`; null for none (no PDF/A). */
  readonly iccProfile?: Uint8Array | null | undefined;
}

/**
 * The bundled sRGB ICC profile's bytes (Debian `icc-profiles-free`, zlib licence).
 *
 * @example
 * ```ts
 * srgbIccProfile().length; // 6922
 * ```
 */
export function srgbIccProfile(): Uint8Array {
  // A fresh copy each call: a caller may change its bytes; loadPdfAssets keeps one for itself.
  return Uint8Array.from(Buffer.from(SRGB_ICC_PROFILE_BASE64, 'base64'));
}

let srgb: Uint8Array | undefined;
const fonts = new Map<string, Promise<{ regular: Uint8Array; bold: Uint8Array }>>();

function resolveFont(path: string): string {
  if (path.startsWith('/') || path.startsWith('.')) return path;
  return createRequire(import.meta.url).resolve(path);
}

async function readFonts(regular: string, bold: string): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  const [regularBytes, boldBytes] = await Promise.all([
    readFile(resolveFont(regular)),
    readFile(resolveFont(bold)),
  ]);
  return { regular: new Uint8Array(regularBytes), bold: new Uint8Array(boldBytes) };
}

/**
 * The fonts and ICC profile of fiscalkit's PDFs. The font files are read once per process for the same
 * paths (the same byte arrays every time, so the renderer parses each font once too). Rejects when a
 * font file cannot be read (the default fonts' package, `dejavu-fonts-ttf`, not installed).
 *
 * @example
 * ```ts
 * const assets = await loadPdfAssets();
 * const pdf = await renderInvoicePdf(view, assets);
 * ```
 */
export async function loadPdfAssets(options: PdfAssetOptions = {}): Promise<PdfAssets> {
  const regular = options.regular ?? DEFAULT_PDF_FONTS.regular;
  const bold = options.bold ?? DEFAULT_PDF_FONTS.bold;
  const key = `${regular}\u0000${bold}`;
  let read = fonts.get(key);
  if (read === undefined) {
    read = readFonts(regular, bold);
    fonts.set(key, read);
    read.catch(() => fonts.delete(key));
  }
  srgb ??= srgbIccProfile();
  const iccProfile = options.iccProfile === undefined ? srgb : (options.iccProfile ?? undefined);
  return { ...(await read), iccProfile };
}
