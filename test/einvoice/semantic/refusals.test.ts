/**
 * What `en16931FromInvoice` refuses, each at the field the client changes, with its rule id: what
 * EN 16931 cannot say (withholdings, surcharges, an advance, 3-decimal currencies, `O` beside other
 * categories, suplidos beside exempt amounts), what a line or entry lacks, and every prerequisite of a
 * specification, before any XML is written.
 */
import { describe, expect, it } from 'vitest';
import { en16931FromInvoice } from '../../../src/einvoice/semantic/en16931FromInvoice.js';
import type { En16931Specification } from '../../../src/einvoice/semantic/en16931Specification.js';
import { PREREQUISITES } from '../../../src/einvoice/semantic/prerequisites.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import {
  BELGIAN_BUYER,
  CASES,
  FRENCH_BUYER,
  GERMAN_BUYER,
  GERMAN_SELLER,
  line,
  SPANISH_BUYER,
  SPANISH_SELLER,
} from './cases.js';
import { type Body, type Case, sourceOf } from './support.js';

const S21 = [{ name: 'IVA', category: 'S', percent: '21' }];

function simple(invoice: Body, account: Body = SPANISH_SELLER, contact: Body | null = SPANISH_BUYER): Case {
  return {
    account,
    contact,
    invoice: {
      number: 'F-X',
      date: '2026-04-20',
      buyer_reference: 'R-1',
      invoice_lines_attributes: [line('1', '100.00')],
      ...invoice,
    },
  };
}

/** The issues (rule, code, param) of writing a case. */
async function refusalsOf(given: Case | EInvoiceSource, specification: En16931Specification = 'peppol-bis3') {
  const source =
    'invoice' in given && 'lines' in (given.invoice as object)
      ? (given as EInvoiceSource)
      : await sourceOf(given as Case);
  const written = en16931FromInvoice(source, specification);
  if (written.success) return [];
  return written.issues.map(({ rule, code, param }) => ({ rule, code, param }));
}

describe('what EN 16931 cannot say', () => {
  it('refuses a withholding tax (IRPF) at the tax', async () => {
    const taxes = [...S21, { name: 'IRPF', percent: '-15' }];
    expect(await refusalsOf(simple({ invoice_lines_attributes: [line('1', '100.00', taxes)] }))).toEqual([
      { rule: 'en16931.write.withholding', code: 'parameter_invalid', param: 'lines[0].taxes_attributes[1]' },
    ]);
  });

  it("refuses a withholding on a document-level entry's own taxes", async () => {
    const taxes = [...S21, { name: 'IRPF', percent: '-15' }];
    const invoice = {
      invoice_lines_attributes: [line('1', '100.00', taxes)],
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'charge', amount: '10.00', taxes_attributes: taxes },
      ],
    };
    expect(await refusalsOf(simple(invoice))).toEqual([
      { rule: 'en16931.write.withholding', code: 'parameter_invalid', param: 'lines[0].taxes_attributes[1]' },
      {
        rule: 'en16931.write.withholding',
        code: 'parameter_invalid',
        param: 'allowance_charges_attributes[0].taxes_attributes[1]',
      },
    ]);
  });

  it('refuses a surcharge (recargo de equivalencia) at the tax', async () => {
    const taxes = [...S21, { name: 'RE', percent: '5.2', kind: 'surcharge' }];
    expect(await refusalsOf(simple({ invoice_lines_attributes: [line('1', '100.00', taxes)] }))).toEqual([
      { rule: 'en16931.write.surcharge', code: 'parameter_invalid', param: 'lines[0].taxes_attributes[1]' },
    ]);
  });

  it('refuses a line with two VAT taxes, as the totals engine does', async () => {
    const source = await sourceOf(simple({}));
    const invoice = source.invoice;
    const twoVat = {
      ...source,
      invoice: {
        ...invoice,
        lines: invoice.lines.map((entry) => ({
          ...entry,
          taxes_attributes: [...entry.taxes_attributes, { name: 'VAT', percent: '10' }],
        })),
      },
    };
    const issues = await refusalsOf(twoVat);
    expect(issues[0]?.param).toMatch(/^lines\[0\]\.taxes_attributes/);
    expect(issues[0]?.code).toBe('parameter_invalid');
  });

  it('refuses a total set by total_amount_due (an advance), and a stored total the lines no longer give', async () => {
    const advance = await refusalsOf(simple({ type_code: 'ZAL', total_amount_due: '50.00' }));
    expect(advance).toEqual([
      { rule: 'en16931.write.total-override', code: 'parameter_invalid', param: 'total_amount_due' },
    ]);
    const source = await sourceOf(simple({}));
    expect(await refusalsOf({ ...source, invoice: { ...source.invoice, total: '120.00' } })).toEqual([
      { rule: 'en16931.write.stored-total', code: 'parameter_invalid', param: 'total' },
    ]);
  });

  it('refuses a currency with three decimals (BR-DEC)', async () => {
    expect(await refusalsOf(simple({ currency: 'BHD' }))).toEqual([
      { rule: 'en16931.write.currency-decimals', code: 'parameter_invalid', param: 'currency' },
    ]);
  });

  it('refuses a not-subject charge beside standard-rated lines (BR-O-11)', async () => {
    const invoice = {
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'charge', amount: '25.00', apply_taxes: false },
      ],
    };
    expect(await refusalsOf(simple(invoice))).toEqual([
      {
        rule: 'en16931.write.not-subject-mixed',
        code: 'parameter_invalid',
        param: 'allowance_charges_attributes[0]',
      },
    ]);
    const lines = [line('1', '10.00'), line('1', '10.00', [{ name: 'IVA', category: 'O', percent: '0' }])];
    expect(await refusalsOf(simple({ invoice_lines_attributes: lines }))).toEqual([
      {
        rule: 'en16931.write.not-subject-mixed',
        code: 'parameter_invalid',
        param: 'lines[1].taxes_attributes',
      },
    ]);
  });

  it('refuses a reimbursable expense beside exempt amounts (one E breakdown)', async () => {
    const invoice = {
      invoice_lines_attributes: [
        line('1', '10.00'),
        line('1', '10.00', [{ name: 'IVA', category: 'E', percent: '0' }]),
      ],
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'charge', amount: '5.00', is_reimbursable_expense: true },
      ],
    };
    expect(await refusalsOf(simple(invoice))).toEqual([
      {
        rule: 'en16931.write.reimbursable-exempt',
        code: 'parameter_invalid',
        param: 'allowance_charges_attributes[0].is_reimbursable_expense',
      },
    ]);
  });
});

describe('lines and entries', () => {
  it('refuses a line without description, a category or rate EN 16931 has not, a classification without scheme', async () => {
    const lines = [
      line('1', '10.00', S21, { description: null }),
      line('1', '10.00', [{ name: 'IVA', category: 'B', percent: '22' }]),
      line('1', '10.00', [{ name: 'IVA', category: 'E', percent: '10' }]),
      line('1', '10.00', S21, { classification_code: '123' }),
      line('1', '10.00', S21, { classification_code: '123', classification_code_scheme: 'UNSPSC' }),
      line('1', '10.00', S21, {
        allowance_charges_attributes: [
          { allowance_charge_indicator: 'allowance', amount: '1', reason_code: 'FC' },
        ],
      }),
    ];
    expect(await refusalsOf(simple({ invoice_lines_attributes: lines }))).toEqual([
      { rule: 'en16931.write.item-name', code: 'parameter_blank', param: 'lines[0].description' },
      {
        rule: 'en16931.write.vat-category',
        code: 'parameter_inclusion',
        param: 'lines[1].taxes_attributes[0].category',
      },
      {
        rule: 'en16931.write.vat-rate',
        code: 'parameter_invalid',
        param: 'lines[2].taxes_attributes[0].percent',
      },
      {
        rule: 'en16931.write.classification-scheme',
        code: 'parameter_blank',
        param: 'lines[3].classification_code_scheme',
      },
      {
        rule: 'en16931.write.classification-scheme',
        code: 'parameter_inclusion',
        param: 'lines[4].classification_code_scheme',
      },
      {
        rule: 'en16931.write.reason-code',
        code: 'parameter_inclusion',
        param: 'lines[5].allowance_charges_attributes[0].reason_code',
      },
    ]);
  });

  it('refuses a document entry with a reason code of the wrong list', async () => {
    const invoice = {
      allowance_charges_attributes: [
        {
          allowance_charge_indicator: 'charge',
          amount: '3.00',
          reason_code: '95',
          tax_attributes: { category: 'S', percent: '21' },
        },
      ],
    };
    expect(await refusalsOf(simple(invoice))).toEqual([
      {
        rule: 'en16931.write.reason-code',
        code: 'parameter_inclusion',
        param: 'allowance_charges_attributes[0].reason_code',
      },
    ]);
  });

  it('refuses a line whose net Peppol R120 would recompute otherwise (a yen price with decimals)', async () => {
    // 3 × 10.5 JPY = 31.5, printed 32: half a yen from what R120 recomputes, past its 0.02.
    expect(
      await refusalsOf(simple({ currency: 'JPY', invoice_lines_attributes: [line('3', '10.5')] })),
    ).toEqual([{ rule: 'en16931.write.line-net', code: 'parameter_invalid', param: 'lines[0]' }]);
  });

  it('refuses VAT summed per line past BR-CO-17 tolerance', async () => {
    // 200 lines of 0.10 at 5 %: each line's tax 0.005 → 0.01, Σ 2.00 against 20.00 × 5 % = 1.00.
    const lines = Array.from({ length: 200 }, () =>
      line('1', '0.10', [{ name: 'IVA', category: 'S', percent: '5' }]),
    );
    expect(
      await refusalsOf(
        simple({ invoice_lines_attributes: lines }, { ...SPANISH_SELLER, apply_taxes_per_line: true }),
      ),
    ).toEqual([
      {
        rule: 'en16931.write.vat-rounding',
        code: 'parameter_invalid',
        param: 'account.apply_taxes_per_line',
      },
    ]);
  });

  it('refuses a transfer without an IBAN (BR-61)', async () => {
    expect(await refusalsOf(simple({ payment_method: 'transfer' }))).toEqual([
      { rule: 'en16931.write.payment-account', code: 'parameter_blank', param: 'bank_account.iban' },
    ]);
  });

  it('refuses an invoice without buyer', async () => {
    expect(
      await refusalsOf(simple({ type: 'IssuedSimplifiedInvoice' }, SPANISH_SELLER, null), 'en16931'),
    ).toEqual([{ rule: 'en16931.write.buyer', code: 'parameter_blank', param: 'contact_id' }]);
  });
});

describe('prerequisites', () => {
  const rule = (issues: { rule: string }[]) => issues.map((issue) => issue.rule);

  it('has one row per rule id, each naming the official rules it pre-empts', () => {
    const ids = PREREQUISITES.map((row) => row.rule);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of PREREQUISITES) expect(row.preempts.length, row.rule).toBeGreaterThan(0);
  });

  it('asks Peppol for a buyer reference or an order reference (PEPPOL-EN16931-R003)', async () => {
    expect(await refusalsOf(simple({ buyer_reference: null }))).toEqual([
      { rule: 'en16931.write.buyer-reference', code: 'parameter_blank', param: 'buyer_reference' },
    ]);
    expect(await refusalsOf(simple({ buyer_reference: null, ponumber: 'PO-1' }))).toEqual([]);
    expect(await refusalsOf(simple({ buyer_reference: null }), 'en16931')).toEqual([]);
  });

  it('asks Peppol and XRechnung for both electronic addresses (R010, R020)', async () => {
    const anonymous = { ...SPANISH_BUYER, tin_scheme: null, tin_value: 'A58818501' };
    expect(await refusalsOf(simple({}, SPANISH_SELLER, anonymous))).toEqual([
      { rule: 'en16931.write.buyer-endpoint', code: 'parameter_blank', param: 'contact.cin_scheme' },
    ]);
    const seller = {
      ...SPANISH_SELLER,
      tin_scheme: null,
      tin_value: 'B12345674',
      cin_scheme: '0088',
      cin_value: '5790000435975',
    };
    expect(
      rule(await refusalsOf(simple({}, { ...seller, cin_scheme: '8037', cin_value: '0000099999' }))),
    ).toEqual(['en16931.write.seller-endpoint']);
    expect(await refusalsOf(simple({}, seller))).toEqual([]);
  });

  it('refuses a Peppol participant whose scheme is not an EAS code of the specification', async () => {
    const source = await sourceOf({ ...simple({}), seller_endpoint: { scheme: '0244', id: '12345' } });
    expect(rule(await refusalsOf(source, 'peppol-bis3'))).toEqual(['en16931.write.seller-endpoint-scheme']);
    expect(await refusalsOf(source, 'en16931')).toEqual([]);
  });

  it('asks for the seller identifiers BR-CO-26 and each VAT category need', async () => {
    const noId = { ...SPANISH_SELLER, tin_scheme: null, tin_value: 'B12345674' };
    expect(rule(await refusalsOf(simple({}, noId), 'en16931'))).toEqual(['en16931.write.seller-identifier']);
    const noTin = {
      ...SPANISH_SELLER,
      tin_scheme: null,
      tin_value: null,
      cin_scheme: '0088',
      cin_value: '5790000435975',
    };
    expect(rule(await refusalsOf(simple({}, noTin), 'en16931'))).toEqual(['en16931.write.seller-tax-id']);
    const g = simple(
      { invoice_lines_attributes: [line('1', '10.00', [{ name: 'IVA', category: 'G', percent: '0' }])] },
      { ...noTin },
    );
    expect(rule(await refusalsOf(g, 'en16931'))).toEqual(['en16931.write.seller-vat-id']);
  });

  it('asks an intra-community supply for the buyer VAT number and the supply date (BR-IC-02, BR-IC-11)', async () => {
    const k = [line('1', '10.00', [{ name: 'IVA', category: 'K', percent: '0' }])];
    const buyer = { ...FRENCH_BUYER, tin_scheme: '0009', tin_value: '73282932000074' };
    expect(
      await refusalsOf(simple({ invoice_lines_attributes: k }, SPANISH_SELLER, buyer), 'en16931'),
    ).toEqual([
      { rule: 'en16931.write.buyer-vat-id', code: 'parameter_invalid', param: 'contact.tin_scheme' },
      { rule: 'en16931.write.supply-date', code: 'parameter_blank', param: 'tax_point_date' },
    ]);
  });

  it("asks reverse charge for the buyer's VAT number or legal registration (BR-AE-02)", async () => {
    const ae = [line('1', '10.00', [{ name: 'IVA', category: 'AE', percent: '0' }])];
    const buyer = { ...GERMAN_BUYER, tin_scheme: null, tin_value: null };
    expect(
      rule(await refusalsOf(simple({ invoice_lines_attributes: ae }, SPANISH_SELLER, buyer), 'en16931')),
    ).toEqual(['en16931.write.buyer-reverse-charge-id']);
    expect(
      await refusalsOf(
        simple({ invoice_lines_attributes: ae }, SPANISH_SELLER, {
          ...buyer,
          cin_scheme: '0204',
          cin_value: '991-12345-06',
        }),
        'en16931',
      ),
    ).toEqual([]);
  });

  it('asks XRechnung for the Leitweg-ID, payment instructions, the seller contact and both addresses', async () => {
    const seller = { ...GERMAN_SELLER, phone: null, email: null, city: null, postalcode: null };
    const buyer = { ...GERMAN_BUYER, city: null, postalcode: null };
    const issues = await refusalsOf(simple({ buyer_reference: null }, seller, buyer), 'xrechnung-3.0');
    expect(issues.map((issue) => `${issue.rule} ${issue.param}`)).toEqual([
      'en16931.write.leitweg-id buyer_reference',
      'en16931.write.payment-instructions payment_method',
      'en16931.write.seller-phone account.phone',
      'en16931.write.seller-email account.email',
      'en16931.write.seller-city account.city',
      'en16931.write.seller-post-code account.postalcode',
      'en16931.write.buyer-city contact.city',
      'en16931.write.buyer-post-code contact.postalcode',
    ]);
    // Peppol runs the same rules (DE-R) between two German parties, and only then.
    expect(rule(await refusalsOf(simple({}, seller, buyer), 'peppol-bis3'))).toContain(
      'en16931.write.seller-phone',
    );
    expect(rule(await refusalsOf(simple({}, seller, BELGIAN_BUYER), 'peppol-bis3'))).toEqual([]);
  });

  it('refuses a direct debit on Peppol (no mandate, R061) and a card on XRechnung (no card, BR-DE-24-a)', async () => {
    const iban = { iban: 'DE89370400440532013000' };
    expect(
      rule(await refusalsOf(simple({ payment_method: 'direct_debit', bank_account: iban }), 'peppol-bis3')),
    ).toEqual(['en16931.write.direct-debit']);
    expect(
      await refusalsOf(simple({ payment_method: 'direct_debit', bank_account: iban }), 'en16931'),
    ).toEqual([]);
    expect(
      rule(
        await refusalsOf(simple({ payment_method: 'card' }, GERMAN_SELLER, GERMAN_BUYER), 'xrechnung-3.0'),
      ),
    ).toEqual(['en16931.write.payment-card']);
  });

  it('asks a Dutch supplier on Peppol for its address, registration scheme and payment means (NL-R)', async () => {
    const dutch = {
      name: 'Delft BV',
      country: 'NL',
      tin_scheme: '9944',
      tin_value: 'NL123456789B01',
      cin_scheme: '0088',
      cin_value: '5790000435975',
    };
    expect(rule(await refusalsOf(simple({}, dutch, BELGIAN_BUYER), 'peppol-bis3'))).toEqual([
      'en16931.write.nl-seller-address',
      'en16931.write.nl-seller-registration',
      'en16931.write.nl-payment-means',
    ]);
  });

  it('lets every handwritten case through every specification it is meant for', async () => {
    for (const [name, given] of Object.entries(CASES)) expect(await refusalsOf(given), name).toEqual([]);
    expect(await refusalsOf(CASES.xrechnung as Case, 'xrechnung-3.0')).toEqual([]);
  });
});
