/**
 * The UBL 2.1 reader (issue #22 "Reading them back", src/einvoice/ubl): write → read → write gives the
 * same document for every fixture and both specifications, and the read model is the written one; the
 * official UBL examples of `../shared/en16931/examples/ubl` are read, written again and judged, with no
 * fatal finding the source example does not have itself; and the reader refuses what it must: DOCTYPE,
 * entities, oversize documents, and content that changes an amount but has no place in the model.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { En16931Invoice } from '../../../src/einvoice/semantic/en16931Invoice.js';
import { normalizeAmount, UBL_READ_RULES } from '../../../src/einvoice/ubl/readContext.js';
import { readUbl, readUblDocument } from '../../../src/einvoice/ubl/readUbl.js';
import { type UblSpecification, writeUbl } from '../../../src/einvoice/ubl/writeUbl.js';
import type { EInvoiceVerdict } from '../../../src/einvoice/verdict.js';
import { isRuleId } from '../../../src/errors/ruleId.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import { SHARED_DIR } from '../../support/shared.js';
import { CREDIT_NOTE_DUE_DATE_ONLY, STANDARD, UBL_FIXTURES } from './fixtures.js';

const SPECIFICATIONS: readonly UblSpecification[] = ['peppol-bis3', 'xrechnung-3.0'];

/** The model without the fields the UBL writer does not carry (the exchange rate, see docs). */
function carried(invoice: En16931Invoice): En16931Invoice {
  return JSON.parse(JSON.stringify({ ...invoice, exchange_rate: undefined })) as En16931Invoice;
}

/** The issues' rules of a refused read (fails the test when the read succeeded). */
function refusedRules(xml: string | Uint8Array, options: Parameters<typeof readUbl>[1] = {}): string[] {
  const read = readUbl(xml, options);
  if (read.success) throw new Error('expected the reader to refuse the document');
  for (const issue of read.issues) {
    expect(isRuleId(issue.rule), issue.rule).toBe(true);
    expect(issue.message.startsWith(issue.param)).toBe(true);
  }
  return read.issues.map((issue) => issue.rule);
}

describe('readUbl: round trips of the fixtures', () => {
  for (const [name, invoice] of Object.entries(UBL_FIXTURES))
    for (const specification of SPECIFICATIONS)
      it(`${name} as ${specification}: write → read → write is the same document, and the model comes back`, () => {
        const xml = writeUbl(invoice, specification);
        const read = readUblDocument(xml);
        if (!read.success) throw new Error(JSON.stringify(read.issues, null, 2));
        expect(read.data.specification).toBe(specification);
        expect(read.data.left_out).toEqual([]);
        expect(writeUbl(read.data.invoice, specification)).toBe(xml);
        const expected = carried(invoice);
        // XRechnung states a rate of 0 on an `O` breakdown row (BR-DE-14); the model leaves it out.
        const actual = carried(read.data.invoice);
        if (specification === 'xrechnung-3.0' && invoice.vat_breakdown.some((row) => row.category === 'O'))
          expect(actual.vat_breakdown.map((row) => row.rate)).toEqual(['0']);
        else expect(actual).toEqual(expected);
      });

  it('reads bytes, with or without a UTF-8 byte-order mark', () => {
    const bytes = new TextEncoder().encode(writeUbl(STANDARD, 'peppol-bis3'));
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    for (const input of [bytes, withBom]) {
      const read = readUbl(input);
      expect(read.success && read.data.totals.payable).toBe('259.15');
    }
  });

  it('reads a credit note with a due date and no payment instructions back as that', () => {
    const read = readUbl(writeUbl(CREDIT_NOTE_DUE_DATE_ONLY, 'peppol-bis3'));
    expect(read.success && read.data.payment).toBeUndefined();
    expect(read.success && read.data.due_date).toBe('2025-04-13');
  });

  it('keeps any text through write and read (property)', () => {
    // Text as a person types it: any XML character, trimmed and non-blank where the reader trims.
    const text = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      .map((value) => value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, 'x'))
      .filter((value) => value.trim() !== '');
    fc.assert(
      fc.property(text, text, text, (note, name, reason) => {
        const invoice: En16931Invoice = {
          ...STANDARD,
          notes: [note],
          seller: { ...STANDARD.seller, name: name.trim() },
          lines: STANDARD.lines.map((line) => ({ ...line, item: { ...line.item, name: name.trim() } })),
          vat_breakdown: STANDARD.vat_breakdown.map((row) => ({ ...row, exemption_reason: reason })),
        };
        const xml = writeUbl(invoice, 'peppol-bis3');
        const read = readUbl(xml);
        if (!read.success) throw new Error(JSON.stringify(read.issues));
        expect(read.data.notes).toEqual([note]);
        expect(read.data.seller.name).toBe(name.trim());
        expect(read.data.lines[0]?.item.name).toBe(name.trim());
        expect(read.data.vat_breakdown[0]?.exemption_reason).toBe(reason);
        expect(writeUbl(read.data, 'peppol-bis3')).toBe(xml);
      }),
      { numRuns: 60 },
    );
  });
});

/** One row of `../shared/en16931/examples/manifest.json`. */
interface ManifestEntry {
  readonly file: string;
  /** Per rule set, `valid` or the space-separated ids that fired on the example (Saxon-HE). */
  readonly reference_saxon_he: Readonly<Record<string, string>>;
}

/** The rule ids that fired on the source example for a rule set, empty when it was valid. */
function sourceFailures(entry: ManifestEntry, set: string): Set<string> {
  const value = entry.reference_saxon_he[set] ?? 'valid';
  return new Set(value === 'valid' ? [] : value.split(/\s+/));
}

/** The fatal findings of a verdict of a rule set (by the verdict's rule set id). */
function fatalIn(verdict: EInvoiceVerdict, ruleSets: readonly string[]): string[] {
  return verdict.findings
    .filter((finding) => finding.severity === 'fatal' && ruleSets.includes(finding.ruleSet))
    .map((finding) => finding.rule);
}

/**
 * The refusals the official examples are expected to meet: content the model cannot carry (a tax
 * representative, BG-11) or that contradicts itself (tc434 example 2's price discount: 2.70 − 0.27 is
 * not its net price 2.48, PEPPOL-EN16931-R046). Any other refusal of an official example is a reader bug.
 */
const EXPECTED_REFUSALS: ReadonlySet<string> = new Set([
  UBL_READ_RULES.taxRepresentative,
  UBL_READ_RULES.priceDiscount,
]);

describe('readUbl: the official UBL examples', () => {
  if (!HAS_JUDGE) {
    it.skip(JUDGE_SKIPPED, () => undefined);
    return;
  }
  const examplesDir = join(SHARED_DIR, 'en16931', 'examples');
  const manifest = (
    JSON.parse(readFileSync(join(examplesDir, 'manifest.json'), 'utf8')) as ManifestEntry[]
  ).filter((entry) => entry.file.startsWith('examples/ubl/'));

  it('reads the examples, writes them in their specification (Peppol BIS 3 otherwise) and adds no fatal finding', async () => {
    let read = 0;
    const refused: string[] = [];
    const problems: string[] = [];
    for (const entry of manifest) {
      const xml = readFileSync(join(examplesDir, entry.file.replace(/^examples\//, '')), 'utf8');
      const result = readUblDocument(xml);
      if (!result.success) {
        refused.push(`${entry.file}: ${result.issues.map((issue) => issue.message).join('; ')}`);
        for (const issue of result.issues)
          if (!EXPECTED_REFUSALS.has(issue.rule))
            problems.push(`${entry.file}: unexpected refusal ${issue.message}`);
        continue;
      }
      read += 1;
      const specification = result.data.specification ?? 'peppol-bis3';
      const written = writeUbl(result.data.invoice, specification);
      // Stable: the written document reads back into the same model and writes the same again.
      const again = readUbl(written);
      if (!again.success || writeUbl(again.data, specification) !== written)
        problems.push(`${entry.file}: write → read → write differs`);
      const verdict = await judgeDocument(written);
      // Every example is valid EN 16931 (manifest): the XSD and EN 16931 find nothing in the rewrite.
      for (const rule of fatalIn(verdict, ['ubl-2.1-xsd', 'en16931-ubl', 'xml']))
        problems.push(`${entry.file}: ${rule} (the source example is valid EN 16931)`);
      // The CIUS rule set: nothing beyond what fired on the source example itself.
      const [set, column] =
        specification === 'xrechnung-3.0' ? ['xrechnung-ubl', 'XR-UBL'] : ['peppol-ubl', 'PEPPOL-UBL'];
      const allowed = sourceFailures(entry, column);
      for (const rule of fatalIn(verdict, [set]))
        if (!allowed.has(rule))
          problems.push(`${entry.file}: ${rule} fires on the rewrite but not on the source`);
      if (allowed.size === 0)
        expect(fatalFindings(verdict), `${entry.file}\n${fatalFindings(verdict).join('\n')}`).toEqual([]);
    }
    console.info(
      `UBL examples: ${String(read)} of ${String(manifest.length)} read, written and judged; ${String(refused.length)} refused:\n${refused.join('\n')}`,
    );
    expect(problems, problems.join('\n')).toEqual([]);
    expect(read).toBeGreaterThanOrEqual(17);
  });

  it('reads the amounts, parties and lines of Peppol base-example as written there', () => {
    const xml = readFileSync(join(examplesDir, 'ubl', 'peppol--base-example.xml'), 'utf8');
    const result = readUblDocument(xml);
    if (!result.success) throw new Error(JSON.stringify(result.issues));
    const invoice = result.data.invoice;
    expect(invoice.totals).toEqual({
      line_net: '1300.00',
      allowances: undefined,
      charges: '25.00',
      tax_exclusive: '1325.00',
      vat: '331.25',
      vat_in_tax_currency: undefined,
      tax_inclusive: '1656.25',
      prepaid: undefined,
      rounding: undefined,
      payable: '1656.25',
    });
    expect(invoice.vat_breakdown).toEqual([
      {
        taxable_amount: '1325.00',
        tax_amount: '331.25',
        category: 'S',
        rate: '25.0',
        exemption_reason: undefined,
        exemption_reason_code: undefined,
      },
    ]);
    expect(invoice.seller.name).toBe('SupplierOfficialName Ltd');
    expect(invoice.seller.trading_name).toBe('SupplierTradingName Ltd.');
    expect(invoice.seller.electronic_address).toEqual({ id: '9482348239847239874', scheme: '0088' });
    expect(invoice.buyer.legal_registration).toEqual({ id: '39937423947', scheme: '0183' });
    expect(invoice.payment).toEqual({
      means_code: '30',
      means_text: 'Credit transfer',
      remittance_information: 'Snippet1',
      credit_transfers: [{ id: 'IBAN32423940', name: 'AccountName', provider: 'BIC324098' }],
    });
    expect(
      invoice.lines.map((line) => [line.quantity, line.unit_code, line.net_amount, line.price.net]),
    ).toEqual([
      ['7', 'DAY', '2800.00', '400'],
      ['-3', 'DAY', '-1500.00', '500'],
    ]);
    expect(invoice.lines[0]?.item.classifications).toEqual([{ id: '09348023', scheme: 'SRV' }]);
    expect(invoice.allowances_charges).toEqual([
      {
        charge: true,
        amount: '25.00',
        base_amount: undefined,
        percentage: undefined,
        vat_category: 'S',
        vat_rate: '25.0',
        reason: 'Insurance',
        reason_code: undefined,
      },
    ]);
    expect(result.data.left_out).toEqual([
      'Invoice/cac:Delivery/cac:DeliveryLocation/cbc:ID',
      'Invoice/cac:Delivery/cac:DeliveryParty',
      'Invoice/cac:InvoiceLine[1]/cac:OrderLineReference',
      'Invoice/cac:InvoiceLine[1]/cac:Item/cac:StandardItemIdentification',
      'Invoice/cac:InvoiceLine[1]/cac:Item/cac:OriginCountry',
      'Invoice/cac:InvoiceLine[2]/cac:OrderLineReference',
      'Invoice/cac:InvoiceLine[2]/cac:Item/cac:StandardItemIdentification',
      'Invoice/cac:InvoiceLine[2]/cac:Item/cac:OriginCountry',
    ]);
  });
});

/** The STANDARD fixture as Peppol BIS 3, to edit for the refusals. */
const BASE = writeUbl(STANDARD, 'peppol-bis3');

/** `BASE` with the first match of `pattern` replaced (fails the test when nothing matches). */
function edited(pattern: RegExp, replacement: string): string {
  if (!pattern.test(BASE)) throw new Error(`no ${String(pattern)} in the base document`);
  return BASE.replace(pattern, replacement);
}

/** `BASE` with `insert` placed right before the first `before`. */
function withInserted(before: string, insert: string): string {
  const at = BASE.indexOf(before);
  if (at === -1) throw new Error(`no ${before} in the base document`);
  return `${BASE.slice(0, at)}${insert}${BASE.slice(at)}`;
}

describe('readUbl: refusals', () => {
  it('refuses a DOCTYPE before any parser sees it', () => {
    const xml = BASE.replace('<Invoice ', '<!DOCTYPE Invoice [<!ENTITY lol "lol">]>\n<Invoice ');
    expect(refusedRules(xml)).toEqual(['xml.doctype']);
  });

  it('refuses an entity reference (no DTD, so no entity but the five predefined)', () => {
    expect(refusedRules(BASE.replace('Bedankt voor', '&lol; Bedankt voor'))).toEqual([
      'xml.entity-reference',
    ]);
  });

  it('refuses an oversize document, by the default 10 MB limit and by a given one', () => {
    const padding = `<!--${' '.repeat(10485760)}-->`;
    expect(refusedRules(`${BASE}${padding}`)).toEqual(['xml.max-size']);
    expect(refusedRules(BASE, { maxBytes: 1000 })).toEqual(['xml.max-size']);
    const read = readUbl(BASE, { maxBytes: 1000, param: 'file' });
    expect(!read.success && read.issues[0]?.param).toBe('file');
  });

  it('refuses XML that is not well-formed, and a document that is not a UBL invoice', () => {
    expect(refusedRules(BASE.replace('</Invoice>', ''))).toEqual(['xml.well-formed']);
    expect(
      refusedRules(
        '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>',
      ),
    ).toEqual([UBL_READ_RULES.root]);
    expect(
      refusedRules(
        BASE.replace(/urn:oasis:names:specification:ubl:schema:xsd:Invoice-2/, 'urn:example:Invoice'),
      ),
    ).toEqual([UBL_READ_RULES.root]);
  });

  it('refuses a withholding tax: it changes the amount due and EN 16931 has no term for it', () => {
    const xml = withInserted(
      '<cac:LegalMonetaryTotal>',
      '<cac:WithholdingTaxTotal><cbc:TaxAmount currencyID="EUR">15.00</cbc:TaxAmount></cac:WithholdingTaxTotal>\n  ',
    );
    const read = readUbl(xml);
    expect(read.success).toBe(false);
    expect(!read.success && read.issues).toEqual([
      {
        rule: 'en16931.ubl.read.withholding-tax',
        code: 'parameter_invalid',
        param: 'Invoice/cac:WithholdingTaxTotal',
        message: expect.stringContaining('Invoice/cac:WithholdingTaxTotal is a withholding tax') as string,
      },
    ]);
  });

  it('refuses a second tax scheme, a second breakdown and a tax total in a third currency', () => {
    expect(
      refusedRules(
        edited(
          /(<cac:ClassifiedTaxCategory>\s*<cbc:ID>S<\/cbc:ID>\s*<cbc:Percent>21<\/cbc:Percent>\s*<cac:TaxScheme>\s*<cbc:ID>)VAT/,
          '$1GST',
        ),
      ),
    ).toEqual([UBL_READ_RULES.taxScheme]);
    const breakdown = BASE.slice(BASE.indexOf('<cac:TaxTotal>'), BASE.indexOf('<cac:LegalMonetaryTotal>'));
    expect(refusedRules(withInserted('<cac:LegalMonetaryTotal>', breakdown))).toEqual([
      UBL_READ_RULES.taxTotal,
    ]);
    expect(
      refusedRules(
        withInserted(
          '<cac:LegalMonetaryTotal>',
          '<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">1.00</cbc:TaxAmount></cac:TaxTotal>',
        ),
      ),
    ).toEqual([UBL_READ_RULES.taxTotal]);
  });

  it('refuses a VAT category outside EN 16931 (B, split payment)', () => {
    expect(refusedRules(edited(/(<cac:ClassifiedTaxCategory>\s*<cbc:ID>)S/, '$1B'))).toEqual([
      UBL_READ_RULES.vatCategory,
    ]);
  });

  it("refuses the seller's tax representative", () => {
    const representative =
      '<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName><cac:PostalAddress><cac:Country><cbc:IdentificationCode>BE</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>BE0403578693</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme></cac:TaxRepresentativeParty>';
    expect(refusedRules(withInserted('<cac:Delivery>', representative))).toEqual([
      UBL_READ_RULES.taxRepresentative,
    ]);
  });

  it('refuses a charge on the item price and a price discount that does not add up', () => {
    expect(
      refusedRules(
        edited(
          /(<cac:Price>\s*<cbc:PriceAmount[^>]*>9\.50<\/cbc:PriceAmount>\s*<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>)false/,
          '$1true',
        ),
      ),
    ).toEqual([UBL_READ_RULES.priceCharge]);
    expect(
      refusedRules(
        edited(
          /<cbc:Amount currencyID="EUR">0\.50<\/cbc:Amount>/,
          '<cbc:Amount currencyID="EUR">0.40</cbc:Amount>',
        ),
      ),
    ).toEqual([UBL_READ_RULES.priceDiscount]);
  });

  it('refuses any other amount the model has no place for (a line tax total, a prepayment record)', () => {
    const line = withInserted(
      '<cac:Item>',
      '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">19.32</cbc:TaxAmount></cac:TaxTotal>\n      ',
    );
    const read = readUbl(line);
    expect(!read.success && read.issues.map((issue) => [issue.rule, issue.param])).toEqual([
      [UBL_READ_RULES.unmappedAmount, 'Invoice/cac:InvoiceLine[1]/cac:TaxTotal'],
    ]);
    const prepaid = withInserted(
      '<cac:AllowanceCharge>',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">50.00</cbc:PaidAmount></cac:PrepaidPayment>\n  ',
    );
    expect(refusedRules(prepaid)).toEqual([UBL_READ_RULES.unmappedAmount]);
  });

  it('refuses an amount in another currency, a base quantity in another unit, and disagreeing payment means', () => {
    expect(
      refusedRules(
        BASE.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="USD">'),
      ),
    ).toEqual([UBL_READ_RULES.currency]);
    expect(
      refusedRules(BASE.replace('<cbc:BaseQuantity unitCode="HUR">', '<cbc:BaseQuantity unitCode="DAY">')),
    ).toEqual([UBL_READ_RULES.baseQuantityUnit]);
    const second = BASE.lastIndexOf('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>');
    const disagreeing = `${BASE.slice(0, second)}<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>${BASE.slice(second + '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>'.length)}`;
    expect(refusedRules(disagreeing)).toEqual([UBL_READ_RULES.paymentMeans]);
  });

  it('names a missing term at its path, and a malformed value', () => {
    const read = readUbl(BASE.replace('<cbc:ID>F-2025-0001</cbc:ID>\n', ''));
    expect(!read.success && read.issues.map((issue) => [issue.rule, issue.code, issue.param])).toEqual([
      [UBL_READ_RULES.missing, 'parameter_blank', 'Invoice/cbc:ID'],
    ]);
    expect(
      refusedRules(
        BASE.replace(
          '<cbc:IssueDate>2025-03-14</cbc:IssueDate>',
          '<cbc:IssueDate>14.03.2025</cbc:IssueDate>',
        ),
      ),
    ).toEqual([UBL_READ_RULES.value]);
    expect(
      refusedRules(
        BASE.replace('<cbc:PayableAmount currencyID="EUR">259.15', '<cbc:PayableAmount currencyID="EUR">1e3'),
      ),
    ).toEqual([UBL_READ_RULES.value]);
  });

  it('leaves out what changes no amount, and lists it', () => {
    const xml = withInserted(
      '<cac:OrderReference>',
      '<cac:InvoicePeriod><cbc:StartDate>2025-03-01</cbc:StartDate><cbc:EndDate>2025-03-31</cbc:EndDate></cac:InvoicePeriod>\n  ',
    ).replace(
      '<cac:Item>',
      '<cac:OrderLineReference><cbc:LineID>7</cbc:LineID></cac:OrderLineReference>\n      <cac:Item>',
    );
    const read = readUblDocument(xml);
    if (!read.success) throw new Error(JSON.stringify(read.issues));
    expect(read.data.left_out).toEqual([
      'Invoice/cac:InvoicePeriod',
      'Invoice/cac:InvoiceLine[1]/cac:OrderLineReference',
    ]);
    expect(writeUbl(read.data.invoice, 'peppol-bis3')).toBe(BASE);
  });
});

describe('readUbl: robustness', () => {
  it('never throws on a document with elements removed or emptied, and every refusal names its rule (property)', () => {
    const lines = BASE.split('\n');
    const leaves = lines.flatMap((line, index) =>
      /^\s*<[^/][^>]*>[^<]*<\/[^>]+>$/.test(line) ? [index] : [],
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...leaves), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (picked, empty) => {
          const edited = lines
            .map((line, index) =>
              picked.includes(index) ? (empty ? line.replace(/>[^<]*</, '><') : '') : line,
            )
            .join('\n');
          const read = readUbl(edited);
          if (read.success) expect(read.data.lines.length).toBeGreaterThan(0);
          else {
            expect(read.issues.length).toBeGreaterThan(0);
            for (const issue of read.issues) expect(isRuleId(issue.rule), issue.rule).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('normalizeAmount', () => {
  it("writes an amount with its currency's decimals, never rounding", () => {
    expect(normalizeAmount('1300', 'EUR')).toBe('1300.00');
    expect(normalizeAmount('25.0', 'EUR')).toBe('25.00');
    expect(normalizeAmount('+012.500', 'EUR')).toBe('12.50');
    expect(normalizeAmount('-0.00', 'EUR')).toBe('0.00');
    expect(normalizeAmount('-.5', 'EUR')).toBe('-0.50');
    expect(normalizeAmount('10.125', 'EUR')).toBe('10.125');
    expect(normalizeAmount('100.50', 'JPY')).toBe('100.5');
    expect(normalizeAmount('100.000', 'BHD')).toBe('100.000');
    expect(normalizeAmount('1e3', 'EUR')).toBeNull();
    expect(normalizeAmount('', 'EUR')).toBeNull();
  });
});
