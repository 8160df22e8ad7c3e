/**
 * Facturae 3.2.2 written from stored invoices (issue #22 "Facturae 3.2.2"): every case of the issue's
 * list — one rate, several rates, IRPF, recargo de equivalencia, document allowances and charges, line
 * discounts, base quantities, suplidos, payments on account, a corrective with its correction method, a
 * foreign currency, a public-administration buyer with its four centres, an EU buyer, exempt,
 * intra-community, reverse-charge and not-subject lines — is judged by the official Facturae 3.2.2 XSD
 * and fiscalkit's 21 Facturae rules (`judgeDocument`) with zero fatal findings, and reads back
 * (`readFacturae`) into an invoice that, created again in a fresh account, writes the same document.
 */
import { describe, expect, it } from 'vitest';
import { readFacturae } from '../../../src/einvoice/facturae/read/readFacturae.js';
import { writeFacturae } from '../../../src/einvoice/facturae/write/writeFacturae.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import {
  FacturaeWorld,
  FRENCH_BUYER,
  importParties,
  line,
  PERSON_BUYER,
  PUBLIC_BUYER,
  SPANISH_BUYER,
  SPANISH_SELLER,
} from './facturaeWorld.js';

if (!HAS_JUDGE) console.warn(JUDGE_SKIPPED);

type Body = Record<string, unknown>;

/** The document of a stored invoice (fails the test with the issues when there is none). */
function written(source: EInvoiceSource): string {
  const xml = writeFacturae(source);
  if (!xml.success) throw new Error(`writeFacturae refused: ${JSON.stringify(xml.issues, null, 1)}`);
  return xml.data;
}

/** Write → read → create in a fresh account → write: the second document. */
async function roundTrip(xml: string): Promise<string> {
  const read = readFacturae(xml);
  if (!read.success) throw new Error(`readFacturae refused: ${JSON.stringify(read.issues, null, 1)}`);
  const parties = importParties(read.data);
  const fresh = await FacturaeWorld.create(parties.account);
  const contact = await fresh.contact(parties.contact);
  return written(await fresh.source(contact, read.data.invoice as Body));
}

/** The text of the first element `name` of a document. */
function first(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

/** Every text of the elements `name`. */
function all(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => match[1] ?? '');
}

interface Case {
  readonly name: string;
  readonly seller?: Body;
  readonly buyer?: Body;
  readonly invoice: Body;
  /** What the document must say. */
  readonly check: (xml: string) => void;
}

const IRPF = { name: 'IRPF', percent: '-15' };
const IVA21 = { name: 'IVA', percent: '21' };
const IVA10 = { name: 'IVA', percent: '10' };

const CASES: readonly Case[] = [
  {
    name: 'plain 21 % VAT',
    invoice: { invoice_lines_attributes: [line('10', '45.50'), line('1', '120.00')] },
    check: (xml) => {
      expect(
        xml.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<fe:Facturae xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:fe="http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml">',
        ),
      ).toBe(true);
      expect(first(xml, 'SchemaVersion')).toBe('3.2.2');
      expect(first(xml, 'InvoiceClass')).toBe('OO');
      expect(all(xml, 'TaxRate')).toEqual(['21.00', '21.00', '21.00']);
      expect(first(xml, 'InvoiceTotal')).toBe('695.75');
      expect(first(xml, 'BatchIdentifier')).toBe('B76543214F-2026-001');
      expect(xml).not.toContain('ds:Signature');
    },
  },
  {
    name: 'several VAT rates',
    invoice: {
      invoice_lines_attributes: [
        line('3', '19.99'),
        line('2', '7.35', [IVA10]),
        line('1', '4.10', [{ name: 'IVA', percent: '4' }]),
      ],
    },
    check: (xml) => {
      expect(all(xml, 'TotalAmount').slice(3, 9)).toEqual([
        '59.97',
        '12.59',
        '14.70',
        '1.47',
        '4.10',
        '0.16',
      ]);
      expect(first(xml, 'TotalTaxOutputs')).toBe('14.22');
    },
  },
  {
    name: 'IRPF withholding',
    invoice: { invoice_lines_attributes: [line('20', '200', [IVA21, IRPF]), line('1', '35', [IVA10])] },
    check: (xml) => {
      expect(xml).toMatch(
        /<TaxesWithheld>\s*<Tax>\s*<TaxTypeCode>04<\/TaxTypeCode>\s*<TaxRate>15.00<\/TaxRate>\s*<TaxableBase>\s*<TotalAmount>4000.00</,
      );
      expect(first(xml, 'TotalTaxesWithheld')).toBe('600.00');
      expect(first(xml, 'InvoiceTotal')).toBe('4278.50');
    },
  },
  {
    name: 'recargo de equivalencia in its VAT rate',
    invoice: {
      invoice_lines_attributes: [
        line('4', '12.50', [IVA21, { name: 'RE', percent: '5.2', kind: 'surcharge' }]),
        line('10', '3.20', [IVA10, { name: 'RE', percent: '1.4', kind: 'surcharge' }]),
      ],
    },
    check: (xml) => {
      expect(all(xml, 'EquivalenceSurcharge')).toEqual(['5.20', '1.40', '5.20', '1.40']);
      expect(xml).toMatch(
        /<EquivalenceSurcharge>5.20<\/EquivalenceSurcharge>\s*<EquivalenceSurchargeAmount>\s*<TotalAmount>2.60</,
      );
      expect(first(xml, 'TotalTaxOutputs')).toBe('16.75');
    },
  },
  {
    name: 'recargo on some lines of a rate only: one Tax per surcharge, the VAT shares adding up',
    invoice: {
      invoice_lines_attributes: [
        line('3', '33.33', [IVA21, { name: 'RE', percent: '5.2', kind: 'surcharge' }]),
        line('7', '1.99', [IVA21]),
        line('1', '0.05', [IVA21]),
      ],
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'allowance', amount: '3.33', reason: 'Rappel' },
      ],
    },
    check: (xml) => {
      const taxes = /<TaxesOutputs>([\s\S]*?)<\/TaxesOutputs>/.exec(xml)?.[1] ?? '';
      expect(all(taxes, 'TaxRate')).toEqual(['21.00', '21.00']);
      expect(all(taxes, 'EquivalenceSurcharge')).toEqual(['5.20']);
      // The group: base 99.99 + 13.93 + 0.05 − 3.33 = 110.64, VAT 23.23, split by the allocated shares.
      const bases = all(taxes, 'TotalAmount');
      expect(bases).toHaveLength(5);
      expect(Number(bases[0]) + Number(bases[3])).toBeCloseTo(110.64, 2);
      expect(Number(bases[1]) + Number(bases[4])).toBeCloseTo(23.23, 2);
    },
  },
  {
    name: 'document allowances and charges (spread and on one rate)',
    invoice: {
      invoice_lines_attributes: [line('10', '100'), line('5', '20', [IVA10])],
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'allowance', percentage: '5', reason: 'Pronto pago' },
        {
          allowance_charge_indicator: 'charge',
          amount: '12.00',
          reason: 'Portes',
          taxes_attributes: [IVA21],
        },
      ],
    },
    check: (xml) => {
      expect(xml).toMatch(
        /<GeneralDiscounts>\s*<Discount>\s*<DiscountReason>Pronto pago<\/DiscountReason>\s*<DiscountRate>5.00<\/DiscountRate>\s*<DiscountAmount>55.00</,
      );
      expect(xml).toMatch(
        /<GeneralSurcharges>\s*<Charge>\s*<ChargeReason>Portes<\/ChargeReason>\s*<ChargeAmount>12.00</,
      );
      expect(first(xml, 'TotalGrossAmountBeforeTaxes')).toBe('1057.00');
    },
  },
  {
    name: 'a percentage discount on one rate of several, read back as that rate',
    invoice: {
      invoice_lines_attributes: [line('4', '250'), line('10', '9.95', [IVA10])],
      allowance_charges_attributes: [
        {
          allowance_charge_indicator: 'allowance',
          percentage: '3',
          reason: 'Rappel',
          taxes_attributes: [IVA21],
        },
      ],
    },
    check: (xml) => {
      expect(xml).toMatch(/<DiscountRate>3.00<\/DiscountRate>\s*<DiscountAmount>32.99</);
      // 3 % of the lines' total (1099.50), all of it on the 21 % base: 1000 − 32.99.
      expect(all(xml, 'TotalAmount').slice(3, 5)).toEqual(['967.01', '203.07']);
    },
  },
  {
    name: 'line discounts and charges',
    invoice: {
      invoice_lines_attributes: [
        line('3', '10.005', [IVA21], {
          allowance_charges_attributes: [
            { allowance_charge_indicator: 'allowance', percentage: '10', reason: 'Oferta' },
          ],
        }),
        line('2', '50', [IVA21], {
          allowance_charges_attributes: [
            { allowance_charge_indicator: 'allowance', amount: '5' },
            { allowance_charge_indicator: 'charge', amount: '2.50', reason: 'Embalaje' },
          ],
        }),
      ],
    },
    check: (xml) => {
      expect(all(xml, 'TotalCost')).toEqual(['30.02', '100.00']);
      expect(all(xml, 'DiscountAmount')).toEqual(['3.00', '5.00']);
      expect(all(xml, 'GrossAmount')).toEqual(['27.02', '97.50']);
      expect(all(xml, 'DiscountReason')).toEqual(['Oferta', 'Descuento']);
    },
  },
  {
    name: 'base quantity: the price of one unit',
    invoice: { invoice_lines_attributes: [line('7', '10.00', [IVA21], { base_quantity: '3' })] },
    check: (xml) => {
      expect(first(xml, 'UnitPriceWithoutTax')).toBe('3.33333333');
      expect(first(xml, 'TotalCost')).toBe('23.33');
    },
  },
  {
    name: 'suplidos (reimbursable expenses) after the invoice total',
    invoice: {
      invoice_lines_attributes: [line('1', '300')],
      allowance_charges_attributes: [
        {
          allowance_charge_indicator: 'charge',
          amount: '45.60',
          is_reimbursable_expense: true,
          reason: 'Tasas registro',
        },
      ],
    },
    check: (xml) => {
      expect(first(xml, 'InvoiceTotal')).toBe('363.00');
      expect(first(xml, 'ReimbursableExpensesAmount')).toBe('45.60');
      expect(first(xml, 'TotalReimbursableExpenses')).toBe('45.60');
      expect(all(xml, 'TotalExecutableAmount')).toEqual(['408.60']);
      expect(xml).not.toContain('<GeneralSurcharges>');
    },
  },
  {
    name: 'payments on account',
    invoice: {
      invoice_lines_attributes: [line('1', '1000')],
      payments_on_account: [
        { date: '2026-03-01', amount: '300' },
        { date: '2026-04-01', amount: '200.50' },
      ],
    },
    check: (xml) => {
      expect(all(xml, 'PaymentOnAccountAmount')).toEqual(['300.00', '200.50']);
      expect(first(xml, 'TotalPaymentsOnAccount')).toBe('500.50');
      expect(all(xml, 'TotalOutstandingAmount')).toEqual(['709.50']);
    },
  },
  {
    name: 'credit note correcting an invoice by differences',
    invoice: {
      number: 'R-2026-001',
      is_credit_note: true,
      invoice_lines_attributes: [line('-2', '101')],
      invoice_references: [
        {
          reference_type: 'amend',
          number: 'F-2026-001',
          date: '2026-03-15',
          reason: 'Devolución de dos unidades',
          correction_method: '02',
          tax_correction_code: '10',
        },
      ],
    },
    check: (xml) => {
      expect(first(xml, 'InvoiceClass')).toBe('OR');
      expect(xml).toMatch(
        /<Corrective>\s*<InvoiceNumber>F-2026-001<\/InvoiceNumber>\s*<ReasonCode>10<\/ReasonCode>\s*<ReasonDescription>Detalle Operación<\/ReasonDescription>\s*<TaxPeriod>\s*<StartDate>2026-03-15<\/StartDate>\s*<EndDate>2026-03-15<\/EndDate>/,
      );
      expect(first(xml, 'CorrectionMethodDescription')).toBe('Rectificación por diferencias');
      expect(first(xml, 'InvoiceTotal')).toBe('-244.42');
    },
  },
  {
    name: 'corrective invoice in full (method 01, default reason 16)',
    invoice: {
      number: 'R-2026-002',
      invoice_lines_attributes: [line('1', '80')],
      invoice_references: [
        {
          reference_type: 'amend',
          number: 'F-2026-009',
          date: '2026-02-01',
          invoicing_period_start: '2026-01-01',
          invoicing_period_end: '2026-01-31',
        },
      ],
    },
    check: (xml) => {
      expect(first(xml, 'ReasonCode')).toBe('16');
      expect(first(xml, 'CorrectionMethod')).toBe('01');
      expect(first(xml, 'StartDate')).toBe('2026-01-01');
      expect(first(xml, 'InvoiceIssueDate')).toBe('2026-02-01');
    },
  },
  {
    name: 'foreign currency with its rate to EUR',
    invoice: {
      currency: 'USD',
      exchange_rate: '0.9250',
      exchange_date: '2026-04-19',
      invoice_lines_attributes: [line('3', '333.33'), line('1', '12', [IVA10, IRPF])],
    },
    check: (xml) => {
      expect(all(xml, 'InvoiceCurrencyCode')).toEqual(['USD', 'USD']);
      expect(first(xml, 'TaxCurrencyCode')).toBe('EUR');
      expect(xml).toMatch(
        /<ExchangeRateDetails>\s*<ExchangeRate>0.925<\/ExchangeRate>\s*<ExchangeRateDate>2026-04-19</,
      );
      expect(xml).toMatch(
        /<TaxableBase>\s*<TotalAmount>999.99<\/TotalAmount>\s*<EquivalentInEuros>924.99<\/EquivalentInEuros>/,
      );
      expect(all(xml, 'EquivalentInEuros').length).toBeGreaterThanOrEqual(9);
    },
  },
  {
    name: 'public administration buyer with its four DIR3 centres',
    buyer: PUBLIC_BUYER,
    invoice: {
      accounting_unit: 'L01280796',
      managing_unit: 'LA0007407',
      processing_unit: 'LA0007408',
      proponent_unit: 'LA0007409',
      file_reference: 'EXP-2026/0042',
      contract_number: 'CTR-77',
      ponumber: 'PED-991',
      invoice_lines_attributes: [line('20', '200')],
      due_date: '2026-05-20',
      payment_method: 'transfer',
      bank_account: { iban: 'ES25 0188 2570 7185 4470 4761' },
    },
    check: (xml) => {
      expect(all(xml, 'CentreCode')).toEqual(['L01280796', 'LA0007407', 'LA0007408', 'LA0007409']);
      expect(all(xml, 'RoleTypeCode')).toEqual(['01', '02', '03', '04']);
      expect(first(xml, 'FileReference')).toBe('EXP-2026/0042');
      expect(first(xml, 'ReceiverContractReference')).toBe('CTR-77');
      expect(first(xml, 'ReceiverTransactionReference')).toBe('PED-991');
      expect(first(xml, 'IBAN')).toBe('ES2501882570718544704761');
      expect(first(xml, 'PaymentMeans')).toBe('04');
    },
  },
  {
    name: 'EU buyer: VAT number with its prefix, overseas address, intra-community supply',
    buyer: FRENCH_BUYER,
    invoice: { invoice_lines_attributes: [line('5', '80', [{ name: 'IVA', percent: '0', category: 'K' }])] },
    check: (xml) => {
      expect(xml).toMatch(
        /<ResidenceTypeCode>U<\/ResidenceTypeCode>\s*<TaxIdentificationNumber>FR44732829320</,
      );
      expect(xml).toMatch(
        /<OverseasAddress>\s*<Address>Rue de la Paix 42<\/Address>\s*<PostCodeAndTown>75002 Paris<\/PostCodeAndTown>\s*<Province>Paris<\/Province>\s*<CountryCode>FRA</,
      );
      expect(first(xml, 'SpecialTaxableEventCode')).toBe('01');
      expect(first(xml, 'SpecialTaxableEventReason')).toContain('artículo 25');
    },
  },
  {
    name: 'exempt, reverse-charge and not-subject lines beside a taxed one',
    invoice: {
      invoice_lines_attributes: [
        line('1', '100'),
        line('1', '250', [{ name: 'IVA', percent: '0', category: 'E' }]),
        line('1', '900', [{ name: 'IVA', percent: '0', category: 'AE' }]),
        line('1', '40', [{ name: 'IVA', percent: '0', category: 'O' }]),
      ],
    },
    check: (xml) => {
      expect(all(xml, 'SpecialTaxableEventCode')).toEqual(['01', '02']);
      expect(first(xml, 'LegalReference')).toContain('Inversión del sujeto pasivo');
      expect(all(xml, 'TaxRate').slice(0, 4)).toEqual(['21.00', '0.00', '0.00', '0.00']);
    },
  },
  {
    name: 'natural person buyer: Individual with name and surnames',
    buyer: PERSON_BUYER,
    invoice: {
      invoice_lines_attributes: [line('1', '60')],
      notes: 'Gracias por su confianza.',
      extra_info: 'Reparación',
    },
    check: (xml) => {
      expect(xml).toMatch(/<PersonTypeCode>F<\/PersonTypeCode>/);
      expect(xml).toMatch(
        /<Individual>\s*<Name>María José<\/Name>\s*<FirstSurname>García<\/FirstSurname>\s*<SecondSurname>López<\/SecondSurname>/,
      );
      expect(first(xml, 'Province')).toBe('Madrid');
      expect(first(xml, 'InvoiceAdditionalInformation')).toBe('Gracias por su confianza.');
      expect(first(xml, 'InvoiceDescription')).toBe('Reparación');
    },
  },
  {
    name: 'an account that rounds taxes per line',
    seller: { ...SPANISH_SELLER, apply_taxes_per_line: true },
    invoice: { invoice_lines_attributes: [line('1', '6097.74'), line('1', '6097.74')] },
    check: (xml) => {
      expect(all(xml, 'TotalAmount').slice(3, 5)).toEqual(['12195.48', '2561.06']);
    },
  },
];

describe('writeFacturae: the issue’s cases, judged and read back', () => {
  for (const scenario of CASES) {
    it.skipIf(!HAS_JUDGE)(scenario.name, async () => {
      const world = await FacturaeWorld.create(scenario.seller);
      const contact = await world.contact(scenario.buyer ?? SPANISH_BUYER);
      const xml = written(await world.source(contact, scenario.invoice));
      scenario.check(xml);
      expect(fatalFindings(await judgeDocument(xml))).toEqual([]);
      expect(await roundTrip(xml)).toBe(xml);
    });
  }
});
