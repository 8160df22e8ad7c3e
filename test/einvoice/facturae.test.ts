/**
 * Facturae 3.2.x arithmetic rules (issue #21 "Layers" 6; src/einvoice/facturae): valid documents have
 * no findings; each rule fires with its id, location and line on a targeted change; the tolerance
 * accepts what the schemas' rounding allows and nothing more; and any change of ±0.01 or more to an
 * amount that takes part in a relation is caught (exhaustively for ±0.01, by fast-check beyond).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agrees,
  agreesWithin,
  FACTURAE_NAMESPACES,
  FACTURAE_RULE_TABLE,
  facturaeDocumentFindings,
  facturaeRuleFindings,
  facturaeVersion,
  readAmount,
  writtenDecimals,
} from '../../src/einvoice/facturae/index.js';
import { isRuleId } from '../../src/errors/ruleId.js';
import { Decimal } from '../../src/money/decimal.js';
import { parseXdm } from '../../src/xpath/document.js';
import { PROJECT_ROOT } from '../support/shared.js';

const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'einvoice', 'facturae');
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const V322 = read('fiscalkit-3.2.2-full-totals.xml');
const V321 = read('fiscalkit-3.2.1-batch.xml');

const rules = (xml: string) => facturaeRuleFindings(xml).map((finding) => finding.rule);

/** `xml` with the `occurrence`-th (1-based) `<name>…</name>` holding `value` instead. */
function replaceValue(xml: string, name: string, value: string, occurrence = 1): string {
  const pattern = new RegExp(`<${name}>([^<]*)</${name}>`, 'g');
  let seen = 0;
  let replaced = false;
  const result = xml.replace(pattern, (match) => {
    seen += 1;
    if (seen !== occurrence) return match;
    replaced = true;
    return `<${name}>${value}</${name}>`;
  });
  if (!replaced) throw new Error(`no occurrence ${String(occurrence)} of <${name}>`);
  return result;
}

/** `xml` with `from` replaced once (and it must be there). */
function edit(xml: string, from: string, to: string): string {
  if (!xml.includes(from)) throw new Error(`not in the fixture: ${from}`);
  return xml.replace(from, to);
}

/** The 1-based line of the first occurrence of `text` in `xml`. */
const lineOf = (xml: string, text: string) => xml.slice(0, xml.indexOf(text)).split('\n').length;

describe('the rule table', () => {
  it('has one entry per rule, each a well-formed facturae id citing its source', () => {
    const ids = FACTURAE_RULE_TABLE.map((rule) => rule.rule);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(21);
    for (const rule of FACTURAE_RULE_TABLE) {
      expect(isRuleId(rule.rule), rule.rule).toBe(true);
      expect(rule.rule.startsWith('facturae.')).toBe(true);
      expect(rule.source).toMatch(/XSD|Orden HAP\/1650\/2015/);
    }
  });
});

describe('facturaeVersion: the namespaces of the three versions', () => {
  it('maps each namespace to its version, and nothing else', () => {
    expect([...FACTURAE_NAMESPACES.values()]).toEqual(['3.2', '3.2.1', '3.2.2']);
    expect(facturaeVersion('http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml')).toBe('3.2.2');
    expect(facturaeVersion('http://www.facturae.es/Facturae/2014/v3.2.1/Facturae')).toBe('3.2.1');
    expect(facturaeVersion('http://www.facturae.es/Facturae/2009/v3.2/Facturae')).toBe('3.2');
    expect(facturaeVersion('http://www.facturae.es/Facturae/2007/v3.1/Facturae')).toBeNull();
    expect(facturaeVersion(null)).toBeNull();
  });
});

describe('valid documents have no findings', () => {
  it.each([
    ['fiscalkit-3.2.2-full-totals.xml (every total of InvoiceTotalsType)', V322],
    ['fiscalkit-3.2.1-batch.xml (a batch of two, equivalence surcharge)', V321],
  ])('%s', (_, xml) => {
    expect(facturaeRuleFindings(xml)).toEqual([]);
    expect(facturaeDocumentFindings(parseXdm(xml))).toEqual([]);
  });

  it('a 3.2 document (six-decimal line amounts, the cent-rounded line total Facturae-PHP writes) has none', () => {
    const v32 = V321.replace(
      'xmlns:fac="http://www.facturae.es/Facturae/2014/v3.2.1/Facturae"',
      'xmlns:fac="http://www.facturae.es/Facturae/2009/v3.2/Facturae"',
    )
      .replace('<SchemaVersion>3.2.1</SchemaVersion>', '<SchemaVersion>3.2</SchemaVersion>')
      .replace(
        '<UnitPriceWithoutTax>24.90</UnitPriceWithoutTax>',
        '<UnitPriceWithoutTax>24.900000</UnitPriceWithoutTax>',
      )
      .replace('<TotalCost>249.00</TotalCost>', '<TotalCost>249.000000</TotalCost>')
      .replace('<GrossAmount>249.00</GrossAmount>', '<GrossAmount>249.000000</GrossAmount>');
    expect(facturaeRuleFindings(v32)).toEqual([]);
    const rounded = edit(V322, '<TotalCost>37.04</TotalCost>', '<TotalCost>37.040000</TotalCost>');
    expect(facturaeRuleFindings(rounded)).toEqual([]);
  });

  const gobl = (name: string) => join(FIXTURES, name);
  it.skipIf(!existsSync(gobl('gobl-invoice-vat.xml')) || !existsSync(gobl('gobl-credit-note.xml')))(
    "gobl.facturae's golden invoice and credit note (negative amounts) have none",
    () => {
      expect(facturaeRuleFindings(read('gobl-invoice-vat.xml'))).toEqual([]);
      expect(facturaeRuleFindings(read('gobl-credit-note.xml'))).toEqual([]);
    },
  );

  it.skipIf(!existsSync(gobl('gobl-invoice-vat-irpf.xml')))(
    "gobl.facturae's IRPF invoice breaks the schema's InvoiceTotal (it leaves the withholding out): a known disagreement",
    () => {
      const findings = facturaeRuleFindings(read('gobl-invoice-vat-irpf.xml'));
      expect(findings.map((finding) => [finding.rule, finding.location])).toEqual([
        ['facturae.totals.invoice-total', '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/InvoiceTotal'],
        [
          'facturae.totals.outstanding-amount',
          '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalOutstandingAmount',
        ],
      ]);
      expect(findings[0]?.message).toBe(
        'InvoiceTotal is 5080.92, but 4237.00 + 843.92 − 600.30 = 4480.62 (Facturae: InvoiceTotal = ' +
          'TotalGrossAmountBeforeTaxes + TotalTaxOutputs − TotalTaxesWithheld, rounded to the decimals written or to the cent)',
      );
    },
  );

  it('a document that is not Facturae, or not well-formed, has no arithmetic findings (other layers judge it)', () => {
    expect(
      facturaeRuleFindings('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
    ).toEqual([]);
    expect(facturaeRuleFindings('<fe:Facturae xmlns:fe="urn:x"><FileHeader>')).toEqual([]);
  });
});

/**
 * One change per case and exactly the rules it breaks: the first is the rule under test (several
 * rules fire when the changed figure is an operand of more than one relation).
 */
const TARGETED: readonly [string, string, () => string, readonly string[], string][] = [
  [
    'facturae.batch.invoices-count',
    'InvoicesCount 3 for two invoices',
    () => replaceValue(V321, 'InvoicesCount', '3'),
    ['facturae.batch.invoices-count'],
    '/fac:Facturae/FileHeader/Batch/InvoicesCount',
  ],
  [
    'facturae.batch.modality',
    'Modality L for one invoice',
    () => replaceValue(V322, 'Modality', 'L'),
    ['facturae.batch.modality'],
    '/fe:Facturae/FileHeader/Modality',
  ],
  [
    'facturae.batch.invoices-amount',
    'Batch/TotalInvoicesAmount 902.34',
    () => edit(V322, '<TotalAmount>902.33</TotalAmount>', '<TotalAmount>902.34</TotalAmount>'),
    ['facturae.batch.invoices-amount'],
    '/fe:Facturae/FileHeader/Batch/TotalInvoicesAmount/TotalAmount',
  ],
  [
    'facturae.batch.outstanding-amount',
    'Batch/TotalOutstandingAmount 672.80 for 495.74 + 177.16',
    () => edit(V321, '<TotalAmount>672.90</TotalAmount>', '<TotalAmount>672.80</TotalAmount>'),
    ['facturae.batch.outstanding-amount'],
    '/fac:Facturae/FileHeader/Batch/TotalOutstandingAmount/TotalAmount',
  ],
  [
    'facturae.batch.executable-amount',
    'Batch/TotalExecutableAmount 561.80',
    () => edit(V322, '<TotalAmount>561.88</TotalAmount>', '<TotalAmount>561.80</TotalAmount>'),
    ['facturae.batch.executable-amount'],
    '/fe:Facturae/FileHeader/Batch/TotalExecutableAmount/TotalAmount',
  ],
  [
    'facturae.tax.amount',
    'a 21 % TaxableBase of 850.00 under a TaxAmount of 170.20',
    () => edit(V322, '<TotalAmount>810.49</TotalAmount>', '<TotalAmount>850.00</TotalAmount>'),
    ['facturae.tax.amount'],
    '/fe:Facturae/Invoices/Invoice[1]/TaxesOutputs/Tax[1]/TaxAmount/TotalAmount',
  ],
  [
    'facturae.tax.surcharge-amount',
    'an EquivalenceSurcharge of 4.00 % under an amount of 20.43',
    () => replaceValue(V321, 'EquivalenceSurcharge', '4.00'),
    ['facturae.tax.surcharge-amount'],
    '/fac:Facturae/Invoices/Invoice[1]/TaxesOutputs/Tax[1]/EquivalenceSurchargeAmount/TotalAmount',
  ],
  [
    'facturae.tax.special-amount',
    'a SpecialTaxAmount of 22.00 on a special base of 100.00 at 21 %',
    () =>
      edit(
        V322,
        '<TotalAmount>170.20</TotalAmount>\n          </TaxAmount>',
        '<TotalAmount>170.20</TotalAmount>\n          </TaxAmount><SpecialTaxableBase><TotalAmount>100.00</TotalAmount></SpecialTaxableBase><SpecialTaxAmount><TotalAmount>22.00</TotalAmount></SpecialTaxAmount>',
      ),
    ['facturae.tax.special-amount'],
    '/fe:Facturae/Invoices/Invoice[1]/TaxesOutputs/Tax[1]/SpecialTaxAmount/TotalAmount',
  ],
  [
    'facturae.totals.gross-amount',
    'TotalGrossAmount 862.14 (and so TotalGrossAmountBeforeTaxes no longer follows)',
    () => replaceValue(V322, 'TotalGrossAmount', '862.14'),
    ['facturae.totals.gross-amount', 'facturae.totals.gross-amount-before-taxes'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalGrossAmount',
  ],
  [
    'facturae.totals.general-discounts',
    'a general discount of 25.00 under TotalGeneralDiscounts 20.00',
    () => edit(V322, '<DiscountAmount>20.00</DiscountAmount>', '<DiscountAmount>25.00</DiscountAmount>'),
    ['facturae.totals.general-discounts'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalGeneralDiscounts',
  ],
  [
    'facturae.totals.general-surcharges',
    'a general charge of 12.00 under TotalGeneralSurcharges 10.00',
    () => edit(V322, '<ChargeAmount>10.00</ChargeAmount>', '<ChargeAmount>12.00</ChargeAmount>'),
    ['facturae.totals.general-surcharges'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalGeneralSurcharges',
  ],
  [
    'facturae.totals.gross-amount-before-taxes',
    'TotalGrossAmountBeforeTaxes 852.00',
    () => replaceValue(V322, 'TotalGrossAmountBeforeTaxes', '852.00'),
    ['facturae.totals.gross-amount-before-taxes', 'facturae.totals.invoice-total'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalGrossAmountBeforeTaxes',
  ],
  [
    'facturae.totals.tax-outputs',
    'TotalTaxOutputs 102.82 (the equivalence surcharge left out would be 82.49)',
    () => replaceValue(V321, 'TotalTaxOutputs', '102.82'),
    ['facturae.totals.tax-outputs', 'facturae.totals.invoice-total'],
    '/fac:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalTaxOutputs',
  ],
  [
    'facturae.totals.taxes-withheld',
    'TotalTaxesWithheld 121.50',
    () => replaceValue(V322, 'TotalTaxesWithheld', '121.50'),
    ['facturae.totals.taxes-withheld', 'facturae.totals.invoice-total'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalTaxesWithheld',
  ],
  [
    'facturae.totals.invoice-total',
    'InvoiceTotal 902.34',
    () => replaceValue(V322, 'InvoiceTotal', '902.34'),
    ['facturae.batch.invoices-amount', 'facturae.totals.invoice-total', 'facturae.totals.outstanding-amount'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/InvoiceTotal',
  ],
  [
    'facturae.totals.payments-on-account',
    'a payment on account of 210.00 under TotalPaymentsOnAccount 200.00',
    () => replaceValue(V322, 'PaymentOnAccountAmount', '210.00'),
    ['facturae.totals.payments-on-account'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalPaymentsOnAccount',
  ],
  [
    'facturae.totals.reimbursable-expenses',
    'a reimbursable expense of 36.50 under TotalReimbursableExpenses 35.50',
    () => replaceValue(V322, 'ReimbursableExpensesAmount', '36.50'),
    ['facturae.totals.reimbursable-expenses'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalReimbursableExpenses',
  ],
  [
    'facturae.totals.outstanding-amount',
    'the subsidy removed',
    () => V322.replace(/<Subsidies>[\s\S]*?<\/Subsidies>/, ''),
    ['facturae.totals.outstanding-amount'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalOutstandingAmount',
  ],
  [
    'facturae.totals.executable-amount',
    'TotalFinancialExpenses 5.17',
    () => replaceValue(V322, 'TotalFinancialExpenses', '5.17'),
    ['facturae.totals.executable-amount'],
    '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalExecutableAmount',
  ],
  [
    'facturae.line.total-cost',
    'a unit price of 12.3556 under a TotalCost of 37.04 for 3 units',
    () => replaceValue(V322, 'UnitPriceWithoutTax', '12.3556', 2),
    ['facturae.line.total-cost'],
    '/fe:Facturae/Invoices/Invoice[1]/Items/InvoiceLine[2]/TotalCost',
  ],
  [
    'facturae.line.gross-amount',
    'a line discount of 31.00 under a GrossAmount of 570.00',
    () => edit(V322, '<DiscountAmount>30.00</DiscountAmount>', '<DiscountAmount>31.00</DiscountAmount>'),
    ['facturae.line.gross-amount'],
    '/fe:Facturae/Invoices/Invoice[1]/Items/InvoiceLine[1]/GrossAmount',
  ],
];

describe('each rule fires with its id on a targeted change', () => {
  it('covers every rule of the table', () => {
    expect(new Set(TARGETED.map(([rule]) => rule))).toEqual(
      new Set(FACTURAE_RULE_TABLE.map((rule) => rule.rule)),
    );
  });

  it.each(TARGETED)('%s: %s', (rule, _, mutate, fired, location) => {
    const xml = mutate();
    const findings = facturaeRuleFindings(xml);
    expect(findings.map((finding) => finding.rule).sort()).toEqual([...fired].sort());
    const finding = findings.find((found) => found.rule === rule);
    expect(finding).toMatchObject({ severity: 'fatal', ruleSet: 'facturae-rules', location });
    // The line is the line of the element the location names (or of its parent, when it is absent).
    expect(finding?.line).toBeGreaterThan(1);
    expect(finding?.message).toMatch(/^[A-Za-z/]+ is .+, but .+ \(Facturae: .+\)$/);
  });

  it('messages give the written and the computed figures, and the line of the element', () => {
    const xml = replaceValue(V322, 'InvoiceTotal', '902.34');
    const finding = facturaeRuleFindings(xml).find((found) => found.rule === 'facturae.totals.invoice-total');
    expect(finding).toEqual({
      rule: 'facturae.totals.invoice-total',
      severity: 'fatal',
      ruleSet: 'facturae-rules',
      message:
        'InvoiceTotal is 902.34, but 852.04 + 171.86 − 121.57 = 902.33 (Facturae: InvoiceTotal = TotalGrossAmountBeforeTaxes + ' +
        'TotalTaxOutputs − TotalTaxesWithheld, rounded to the decimals written or to the cent)',
      location: '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/InvoiceTotal',
      line: lineOf(xml, '<InvoiceTotal>'),
    });
    const line = facturaeRuleFindings(replaceValue(V322, 'UnitPriceWithoutTax', '12.3556', 2))[0];
    expect(line?.message).toBe(
      'TotalCost is 37.04, but 3 × 12.3556 = 37.0668 (Facturae: TotalCost = Quantity × UnitPriceWithoutTax, ' +
        'rounded to the decimals written or to the cent)',
    );
  });

  it('an optional total that is absent stands for 0, and is reported once when its parts are not', () => {
    const xml = edit(V322, '<TotalGeneralDiscounts>20.00</TotalGeneralDiscounts>', '');
    const findings = facturaeRuleFindings(xml);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      rule: 'facturae.totals.general-discounts',
      location: '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/TotalGeneralDiscounts',
      line: lineOf(xml, '<InvoiceTotals>'),
    });
    expect(findings[0]?.message).toMatch(
      /^TotalGeneralDiscounts is absent, but the sum of the GeneralDiscounts is 20\.00 \(20\.00\)/,
    );
    // With no general discounts at all, the absent total is right: the 3.2.1 fixture has neither.
    expect(V321).not.toContain('TotalGeneralDiscounts');
    expect(facturaeRuleFindings(V321)).toEqual([]);
  });

  it('operands the schema requires but the document lacks or garbles skip the rule (the XSD layer reports them)', () => {
    expect(facturaeRuleFindings(replaceValue(V322, 'Quantity', 'twelve'))).toEqual([]);
    expect(facturaeRuleFindings(edit(V322, '<Quantity>12.5</Quantity>', ''))).toEqual([]);
    const twice = edit(
      V322,
      '<InvoiceTotal>902.33</InvoiceTotal>',
      '<InvoiceTotal>902.33</InvoiceTotal><InvoiceTotal>1</InvoiceTotal>',
    );
    expect(rules(twice)).toEqual([]);
    expect(facturaeRuleFindings(replaceValue(V322, 'Quantity', '1e400'))).toEqual([]);
  });

  it('batch sums are skipped when an invoice is in another currency than the batch', () => {
    const mixed = edit(
      replaceValue(V321, 'InvoiceCurrencyCode', 'USD', 3),
      '<TotalAmount>722.90</TotalAmount>',
      '<TotalAmount>1.00</TotalAmount>',
    );
    expect(rules(mixed)).toEqual([]);
  });
});

describe('the tolerance: rounded to the decimals written or to the cent, nothing more', () => {
  const amount = (text: string) => {
    const figure = readAmount(text, '/x', null);
    if (figure.kind !== 'amount') throw new Error(text);
    return figure;
  };

  it('reads xs:double texts exactly, and refuses what is no finite plain number', () => {
    expect(amount('37.04').value.toString()).toBe('37.04');
    expect(amount(' 1.5E2 ').value.toString()).toBe('150');
    expect(readAmount('INF', '/x', null).kind).toBe('invalid');
    expect(readAmount('NaN', '/x', null).kind).toBe('invalid');
    expect(readAmount('1e31', '/x', null).kind).toBe('invalid');
    expect(readAmount('1'.repeat(65), '/x', null).kind).toBe('invalid');
    expect(writtenDecimals('37.040000')).toBe(6);
    expect(writtenDecimals('250')).toBe(0);
    expect(writtenDecimals('1.5E-3')).toBe(4);
  });

  it.each([
    ['37.04', '37.0368', true, 'rounded to the cent'],
    ['37.0368', '37.0368', true, 'exact'],
    ['37.036800', '37.0368', true, 'exact at six decimals'],
    ['37.040000', '37.0368', true, 'the cent, written with six decimals (3.2)'],
    ['37.037', '37.0368', true, 'rounded to its three decimals'],
    ['37.036', '37.0368', false, 'neither its own decimals nor the cent'],
    ['37.03', '37.0368', false, 'off by more than half a cent'],
    ['37.05', '37.0368', false, 'off by more than half a cent'],
    ['37.04', '37.035', true, 'a tie, rounded up'],
    ['37.03', '37.035', true, 'a tie, rounded down (half even)'],
    ['12', '12.004', true, '12 stands for 12.00'],
    ['12', '12.3', false, 'an integer is not rounded to the unit'],
    ['-30.12', '-30.1165', true, 'negative amounts (credit notes) alike'],
  ])('%s for %s: %s (%s)', (written, expected, result) => {
    expect(agrees(amount(written), new Decimal(expected))).toBe(result);
  });

  it('a tax amount may carry half a cent per line that rounded it (21 % on two lines of 6097.74)', () => {
    const exact = new Decimal('6097.74').times(2).times('0.21');
    expect(exact.toString()).toBe('2561.0508');
    expect(agreesWithin(amount('2561.06'), exact, 2)).toBe(true);
    expect(agreesWithin(amount('2561.05'), exact, 2)).toBe(true);
    expect(agreesWithin(amount('2561.06'), exact, 1)).toBe(false);
    expect(agreesWithin(amount('2561.07'), exact, 2)).toBe(false);
  });

  it('in a document: a two-line tax summed from rounded lines passes, a cent more does not', () => {
    // 392.82 × 21 % = 82.4922; the lines, 52.29 + 30.20, may round to 82.50 (2 lines: 0.01 allowed).
    const summed = replaceValue(replaceValue(V321, 'TotalAmount', '82.50', 5), 'TotalTaxOutputs', '102.93');
    expect(rules(summed)).toEqual(['facturae.totals.invoice-total']);
    const tooFar = replaceValue(replaceValue(V321, 'TotalAmount', '82.51', 5), 'TotalTaxOutputs', '102.94');
    expect(rules(tooFar)).toEqual(['facturae.tax.amount', 'facturae.totals.invoice-total']);
  });
});

/** An amount element of a fixture: its name, its occurrence among elements of that name, its text. */
interface Candidate {
  readonly name: string;
  readonly occurrence: number;
  readonly text: string;
  readonly path: string;
}

/**
 * The amounts that take part in an exact relation: every element of `AMOUNTS`, and the `TotalAmount`
 * of the batch totals and of the invoice-level tax and surcharge amounts. Left out: tax bases and
 * rates (a base changed by 0.01 moves a 21 % tax by 0.0021, inside the tax tolerance), the tax blocks
 * of lines (informative in the schema), and instalments (no relation).
 */
const AMOUNTS = new Set([
  'Quantity',
  'UnitPriceWithoutTax',
  'TotalCost',
  'DiscountAmount',
  'ChargeAmount',
  'GrossAmount',
  'TotalGrossAmount',
  'TotalGeneralDiscounts',
  'TotalGeneralSurcharges',
  'TotalGrossAmountBeforeTaxes',
  'TotalTaxOutputs',
  'TotalTaxesWithheld',
  'InvoiceTotal',
  'SubsidyAmount',
  'PaymentOnAccountAmount',
  'ReimbursableExpensesAmount',
  'TotalFinancialExpenses',
  'TotalOutstandingAmount',
  'TotalPaymentsOnAccount',
  'WithholdingAmount',
  'TotalExecutableAmount',
  'TotalReimbursableExpenses',
  'PaymentInKindAmount',
]);

function candidates(xml: string): Candidate[] {
  const found: Candidate[] = [];
  const counts = new Map<string, number>();
  const stack: string[] = [];
  for (const match of xml.matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>([^<]*)/g)) {
    const [, closing, qualified = '', selfClosing, after = ''] = match;
    const name = qualified.slice(qualified.indexOf(':') + 1);
    if (closing === '/') {
      stack.pop();
      continue;
    }
    if (selfClosing === '/' || qualified.startsWith('?') || qualified.startsWith('!')) continue;
    stack.push(name);
    // Only elements with text alone count, as replaceValue finds them (`<TotalAmount>…</TotalAmount>`).
    const end = (match.index ?? 0) + match[0].length;
    if (!xml.startsWith(`</${qualified}>`, end)) continue;
    const occurrence = (counts.get(name) ?? 0) + 1;
    counts.set(name, occurrence);
    const text = after.trim();
    if (!/^-?\d+(?:\.\d+)?$/.test(text)) continue;
    const parent = stack[stack.length - 2] ?? '';
    const inLineTax =
      stack.includes('InvoiceLine') && (stack.includes('TaxesOutputs') || stack.includes('TaxesWithheld'));
    const amount =
      (AMOUNTS.has(name) && !inLineTax) ||
      (name === 'TotalAmount' &&
        (stack.includes('Batch') ||
          (!inLineTax && (parent === 'TaxAmount' || parent === 'EquivalenceSurchargeAmount'))));
    if (amount) found.push({ name, occurrence, text, path: stack.join('/') });
  }
  return found;
}

const DOCUMENTS: readonly [string, string, number][] = [
  ['3.2.2', V322, 39],
  ['3.2.1 batch', V321, 36],
];

describe('any change of ±0.01 or more to an amount in a relation is caught', () => {
  it.each(DOCUMENTS)('the %s fixture has the amounts the property changes', (_, xml, count) => {
    const found = candidates(xml);
    expect(found).toHaveLength(count);
    expect(found.some((candidate) => candidate.name === 'Quantity')).toBe(true);
    expect(found.some((candidate) => candidate.path.endsWith('Batch/TotalInvoicesAmount/TotalAmount'))).toBe(
      true,
    );
  });

  it.each(DOCUMENTS)('every amount of the %s fixture, changed by +0.01 and by −0.01', (_, xml) => {
    const missed: string[] = [];
    for (const candidate of candidates(xml)) {
      for (const delta of ['0.01', '-0.01']) {
        const changed = new Decimal(candidate.text).plus(delta).toString();
        const mutated = replaceValue(xml, candidate.name, changed, candidate.occurrence);
        if (facturaeRuleFindings(mutated).length === 0)
          missed.push(`${candidate.path} ${candidate.text} → ${changed}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('fast-check: any amount, any change of at least one cent (up to ±10 000 000.00)', () => {
    const all = DOCUMENTS.flatMap(([, xml], document) =>
      candidates(xml).map((candidate) => ({ document, candidate })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 6 }),
        ({ document, candidate }, cents, negative, extraDecimals) => {
          const xml = DOCUMENTS[document]?.[1] ?? '';
          // A change of `cents` cents, with up to 6 more decimals of noise (never below one cent).
          const noise = new Decimal(cents).times(new Decimal(10).pow(extraDecimals)).plus(extraDecimals);
          const delta = noise.dividedBy(new Decimal(10).pow(extraDecimals + 2)).times(negative ? -1 : 1);
          const changed = new Decimal(candidate.text).plus(delta).toString();
          const mutated = replaceValue(xml, candidate.name, changed, candidate.occurrence);
          expect(facturaeRuleFindings(mutated).length, `${candidate.path} → ${changed}`).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
