/**
 * Issue #22 "Round trips keep every amount, party, line and tax" and "Write → read → write gives the
 * same document", through the service as a client would use it:
 *
 * 1. a generated case (`einvoiceCaseArb`, per family) is stored in a fresh service and written as D1,
 *    once per document type of its family (`GET /invoices/{id}/as/{document_type}`'s use case);
 * 2. `readEInvoice(D1)` gives the invoice, the seller and the buyer, which are created in ANOTHER fresh
 *    service — the seller as the account (with its Peppol transport when the document names the
 *    seller's electronic address, BT-34), the buyer as the contact, then the invoice naming it;
 * 3. that invoice is written as D2 in the same document type: D2 must be D1 byte for byte, and the
 *    re-created invoice's amounts (payable, total, tax-exclusive and tax-inclusive amounts, every tax
 *    group, every line net) must be the original's.
 *
 * The account settings that change the math (`rounding_method`, `apply_taxes_per_line`,
 * `skip_line_taxable_base_rounding`, `round_before_sum`) are not in any document. Each reader finds what
 * it can by trying (READER_TRIES below): the EN 16931 readers try VAT per rate and per line
 * (`src/einvoice/semantic/readCheck.ts`), the Facturae reader the three modes with `half_up` and
 * `bankers` (`src/einvoice/facturae/read/reproduce.ts`). A case whose account uses a setting its
 * reader does not try may be refused with the reader's `…read.amounts` issue — counted and printed as
 * the known limitation, never hidden. Every other refusal fails the test, and every document that IS
 * read must give the same document back, whatever the settings.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { PdfInvoiceReader } from '../../src/einvoice/pdfInvoiceReader.js';
import { readEInvoice } from '../../src/einvoice/readEInvoice.js';
import type { EInvoiceSource } from '../../src/einvoice/semantic/source.js';
import { loadFacturXReader } from '../../src/einvoice/validateEInvoice.js';
import { isApiError } from '../../src/errors/ApiError.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import type { Account } from '../../src/model/account.js';
import type { Invoice } from '../../src/model/invoice.js';
import { Decimal } from '../../src/money/decimal.js';
import type { Fiscalkit } from '../../src/service/fiscalkit.js';
import type { InvoiceDocument } from '../../src/service/invoiceDocuments.js';
import { type EInvoiceCase, type EInvoiceFamily, einvoiceCaseArb } from '../../src/testing/index.js';
import { CASE_CALLER, caseService, storeCase } from '../support/einvoiceCases.js';

/** The document types each family's invoices are written, read and written again in. */
const DOCUMENT_TYPES: Readonly<Record<EInvoiceFamily, readonly string[]>> = {
  'peppol-bis3': ['xml.ubl.invoice.bis3', 'xml.cii.en16931'],
  en16931: ['xml.cii.en16931', 'pdf.facturx.en16931'],
  'xrechnung-3.0': ['xml.ubl.invoice.xrechnung.3.0', 'xml.cii.xrechnung.3.0'],
  facturae: ['xml.facturae.3.2.2'],
};

/** The credit-note code written too for a Peppol credit note (a UBL CreditNote of its own). */
const CREDIT_NOTE_CODE = 'xml.ubl.creditnote.bis3';

const RUNS: Readonly<Record<EInvoiceFamily, number>> = {
  'peppol-bis3': 20,
  en16931: 15,
  'xrechnung-3.0': 15,
  facturae: 20,
};

/** The codes `GET /document_types` lists today (a writer still being built is not there yet). */
const REGISTERED: ReadonlySet<string> = new Set(
  caseService()
    .invoiceDocuments.types()
    .map((type) => type.code),
);

/** The account settings that change the math, and the values each reader tries (module comment). */
interface Settings {
  readonly rounding_method: Account['rounding_method'];
  readonly apply_taxes_per_line: boolean;
  readonly skip_line_taxable_base_rounding: boolean;
  readonly round_before_sum: boolean;
}

const READER_TRIES: Readonly<Record<'en16931' | 'facturae', (settings: Settings) => boolean>> = {
  // readCheck.ts: a new account (half_up, accumulated), then apply_taxes_per_line.
  en16931: (s) =>
    s.rounding_method === 'half_up' && !s.skip_line_taxable_base_rounding && !s.round_before_sum,
  // reproduce.ts: accumulated, per line, per line unrounded, each with half_up then bankers.
  facturae: (s) => s.rounding_method !== 'truncate' && !s.round_before_sum,
};

function settingsOf(account: Account): Settings {
  return {
    rounding_method: account.rounding_method,
    apply_taxes_per_line: account.apply_taxes_per_line,
    skip_line_taxable_base_rounding: account.skip_line_taxable_base_rounding,
    round_before_sum: account.round_before_sum,
  };
}

function settingsText(settings: Settings): string {
  return `${settings.rounding_method}${settings.apply_taxes_per_line ? ' per_line' : ' accumulated'}${
    settings.skip_line_taxable_base_rounding ? ' unrounded' : ''
  }${settings.round_before_sum ? ' round_before_sum' : ''}`;
}

/** What the round trips did, for the summary line. */
const tally = {
  identical: 0,
  byType: new Map<string, number>(),
  settingsDiffered: 0,
  refused: new Map<string, number>(),
  notRegistered: new Set<string>(),
  unwritten: new Map<string, number>(),
};

afterAll(() => {
  const types = [...tally.byType].map(([code, count]) => `${code} ${String(count)}`).join(', ');
  const refused = [...tally.refused].map(([why, count]) => `${why} ×${String(count)}`).join('; ');
  console.log(
    `[issue #22] round trips: ${String(tally.identical)} documents written, read, re-created and written again identical (by type: ${types || 'none'})` +
      `; ${String(tally.settingsDiffered)} of them re-created with other rounding settings than the original account's` +
      `; refused as a known limitation (account settings the reader does not try): ${refused || 'none'}` +
      (tally.unwritten.size === 0
        ? ''
        : `; D1 not written (the writer refused the generated case; documents.test.ts judges that): ${[...tally.unwritten].map(([why, count]) => `${why} ×${String(count)}`).join('; ')}`) +
      (tally.notRegistered.size === 0
        ? ''
        : `; not yet in GET /document_types, so not round-tripped: ${[...tally.notRegistered].join(', ')}`),
  );
});

let pdfReader: Promise<PdfInvoiceReader> | undefined;

/** The Factur-X reader, loaded once (readEInvoice takes it as an option; module comment there). */
function facturX(): Promise<PdfInvoiceReader> {
  pdfReader ??= loadFacturXReader();
  return pdfReader;
}

/** The re-created invoice's source: the read seller, transport, buyer and invoice, stored in a fresh service. */
async function recreate(read: Extract<ReturnType<typeof readEInvoice>, { success: true }>['data']): Promise<{
  fiscalkit: Fiscalkit;
  source: EInvoiceSource;
}> {
  const fiscalkit = caseService();
  const value: EInvoiceCase = {
    family: 'en16931',
    account: read.seller as unknown as EInvoiceCase['account'],
    ...(read.seller_endpoint === undefined
      ? {}
      : {
          seller_transport: {
            transport_type_code: 'peppol',
            pin_scheme: read.seller_endpoint.scheme,
            pin_value: read.seller_endpoint.id,
          },
        }),
    contact: read.buyer as unknown as EInvoiceCase['contact'],
    invoice: read.invoice as unknown as EInvoiceCase['invoice'],
    features: [],
  };
  return { fiscalkit, source: await storeCase(fiscalkit, value) };
}

/** The amounts of a stored invoice that must survive the round trip, as comparable text. */
function amountsOf(invoice: Invoice): string[] {
  const amount = (value: string | null | undefined) => (value == null ? '-' : new Decimal(value).toFixed());
  return [
    `payable_amount ${amount(invoice.payable_amount)}`,
    `total ${amount(invoice.total)}`,
    `subtotal ${amount(invoice.subtotal)}`,
    `tax_exclusive_amount ${amount(invoice.tax_exclusive_amount)}`,
    `tax_inclusive_amount ${amount(invoice.tax_inclusive_amount)}`,
    `allowance_total_amount ${amount(invoice.allowance_total_amount)}`,
    `charge_total_amount ${amount(invoice.charge_total_amount)}`,
    ...invoice.taxes
      .map(
        (tax) =>
          `tax ${tax.category ?? '-'} ${amount(tax.percent)}%: base ${amount(tax.base)} amount ${amount(tax.amount)}`,
      )
      .sort(),
    ...invoice.lines.map((line, index) => `line ${String(index + 1)} net ${amount(line.amount)}`),
  ];
}

/** The issues in one line each, for assertion messages. */
function issuesText(issues: readonly ValidationIssue[]): string {
  return issues
    .map((issue) => `${issue.rule} (${issue.code}) at ${issue.param}: ${issue.message}`)
    .join('\n');
}

/** The first line where two documents differ, with a little context, for assertion messages. */
function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let index = 0; index < Math.max(left.length, right.length); index++)
    if (left[index] !== right[index])
      return `line ${String(index + 1)}:\n  D1: ${left[index] ?? '(end)'}\n  D2: ${right[index] ?? '(end)'}`;
  return 'identical';
}

const DECODER = new TextDecoder();

function textOf(xml: string | Uint8Array): string {
  return typeof xml === 'string' ? xml : DECODER.decode(xml);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** What one round trip gave: the problems (none when it held), and whether D1 could be written at all. */
interface RoundTripOutcome {
  readonly problems: readonly string[];
  readonly written: boolean;
}

/** D1 → read → re-create → D2 for one code. */
async function roundTrip(
  fiscalkit: Fiscalkit,
  original: EInvoiceSource,
  code: string,
): Promise<RoundTripOutcome> {
  const pdf = code.startsWith('pdf.');
  let d1: InvoiceDocument;
  try {
    d1 = await fiscalkit.invoiceDocuments.render(CASE_CALLER, original.invoice.id, code);
  } catch (error) {
    // The writer refused the generated case itself: test/einvoice/documents.test.ts fails on that; here
    // it is counted and listed (there is no D1 to read), and the test asks that most cases be written.
    if (!isApiError(error)) throw error;
    const key = `${code}: ${error.rule ?? error.code}`;
    tally.unwritten.set(key, (tally.unwritten.get(key) ?? 0) + 1);
    return { problems: [], written: false };
  }
  const fail = (...problems: string[]): RoundTripOutcome => ({ problems, written: true });
  const read = readEInvoice(d1.body, pdf ? { pdf: await facturX() } : {});
  const settings = settingsOf(original.account);
  if (!read.success) {
    const syntax = code.startsWith('xml.facturae') ? 'facturae' : 'en16931';
    const amounts = read.issues.every((issue) => issue.rule.endsWith('read.amounts'));
    if (!READER_TRIES[syntax](settings) && amounts) {
      const key = `${code} (${settingsText(settings)}): ${read.issues[0]?.rule ?? ''}`;
      tally.refused.set(key, (tally.refused.get(key) ?? 0) + 1);
      return { problems: [], written: true };
    }
    return fail(
      `${code}: fiscalkit's own document was refused on reading (account ${settingsText(settings)}):\n${issuesText(read.issues)}`,
    );
  }
  const expectedSyntax = code.includes('.ubl.') ? 'ubl' : code.includes('.facturae.') ? 'facturae' : 'cii';
  if (read.data.syntax !== expectedSyntax)
    return fail(`${code}: read as ${read.data.syntax}, not ${expectedSyntax}`);
  let again: { fiscalkit: Fiscalkit; source: EInvoiceSource };
  try {
    again = await recreate(read.data);
  } catch (error) {
    return fail(`${code}: what was read cannot be created in a fresh service: ${String(error)}`);
  }
  let d2: InvoiceDocument;
  try {
    d2 = await again.fiscalkit.invoiceDocuments.render(CASE_CALLER, again.source.invoice.id, code);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return fail(
      `${code}: the re-created invoice cannot be written again: ${error.rule ?? ''} ${error.message}`,
    );
  }
  const problems: string[] = [];
  const before = amountsOf(original.invoice);
  const after = amountsOf(again.source.invoice);
  if (JSON.stringify(before) !== JSON.stringify(after))
    problems.push(
      `${code}: the re-created invoice's amounts differ:\n${before
        .map((line, index) => (line === after[index] ? null : `  ${line}  →  ${after[index] ?? '(none)'}`))
        .filter((line) => line !== null)
        .join('\n')}`,
    );
  if (pdf) {
    // A Factur-X PDF: its e-invoice (the embedded CII) must come back byte for byte. The readable pages
    // are not compared: they are laid out in the contact's language and show the line units as stored,
    // neither of which an EN 16931 document carries (module comment of docs' "Reading documents back").
    const reader = await facturX();
    const x1 = reader.extract(d1.body);
    const x2 = reader.extract(d2.body);
    if (!x1.success || !x2.success)
      problems.push(`${code}: the embedded CII cannot be taken out of D1 or D2`);
    else if (textOf(x1.xml) !== textOf(x2.xml))
      problems.push(
        `${code}: D2's embedded CII is not D1's byte for byte, first difference at ${firstDifference(textOf(x1.xml), textOf(x2.xml))}`,
      );
  } else if (!sameBytes(d1.body, d2.body))
    problems.push(
      `${code}: D2 is not D1 byte for byte, first difference at ${firstDifference(DECODER.decode(d1.body), DECODER.decode(d2.body))}`,
    );
  if (problems.length === 0) {
    tally.identical += 1;
    const label = pdf ? `${code} (its embedded CII)` : code;
    tally.byType.set(label, (tally.byType.get(label) ?? 0) + 1);
    if (JSON.stringify(settingsOf(again.source.account)) !== JSON.stringify(settings))
      tally.settingsDiffered += 1;
  }
  return fail(...problems);
}

/** Stores one case in a fresh service and round-trips every registered document type of its family. */
async function roundTripCase(value: EInvoiceCase, codes: readonly string[]): Promise<RoundTripOutcome> {
  const fiscalkit = caseService();
  const original = await storeCase(fiscalkit, value);
  const all = [...codes];
  if (original.invoice.is_credit_note === true && codes.includes('xml.ubl.invoice.bis3'))
    all.push(CREDIT_NOTE_CODE);
  const problems: string[] = [];
  let written = false;
  for (const code of all) {
    const outcome = await roundTrip(fiscalkit, original, code);
    problems.push(...outcome.problems);
    written ||= outcome.written;
  }
  return { problems, written };
}

describe('Round trips keep every amount, party, line and tax: write → read → write gives the same document', () => {
  for (const family of Object.keys(DOCUMENT_TYPES) as EInvoiceFamily[]) {
    const codes = DOCUMENT_TYPES[family].filter((code) => REGISTERED.has(code));
    for (const code of DOCUMENT_TYPES[family]) if (!REGISTERED.has(code)) tally.notRegistered.add(code);
    if (codes.length === 0) {
      it.skip(`${family}: ${DOCUMENT_TYPES[family].join(', ')} not yet in GET /document_types`, () =>
        undefined);
      continue;
    }
    it(`${family}: ${codes.join(', ')} written, read into a fresh service and written again identical`, async () => {
      // Sampled with a fixed seed rather than shrunk: every failing case is listed, with its features
      // and the body of its invoice, for the helper who owns the mapping to reproduce.
      const values = fc.sample(einvoiceCaseArb({ family }), { numRuns: RUNS[family], seed: 22 });
      const failures: string[] = [];
      let written = 0;
      for (const [index, value] of values.entries()) {
        const { problems, written: any } = await roundTripCase(value, codes);
        if (any) written += 1;
        if (problems.length > 0)
          failures.push(
            `case ${String(index)} (features: ${value.features.join(' ')})\n${problems.join('\n')}\ncase: ${JSON.stringify(value)}`,
          );
      }
      // The whole list in the log (an assertion's diff is cut short), then the assertion.
      if (failures.length > 0)
        console.log(
          `[issue #22] ${family} round trips that failed (${String(failures.length)}):\n\n${failures.join('\n\n')}`,
        );
      expect(failures).toEqual([]);
      // Not vacuous: most generated cases are written (a writer's refusal is documents.test.ts's failure).
      expect(written, 'cases of which at least one document was written').toBeGreaterThanOrEqual(
        Math.ceil(values.length * 0.75),
      );
    }, 120_000);
  }
});
