/**
 * Issue #22 "Peer samples: the official examples of `../shared/en16931/examples` read into invoices and
 * written again stay valid". Every example of the manifest (CEN/TC 434's UBL and CII examples, OpenPeppol's
 * BIS 3 examples, KoSIT's XRechnung test suite) is read with `readEInvoice`, created in a fresh memory
 * service as a client would (the seller as the account, with its Peppol transport when the document gives
 * the seller's electronic address; the buyer as the contact; the invoice naming it), written through the
 * service in the example's own specification and judged by the official rules:
 *
 * | the example declares                  | written as                                                   |
 * |---------------------------------------|--------------------------------------------------------------|
 * | Peppol BIS Billing 3.0 (UBL)          | `xml.ubl.invoice.bis3` (a CreditNote for a credit note)      |
 * | XRechnung 3.0, UBL / CII              | `xml.ubl.invoice.xrechnung.3.0` / `xml.cii.xrechnung.3.0`    |
 * | EN 16931 (CII)                        | `xml.cii.en16931`                                            |
 * | EN 16931 (UBL, the CEN examples)      | `xml.ubl.invoice.bis3` when fiscalkit's Peppol writer takes   |
 * |                                       | it, else `xml.cii.en16931` (see below)                        |
 *
 * Decision for the CEN UBL examples: fiscalkit writes UBL only as Peppol BIS 3 or XRechnung (there is no
 * plain EN 16931 UBL document type), and Peppol BIS 3 is the CIUS a plain EN 16931 UBL invoice most often
 * travels as. So the invoice is written as `xml.ubl.invoice.bis3` when the Peppol writer accepts it (its
 * prerequisites are Peppol's: electronic addresses, …), and judged by EN 16931 and Peppol; when it does
 * not, the writer's reason is printed and the invoice is written in its own specification, EN 16931, in
 * the syntax fiscalkit writes it in (`xml.cii.en16931`).
 *
 * Examples whose content fiscalkit refuses on reading (an amount it would not compute back, a tax
 * representative the model has no place for, …) are counted and listed with the refusal's rule id: a
 * refusal must be a clear issue (a rule id, a code, a message naming the element), never a crash. Every
 * example that IS read must be created, written and judged with zero fatal findings, and keep its totals
 * (BT-109, BT-112, BT-115); the written-and-valid examples must be a majority of all of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCii } from '../../src/einvoice/cii/readCii.js';
import { type EInvoiceRead, readEInvoice } from '../../src/einvoice/readEInvoice.js';
import type { En16931Invoice } from '../../src/einvoice/semantic/en16931Invoice.js';
import type { EInvoiceSource } from '../../src/einvoice/semantic/source.js';
import { readUbl } from '../../src/einvoice/ubl/readUbl.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { isRuleId } from '../../src/errors/ruleId.js';
import type { Validated } from '../../src/errors/validationIssue.js';
import { Decimal } from '../../src/money/decimal.js';
import type { Fiscalkit } from '../../src/service/fiscalkit.js';
import { CASE_CALLER, caseService } from '../support/einvoiceCases.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../support/einvoiceJudge.js';
import { SHARED_DIR } from '../support/shared.js';

const EXAMPLES_DIR = join(SHARED_DIR, 'en16931');

/** One entry of `examples/manifest.json`: the file and the reference validator's outcome per rule set. */
interface ManifestEntry {
  readonly file: string;
  readonly source: string;
  readonly reference_saxon_he: Readonly<Record<string, string>>;
}

const EN = 'urn:cen.eu:en16931:2017';
const PEPPOL = `${EN}#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`;
const XRECHNUNG = `${EN}#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0`;

/** The document types to write an example in, first choice first (module comment). */
function targetsOf(read: EInvoiceRead): readonly string[] {
  const { syntax, specification } = read;
  if (specification === PEPPOL && syntax === 'ubl') return ['xml.ubl.invoice.bis3'];
  if (specification === XRECHNUNG)
    return [syntax === 'ubl' ? 'xml.ubl.invoice.xrechnung.3.0' : 'xml.cii.xrechnung.3.0'];
  if (specification === EN && syntax === 'cii') return ['xml.cii.en16931'];
  if (specification === EN && syntax === 'ubl') return ['xml.ubl.invoice.bis3', 'xml.cii.en16931'];
  return [];
}

/** What happened to the examples, for the summary line. */
const tally = {
  read: 0,
  valid: new Map<string, number>(),
  refused: [] as string[],
  fallbacks: [] as string[],
};

afterAll(() => {
  if (tally.read === 0 && tally.refused.length === 0) return;
  const valid = [...tally.valid.values()].reduce((sum, count) => sum + count, 0);
  const byType = [...tally.valid].map(([code, count]) => `${code} ${String(count)}`).join(', ');
  console.log(
    `[issue #22] peer samples: ${String(tally.read)} read, ${String(valid)} written and valid (${byType || 'none'}), ${String(tally.refused.length)} refused (${tally.refused.join('; ') || 'none'})` +
      (tally.fallbacks.length === 0
        ? ''
        : `; EN 16931 UBL examples written as EN 16931 CII because fiscalkit's Peppol writer refused them: ${tally.fallbacks.join('; ')}`),
  );
});

/** The example's own EN 16931 reading, for its totals. */
function en16931Of(bytes: Uint8Array, syntax: EInvoiceRead['syntax']): Validated<En16931Invoice> {
  return syntax === 'ubl' ? readUbl(bytes) : readCii(bytes);
}

/**
 * The read invoice created in a fresh service, as a client would (the file's module comment). A step
 * the service refuses is a failure of the example (what a reader gives must be creatable); to show
 * what else would fail, the transport is then left out, or the invoice created without the refused
 * bank account, and the example goes on, failed.
 */
async function create(
  read: EInvoiceRead,
): Promise<{ fiscalkit: Fiscalkit; source: EInvoiceSource; refusals: string[] }> {
  const fiscalkit = caseService();
  const refusals: string[] = [];
  const refusal = (what: string, error: unknown): string => {
    if (!isApiError(error)) throw error;
    return `the service refuses the ${what}: ${error.rule ?? error.code} at ${error.param ?? '-'}: ${error.message}`;
  };
  const account = await fiscalkit.accounts.create(CASE_CALLER, read.seller);
  if (read.seller_endpoint !== undefined)
    try {
      await fiscalkit.transports.create(CASE_CALLER, account.id, {
        transport_type_code: 'peppol',
        pin_scheme: read.seller_endpoint.scheme,
        pin_value: read.seller_endpoint.id,
      });
    } catch (error) {
      refusals.push(
        refusal(
          `seller's Peppol transport (${read.seller_endpoint.scheme}:${read.seller_endpoint.id})`,
          error,
        ),
      );
    }
  const contact = await fiscalkit.contacts.create(CASE_CALLER, account.id, read.buyer);
  const body = { ...read.invoice, contact_id: contact.id };
  let invoiceId: number;
  try {
    invoiceId = (await fiscalkit.invoices.create(CASE_CALLER, account.id, body)).id;
  } catch (error) {
    if (!isApiError(error) || !(error.param ?? '').startsWith('bank_account')) throw error;
    refusals.push(refusal(`invoice's bank account (${JSON.stringify(read.invoice.bank_account)})`, error));
    invoiceId = (await fiscalkit.invoices.create(CASE_CALLER, account.id, { ...body, bank_account: null }))
      .id;
  }
  return { fiscalkit, source: await fiscalkit.invoiceDocuments.source(CASE_CALLER, invoiceId), refusals };
}

/** The totals the example states and the re-created invoice has, where they differ. */
function totalsDifferences(example: En16931Invoice, source: EInvoiceSource): string[] {
  const invoice = source.invoice;
  const pairs: [string, string | undefined, string | null | undefined][] = [
    ['BT-109 tax_exclusive_amount', example.totals.tax_exclusive, invoice.tax_exclusive_amount],
    ['BT-112 tax_inclusive_amount', example.totals.tax_inclusive, invoice.tax_inclusive_amount],
    ['BT-115 payable_amount', example.totals.payable, invoice.payable_amount],
  ];
  return pairs
    .filter(
      ([, stated, stored]) => stored == null || stated === undefined || !new Decimal(stated).equals(stored),
    )
    .map(
      ([term, stated, stored]) =>
        `${term}: the example states ${String(stated)}, the invoice has ${String(stored)}`,
    );
}

/** Writes the created invoice in the first target the writer accepts; the code and body, or every refusal. */
async function write(
  fiscalkit: Fiscalkit,
  invoiceId: number,
  targets: readonly string[],
): Promise<{ code: string; body: Uint8Array; refusals: string[] } | { code: null; refusals: string[] }> {
  const refusals: string[] = [];
  for (const code of targets) {
    try {
      const document = await fiscalkit.invoiceDocuments.render(CASE_CALLER, invoiceId, code);
      return { code, body: document.body, refusals };
    } catch (error) {
      if (!isApiError(error)) throw error;
      refusals.push(`${code}: ${error.rule ?? error.code} at ${error.param ?? '-'}: ${error.message}`);
    }
  }
  return { code: null, refusals };
}

/** Reads, creates, writes and judges one example; the problems (empty when it is read and valid, or refused clearly). */
async function peerSample(entry: ManifestEntry): Promise<string[]> {
  const name = entry.file.split('/').pop() ?? entry.file;
  const bytes = new Uint8Array(readFileSync(join(EXAMPLES_DIR, entry.file)));
  const read = readEInvoice(bytes);
  if (!read.success) {
    // A refusal must be a clear issue: a rule id, a wire code, a param and a message that says why.
    const unclear = read.issues.filter(
      (issue) =>
        !isRuleId(issue.rule) || issue.code === undefined || issue.param === '' || issue.message.length < 20,
    );
    tally.refused.push(`${name}: ${[...new Set(read.issues.map((issue) => issue.rule))].join(', ')}`);
    return read.issues.length === 0 || unclear.length > 0
      ? [`${name}: refused without a clear issue: ${JSON.stringify(read.issues)}`]
      : [];
  }
  tally.read += 1;
  const targets = targetsOf(read.data);
  if (targets.length === 0)
    return [
      `${name}: read as ${read.data.syntax} ${String(read.data.specification)}, a specification fiscalkit does not write`,
    ];
  let created: Awaited<ReturnType<typeof create>>;
  try {
    created = await create(read.data);
  } catch (error) {
    const detail = isApiError(error)
      ? `${error.rule ?? error.code} at ${error.param ?? '-'}: ${error.message}`
      : String(error);
    return [`${name}: read, but the service refuses to create it: ${detail}`];
  }
  const problems: string[] = created.refusals.map((refusal) => `${name}: read, but ${refusal}`);
  const example = en16931Of(bytes, read.data.syntax);
  if (!example.success) problems.push(`${name}: read by readEInvoice but not by its syntax reader`);
  else
    problems.push(
      ...totalsDifferences(example.data, created.source).map((difference) => `${name}: ${difference}`),
    );
  const written = await write(created.fiscalkit, created.source.invoice.id, targets);
  if (written.code === null)
    return [...problems, `${name}: cannot be written again:\n  ${written.refusals.join('\n  ')}`];
  if (written.refusals.length > 0) tally.fallbacks.push(`${name} (${written.refusals.join('; ')})`);
  const verdict = await judgeDocument(written.body);
  if (verdict.outcome === 'unsupported')
    problems.push(`${name} as ${written.code}: not judged (${verdict.unsupported ?? ''})`);
  problems.push(...fatalFindings(verdict).map((finding) => `${name} as ${written.code}: ${finding}`));
  if (problems.length === 0) tally.valid.set(written.code, (tally.valid.get(written.code) ?? 0) + 1);
  return problems;
}

describe.skipIf(!HAS_JUDGE)(
  'the official examples of ../shared/en16931/examples, read and written again',
  () => {
    if (!HAS_JUDGE) it.skip(JUDGE_SKIPPED, () => undefined);
    it('read into invoices and written again stay valid (zero fatal findings); refusals are clear issues', async () => {
      const manifest = JSON.parse(
        readFileSync(join(EXAMPLES_DIR, 'examples', 'manifest.json'), 'utf8'),
      ) as ManifestEntry[];
      expect(manifest.length).toBeGreaterThanOrEqual(30);
      const problems: string[] = [];
      for (const entry of manifest) problems.push(...(await peerSample(entry)));
      if (problems.length > 0) console.log(`[issue #22] peer samples that failed:\n${problems.join('\n')}`);
      expect(problems).toEqual([]);
      const valid = [...tally.valid.values()].reduce((sum, count) => sum + count, 0);
      // Every example fiscalkit reads comes back valid (above). The others are refused for one of the
      // reasons the import decided on purpose, each checked here so that a new kind of refusal fails:
      // - en16931.read.fields: the service's own rules refuse a field — in these examples a placeholder
      //   IBAN (`IBAN32423940`, `DK1212341234123412`) whose check digits fail (`bankAccountIssues`);
      //   creating the invoice through the API would be refused the same way;
      // - en16931.read.amounts: the example's amounts are not what quantity × price and its allowances
      //   give (a line of 6 × 18.33 stated −109.98; 2 × 800 stated 800.00), so importing would change one;
      // - en16931.ubl.read.tax-representative / price-discount: content with no field in fiscalkit that
      //   changes what the document says (BG-11; a gross price whose discount does not add up).
      const allowed = new Set([
        'en16931.read.fields',
        'en16931.read.amounts',
        'en16931.ubl.read.tax-representative',
        'en16931.ubl.read.price-discount',
      ]);
      const other = tally.refused.filter((line) =>
        line
          .slice(line.indexOf(': ') + 2)
          .split(', ')
          .some((rule) => !allowed.has(rule)),
      );
      expect(other, 'refusals for a reason not decided on purpose').toEqual([]);
      expect(valid, 'examples read, written again and valid').toBeGreaterThanOrEqual(8);
    }, 120_000);
  },
);
