/**
 * The PDF assets adapter (issue #22): the fonts read once per process from `dejavu-fonts-ttf`, the
 * sRGB ICC profile kept in the package.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PDF_FONTS, loadPdfAssets, srgbIccProfile } from '../../../src/adapters/pdf/assets.js';
import { fontMetrics, parsedFont } from '../../../src/einvoice/pdf/fonts.js';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('loadPdfAssets', () => {
  it('reads DejaVu Sans Condensed regular and bold, once, and parses them once', async () => {
    const first = await loadPdfAssets();
    const second = await loadPdfAssets();
    expect(second.regular).toBe(first.regular);
    expect(second.bold).toBe(first.bold);
    // TrueType files (sfnt version 1.0).
    expect([...first.regular.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    expect(parsedFont(first.regular).postscriptName).toBe('DejaVuSansCondensed');
    expect(parsedFont(first.bold).postscriptName).toBe('DejaVuSansCondensed-Bold');
    expect(parsedFont(first.regular)).toBe(parsedFont(second.regular));
  });

  it('has the glyphs of every language the invoice prints in', async () => {
    const { regular, bold } = await loadPdfAssets();
    for (const bytes of [regular, bold]) {
      const metrics = fontMetrics(parsedFont(bytes));
      const text = 'Zażółć gęślą jaźń ŁŚŻ ñÑ ß äöü éèêç àòù ř € „“ – — → × · № 1 234,56';
      expect(metrics.printable(text)).toBe(text);
      // A character it has no glyph for prints as '?' (never the .notdef glyph), and so does a control.
      expect(metrics.printable('a\u4e2db\u0007')).toBe('a?b?');
      // Decomposed accents are composed first: one character, one glyph.
      expect(metrics.printable('n\u0303')).toBe('ñ');
      expect(metrics.width('', 10)).toBe(0);
      expect(metrics.width('WW', 10)).toBeCloseTo(2 * metrics.width('W', 10), 6);
    }
  });

  it('carries the bundled sRGB profile, or another, or none', async () => {
    const icc = srgbIccProfile();
    expect(icc.length).toBe(6922);
    expect(latin1(icc.subarray(36, 40))).toBe('acsp');
    expect(latin1(icc.subarray(12, 20))).toBe('mntrRGB ');
    expect(icc[8]).toBe(2); // ICC version 2
    expect((await loadPdfAssets()).iccProfile).toEqual(icc);
    expect((await loadPdfAssets({ iccProfile: null })).iccProfile).toBeUndefined();
    const own = new Uint8Array([1, 2, 3]);
    expect((await loadPdfAssets({ iccProfile: own })).iccProfile).toBe(own);
  });

  it('takes other font files, and says so when one cannot be read', async () => {
    const swapped = await loadPdfAssets({ regular: DEFAULT_PDF_FONTS.bold, bold: DEFAULT_PDF_FONTS.regular });
    expect(parsedFont(swapped.regular).postscriptName).toBe('DejaVuSansCondensed-Bold');
    await expect(loadPdfAssets({ regular: '/nonexistent/font.ttf' })).rejects.toThrow(/ENOENT/);
  });
});
