/**
 * The UBL 2.1 writer (issue #22, src/einvoice/ubl): every hand-built fixture — every VAT category,
 * allowances and charges, base quantity, credit notes, foreign currency, preceding invoices, IBAN, BIC
 * and OGM — written as Peppol BIS 3 and as XRechnung 3.0 is judged by the official validator (UBL 2.1
 * XSD, EN 16931, Peppol or XRechnung schematron) with zero fatal findings; and the binding choices that
 * the rules do not pin down (credit note root, BT-111, the price discount, the `NA` order reference, a
 * credit note's due date) are asserted directly.
 */
import { describe, expect, it } from 'vitest';
import type { En16931Invoice } from '../../../src/einvoice/semantic/en16931Invoice.js';
import { CUSTOMIZATION_IDS, ublSpecificationOf } from '../../../src/einvoice/ubl/specification.js';
import { priceDiscount } from '../../../src/einvoice/ubl/values.js';
import { isUblCreditNote, type UblSpecification, writeUbl } from '../../../src/einvoice/ubl/writeUbl.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import {
  CREDIT_NOTE,
  CREDIT_NOTE_DUE_DATE_ONLY,
  FOREIGN_CURRENCY,
  INTRA_COMMUNITY,
  INTRA_COMMUNITY_COUNTRY_ONLY,
  NOT_SUBJECT,
  STANDARD,
  thousandLines,
  UBL_FIXTURES,
  XRECHNUNG_INVALID,
} from './fixtures.js';

const SPECIFICATIONS: readonly UblSpecification[] = ['peppol-bis3', 'xrechnung-3.0'];

/** The document without the white space between elements, for assertions about structure. */
function compact(xml: string): string {
  return xml.replace(/>\s+</g, '><');
}

/** The text between `<name …>` and `</name>` of every occurrence. */
function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

describe('writeUbl: the official rules', () => {
  if (!HAS_JUDGE) {
    it.skip(JUDGE_SKIPPED, () => undefined);
    return;
  }
  for (const [name, invoice] of Object.entries(UBL_FIXTURES))
    for (const specification of SPECIFICATIONS)
      it(`${name} as ${specification}: judged by the official rules, zero fatal findings`, async () => {
        const verdict = await judgeDocument(writeUbl(invoice, specification));
        const expected = specification === 'xrechnung-3.0' ? XRECHNUNG_INVALID[name] : undefined;
        if (expected !== undefined) {
          // Not valid XRechnung, for the reason the fixture states, and for nothing else.
          expect(
            verdict.findings.filter((finding) => finding.severity === 'fatal').map((finding) => finding.rule),
          ).toEqual(expected);
          return;
        }
        expect(fatalFindings(verdict), fatalFindings(verdict).join('\n')).toEqual([]);
        expect(verdict.specification).toBe(CUSTOMIZATION_IDS[specification]);
        expect(verdict.ruleSets.map((set) => set.status)).not.toContain('unavailable');
        expect(verdict.outcome).toBe('valid');
      });

  it('the 1,000-line invoice as Peppol BIS 3: zero fatal findings', async () => {
    const verdict = await judgeDocument(writeUbl(thousandLines(), 'peppol-bis3'));
    expect(fatalFindings(verdict), fatalFindings(verdict).join('\n')).toEqual([]);
  });

  it('catches a broken sum in a written document (the judge is not blind)', async () => {
    const broken = writeUbl(
      { ...STANDARD, totals: { ...STANDARD.totals, payable: '259.16' } },
      'peppol-bis3',
    );
    expect(fatalFindings(await judgeDocument(broken)).some((finding) => finding.startsWith('BR-CO-16'))).toBe(
      true,
    );
  });
});

describe('writeUbl: the binding', () => {
  it('writes an Invoice with the specification identifier and Peppol billing process', () => {
    for (const specification of SPECIFICATIONS) {
      const xml = writeUbl(STANDARD, specification);
      expect(
        xml.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
        ),
      ).toBe(true);
      expect(values(xml, 'cbc:CustomizationID')).toEqual([CUSTOMIZATION_IDS[specification]]);
      expect(ublSpecificationOf(values(xml, 'cbc:CustomizationID')[0])).toBe(specification);
      expect(values(xml, 'cbc:ProfileID')).toEqual(['urn:fdc:peppol.eu:2017:poacc:billing:01:1.0']);
      expect(values(xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
      expect(xml).not.toContain('CreditNote');
    }
  });

  it('writes a CreditNote for 381, 396, 81, 83 and 532, with CreditNoteTypeCode, CreditNoteLine and CreditedQuantity', () => {
    for (const code of ['381', '396', '81', '83', '532']) {
      const xml = writeUbl({ ...CREDIT_NOTE, type_code: code }, 'peppol-bis3');
      expect(isUblCreditNote({ type_code: code })).toBe(true);
      expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
      expect(values(xml, 'cbc:CreditNoteTypeCode')).toEqual([code]);
      expect(xml).toContain('<cac:CreditNoteLine>');
      expect(xml).toContain('<cbc:CreditedQuantity unitCode="C62">1</cbc:CreditedQuantity>');
      expect(xml).not.toContain('InvoiceLine');
      expect(xml).not.toContain('<cbc:DueDate>');
    }
    for (const code of ['380', '384', '386', '389']) expect(isUblCreditNote({ type_code: code })).toBe(false);
  });

  it("puts a credit note's due date on its payment means, or on a code 1 payment means when it has none", () => {
    expect(values(writeUbl(CREDIT_NOTE, 'peppol-bis3'), 'cbc:PaymentDueDate')).toEqual(['2025-04-13']);
    const xml = writeUbl(CREDIT_NOTE_DUE_DATE_ONLY, 'peppol-bis3');
    expect(values(xml, 'cbc:PaymentMeansCode')).toEqual(['1']);
    expect(values(xml, 'cbc:PaymentDueDate')).toEqual(['2025-04-13']);
    const without = writeUbl({ ...CREDIT_NOTE_DUE_DATE_ONLY, due_date: undefined }, 'peppol-bis3');
    expect(without).not.toContain('PaymentMeans');
  });

  it('writes BT-111 as a second TaxTotal in the tax currency, with only its TaxAmount', () => {
    const xml = writeUbl(FOREIGN_CURRENCY, 'peppol-bis3');
    expect(values(xml, 'cbc:TaxCurrencyCode')).toEqual(['EUR']);
    const totals = xml.split('<cac:TaxTotal>').slice(1);
    expect(totals).toHaveLength(2);
    expect(totals[1]).toMatch(
      /^\s*<cbc:TaxAmount currencyID="EUR">189\.00<\/cbc:TaxAmount>\s*<\/cac:TaxTotal>/,
    );
    // Every other amount in the invoice currency (PEPPOL-EN16931-R051).
    const currencies = [...xml.matchAll(/currencyID="([A-Z]{3})"/g)].map((match) => match[1]);
    expect(currencies.filter((currency) => currency === 'EUR')).toHaveLength(1);
    expect(currencies.filter((currency) => currency === 'USD').length).toBeGreaterThan(5);
  });

  it('writes one PaymentMeans per account with the OGM, the means text on the first only (UBL-SR-46)', () => {
    const xml = writeUbl(STANDARD, 'peppol-bis3');
    expect(values(xml, 'cbc:PaymentMeansCode')).toEqual(['58', '58']);
    expect(xml.match(/name="SEPA credit transfer"/g)).toHaveLength(1);
    expect(values(xml, 'cbc:PaymentID')).toEqual(['+++120/2500/01738+++', '+++120/2500/01738+++']);
    expect(compact(xml)).toContain(
      '<cac:PayeeFinancialAccount><cbc:ID>BE71096123456769</cbc:ID><cbc:Name>Atelier Lumière BV</cbc:Name><cac:FinancialInstitutionBranch><cbc:ID>GKCCBEBB</cbc:ID>',
    );
  });

  it('writes the price discount as gross − net, and the base quantity in the line unit', () => {
    const xml = writeUbl(STANDARD, 'peppol-bis3');
    expect(compact(xml)).toContain(
      '<cac:Price><cbc:PriceAmount currencyID="EUR">9.50</cbc:PriceAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.50</cbc:Amount><cbc:BaseAmount currencyID="EUR">10.00</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>',
    );
    expect(xml).toContain('<cbc:BaseQuantity unitCode="HUR">2</cbc:BaseQuantity>');
    expect(priceDiscount('12.5', '10.125')).toBe('2.375');
    expect(priceDiscount('10', '10.00')).toBe('0.00');
    expect(priceDiscount('-1', '2')).toBe('-3');
  });

  it('writes the deliver-to country alone as an address of that country, and refuses a contradiction', () => {
    const xml = compact(writeUbl(INTRA_COMMUNITY_COUNTRY_ONLY, 'peppol-bis3'));
    expect(xml).toContain(
      '<cac:Delivery><cbc:ActualDeliveryDate>2025-03-12</cbc:ActualDeliveryDate><cac:DeliveryLocation><cac:Address><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>',
    );
    const same = { ...INTRA_COMMUNITY, delivery_country: 'DE' };
    expect(writeUbl(same, 'peppol-bis3')).toBe(writeUbl(INTRA_COMMUNITY, 'peppol-bis3'));
    expect(() => writeUbl({ ...INTRA_COMMUNITY, delivery_country: 'FR' }, 'peppol-bis3')).toThrow(TypeError);
  });

  it('writes NA as the purchase order of a sales-order-only invoice', () => {
    const xml = writeUbl({ ...STANDARD, purchase_order_reference: undefined }, 'peppol-bis3');
    expect(compact(xml)).toContain(
      '<cac:OrderReference><cbc:ID>NA</cbc:ID><cbc:SalesOrderID>SO-9981</cbc:SalesOrderID></cac:OrderReference>',
    );
  });

  it('writes the seller tax registration under TAX for Peppol and FC for XRechnung', () => {
    const seller = { ...STANDARD.seller, tax_registration: '0202.239.951' };
    const invoice: En16931Invoice = {
      ...STANDARD,
      seller,
      buyer: { ...STANDARD.buyer, tax_registration: 'X' },
    };
    const peppol = writeUbl(invoice, 'peppol-bis3');
    const xrechnung = writeUbl(invoice, 'xrechnung-3.0');
    expect(compact(peppol)).toContain(
      '<cbc:CompanyID>0202.239.951</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID>',
    );
    expect(compact(xrechnung)).toContain(
      '<cbc:CompanyID>0202.239.951</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID>',
    );
    // EN 16931 has no buyer tax registration.
    expect(peppol).not.toContain('<cbc:CompanyID>X</cbc:CompanyID>');
  });

  it('writes no rate for O in Peppol, and 0 in XRechnung (BR-DE-14)', () => {
    const subtotal = (xml: string) =>
      xml.slice(xml.indexOf('<cac:TaxSubtotal>'), xml.indexOf('</cac:TaxSubtotal>'));
    expect(subtotal(writeUbl(NOT_SUBJECT, 'peppol-bis3'))).not.toContain('cbc:Percent');
    expect(subtotal(writeUbl(NOT_SUBJECT, 'xrechnung-3.0'))).toContain('<cbc:Percent>0</cbc:Percent>');
    // Never on the line (BR-O-05).
    const line = writeUbl(NOT_SUBJECT, 'xrechnung-3.0').split('<cac:InvoiceLine>')[1] ?? '';
    expect(line).not.toContain('cbc:Percent');
  });

  it('escapes text, omits absent elements and writes no empty element (PEPPOL-EN16931-R008)', () => {
    const xml = writeUbl(STANDARD, 'peppol-bis3');
    expect(values(xml, 'cbc:Note')).toEqual([
      'Bedankt voor uw bestelling &amp; tot ziens &lt;3',
      'Betaling binnen 30 dagen',
      'Colour: oak',
    ]);
    expect(xml).not.toMatch(/<([a-z]+:[A-Za-z]+)[^>]*><\/\1>/);
    expect(xml).not.toContain('undefined');
    expect(xml).not.toContain('TaxPointDate');
  });

  it('writes a 1,000-line invoice', () => {
    const xml = writeUbl(thousandLines(), 'peppol-bis3');
    expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(1000);
    expect(values(xml, 'cbc:PayableAmount')).toEqual(['12100.00']);
  });
});
