/**
 * The readable invoice (`pdf.invoice`, issue #22): invoices made through the service, drawn as PDF,
 * then read back as a person would — the text poppler extracts must show the amounts, the IBAN, the
 * OGM, the totals and the exchange rate; page 1 is rendered to PNG (`reports/pdf-invoice/*.png`, to look
 * at); the extracted text is kept as a golden file (`golden/*.txt`), so a change in what the invoice
 * shows is a diff in review. `UPDATE_GOLDEN=1` rewrites the golden files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPdfAssets } from '../../../src/adapters/pdf/assets.js';
import { type PdfAssets, renderInvoicePdf } from '../../../src/einvoice/pdf/render.js';
import { type InvoiceView, invoiceView } from '../../../src/einvoice/pdf/view.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import { PROJECT_ROOT } from '../../support/shared.js';
import {
  comparableText,
  HAS_POPPLER,
  POPPLER_SKIPPED,
  pagePng,
  pdfFonts,
  pdfPages,
  pdfText,
} from './poppler.js';
import {
  belgianInvoice,
  foreignCurrencyInvoice,
  longInvoice,
  polishInvoice,
  spanishInvoice,
} from './sampleInvoices.js';

const GOLDEN = join(PROJECT_ROOT, 'test', 'einvoice', 'pdf', 'golden');
const PICTURES = join(PROJECT_ROOT, 'reports', 'pdf-invoice');

interface Printed {
  source: EInvoiceSource;
  view: InvoiceView;
  pdf: Uint8Array;
  /** The extracted text, no-break spaces as spaces. */
  text: string;
}

let assets: PdfAssets;

async function print(make: () => Promise<EInvoiceSource>): Promise<Printed> {
  const source = await make();
  const view = invoiceView(source);
  if (!view.success) throw new Error(JSON.stringify(view.issues));
  const pdf = await renderInvoicePdf(view.data, assets);
  return { source, view: view.data, pdf, text: HAS_POPPLER ? pdfText(pdf).replace(/\u00A0/g, ' ') : '' };
}

/** Compares the text with its golden file (or writes it, with UPDATE_GOLDEN=1 or when it is missing). */
function expectGolden(name: string, text: string): void {
  const path = join(GOLDEN, `${name}.txt`);
  const comparable = `${comparableText(text)}\n`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, comparable);
  }
  expect(comparable).toBe(readFileSync(path, 'utf8'));
}

/** Page 1 as a PNG for a person to look at; asserts it is a real picture. */
function picture(name: string, pdf: Uint8Array): void {
  const png = pagePng(pdf, 1, 60);
  expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
  // An A4 page at 60 dpi with text on it: hundreds of bytes would be a blank page.
  expect(png.length).toBeGreaterThan(8_000);
  mkdirSync(PICTURES, { recursive: true });
  writeFileSync(join(PICTURES, `${name}.png`), png);
}

beforeAll(async () => {
  assets = await loadPdfAssets();
});

describe('a readable PDF of every sample', () => {
  it('is a PDF/A-3B file with the invoice’s metadata, the same bytes every time', async () => {
    const first = await print(spanishInvoice);
    const again = await renderInvoicePdf(first.view, assets);
    expect(Buffer.from(again).equals(Buffer.from(first.pdf))).toBe(true);
    expect(new TextDecoder().decode(first.pdf.subarray(0, 8))).toBe('%PDF-1.7');
    const doc = await PDFDocument.load(first.pdf, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Factura A2026/0042');
    expect(doc.getAuthor()).toBe('Estudio Peñalver Ibáñez SL');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-04-20T00:00:00.000Z');
    expect(doc.catalog.has(PDFName.of('OutputIntents'))).toBe(true);
    expect(doc.catalog.has(PDFName.of('Metadata'))).toBe(true);
    expect(doc.context.trailerInfo.ID).toBeDefined();
  });

  it('without an ICC profile it is a plain PDF: no output intent, no PDF/A claim', async () => {
    const { view } = await print(belgianInvoice);
    const plain = await renderInvoicePdf(view, { ...assets, iccProfile: undefined });
    const doc = await PDFDocument.load(plain, { updateMetadata: false });
    expect(doc.catalog.has(PDFName.of('OutputIntents'))).toBe(false);
    expect(new TextDecoder().decode(plain)).not.toContain('pdfaid:part');
  });
});

if (!HAS_POPPLER) it.skip(POPPLER_SKIPPED, () => undefined);

describe.skipIf(!HAS_POPPLER)('read back as a person would (poppler)', () => {
  it('the Spanish invoice: IVA, IRPF withheld, the surcharge, the totals and the IBAN', async () => {
    const { text, pdf } = await print(spanishInvoice);
    for (const expected of [
      'Estudio Peñalver Ibáñez SL',
      'Calle de la Montaña 14, 3º B',
      '26001 Logroño',
      'Factura',
      'A2026/0042',
      'Distribuciones Norte SA',
      'Consultoría de diseño de interiores',
      'Descuento por volumen 10 %: -50,00',
      'Base imponible total',
      '935,00',
      '196,35',
      'Retención IRPF 15 %',
      '-68,25',
      '23,40',
      'Total con impuestos',
      '1.154,75',
      '1.086,50 EUR',
      'ES91 2100 0418 4502 0005 1332',
      'CAIXESBBXXX',
      'Página 1 de 1',
    ])
      expect(text).toContain(expected);
    picture('spanish', pdf);
    expectGolden('spanish', text);
  });

  it('the Belgian invoice: the OGM, the IBAN, the zero-rate mention', async () => {
    const { text, pdf, source } = await print(belgianInvoice);
    const ogm = source.invoice.remittance_reference;
    expect(ogm).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    for (const expected of [
      'Gestructureerde mededeling',
      ogm as string,
      'BE68 5390 0754 7034',
      'GEBABEBB',
      'Nultarief',
      '723,77 EUR',
      'Btw-nr. BE0403170701',
    ])
      expect(text).toContain(expected);
    picture('belgian', pdf);
    expectGolden('belgian', text);
  });

  it('the dollar invoice: the exchange rate and the taxes and total in euros', async () => {
    const { text, pdf } = await print(foreignCurrencyInvoice);
    for (const expected of [
      'Exchange rate: 1 USD = 0.9137 EUR',
      'TAXES IN EUR',
      'Total in EUR',
      '13,294.34 EUR',
      'Amount due',
      '14,550.00 USD',
      // The mention wraps in the tax column.
      'Export outside the EU,',
      'exempt from VAT',
      'United States',
    ])
      expect(text).toContain(expected);
    picture('foreign-currency', pdf);
    expectGolden('foreign-currency', text);
  });

  it('the Polish invoice: ł ś ż and the others print and extract as they are', async () => {
    const { text, pdf } = await print(polishInvoice);
    for (const expected of [
      'Zakład Stolarski Łukasz Żółkiewski Sp. z o.o.',
      'ul. Świętokrzyska 12 lok. 5',
      '90-001 Łódź',
      'Przedsiębiorstwo Handlowe „Gęś” Małgorzata',
      'Stół dębowy, źródło drewna',
      'Data sprzedaży',
      'PL61 1090 1014 0000 0712 1981 2874',
      '9 113,63 PLN',
      'Strona 1 z 1',
    ])
      expect(text).toContain(expected);
    // Every font is embedded, as a subset, with a Unicode map (PDF/A; copy and search work).
    const fonts = pdfFonts(pdf);
    expect(fonts.map((font) => font.name).sort()).toEqual([
      'FKAAAA+DejaVuSansCondensed',
      'FKAAAB+DejaVuSansCondensed-Bold',
    ]);
    for (const font of fonts) expect([font.emb, font.sub, font.uni]).toEqual(['yes', 'yes', 'yes']);
    picture('polish', pdf);
    expectGolden('polish', text);
  });

  it('the 300-line invoice: several pages, the table header on each, page x of y', async () => {
    const { pdf, view } = await print(longInvoice);
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(5);
    for (let page = 1; page <= pages; page++) {
      const text = pdfText(pdf, { first: page, last: page });
      expect(text, `page ${page}`).toContain('Beschreibung');
      expect(text, `page ${page}`).toContain(`Seite ${page} von ${pages}`);
      if (page > 1) expect(text, `page ${page}`).toContain('Rechnung RE-2026-1000 (Fortsetzung)');
    }
    const all = pdfText(pdf).replace(/\u00A0/g, ' ');
    for (let line = 1; line <= 300; line++) expect(all).toContain(`Artikel ${line}:`);
    expect(all).toContain('Großhandel Müller & Söhne GmbH');
    expect(all).toContain(view.totals.at(-1)?.value);
    picture('long', pdf);
    expectGolden(
      'long-first-and-last-page',
      [pdfText(pdf, { first: 1, last: 1 }), pdfText(pdf, { first: pages, last: pages })].join('\f'),
    );
  });
});

describe.skipIf(!HAS_POPPLER)('what a person might send in', () => {
  it('no buyer, an unbreakable 2,000-character reference, characters the font lacks, notes over a page', async () => {
    const source = await spanishInvoice();
    const [first, ...rest] = source.invoice.lines;
    if (first === undefined) throw new Error('no line');
    // Letters no other text on the page has, so the pieces the column cut it into can be found again.
    const reference = `REF-${'ÆØÅ'.repeat(660)}`;
    const odd: EInvoiceSource = {
      ...source,
      contact: null,
      invoice: {
        ...source.invoice,
        contact: null,
        lines: [{ ...first, description: `${reference}\nSegunda línea 中文` }, ...rest],
        notes: Array.from(
          { length: 90 },
          (_, index) => `Nota ${index + 1}: condiciones generales de venta.`,
        ).join('\n'),
      },
    };
    const view = invoiceView(odd);
    if (!view.success) throw new Error('view');
    expect(view.data.buyer).toBeNull();
    const pdf = await renderInvoicePdf(view.data, assets);
    const text = pdfText(pdf).replace(/\u00A0/g, ' ');
    expect(text).not.toContain('CLIENTE');
    // The reference is cut across lines (and pages), not lost: its pieces, in order, make it whole.
    expect((text.match(/(?:REF-)?[ÆØÅ]+/g) ?? []).join('')).toBe(reference);
    expect(text).toContain('Segunda línea ??');
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Nota 90: condiciones generales de venta.');
    expect(text).toContain(`Página ${pages} de ${pages}`);
    picture('edge-cases', pdf);
  });
});
