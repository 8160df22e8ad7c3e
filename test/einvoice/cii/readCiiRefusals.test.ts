import { describe, expect, it } from 'vitest';
import { readCii, readCiiDocument } from '../../../src/einvoice/cii/readCii.js';
import { writeCii } from '../../../src/einvoice/cii/writeCii.js';
import { isErrorCode } from '../../../src/errors/catalog.js';
import { isRuleId } from '../../../src/errors/ruleId.js';
import type { ValidationIssue } from '../../../src/errors/validationIssue.js';
import { foreignCreditNote, standardInvoice } from './fixtures.js';

/**
 * What the CII reader refuses (issue #22: "content the model cannot carry but that changes an amount
 * is refused with a clear issue, never dropped"), and the XML safety it shares with fiscalkit's other
 * importers (DESIGN.md: refuse DOCTYPE and entities, never expand them).
 */

const STANDARD = writeCii(standardInvoice, 'en16931');
const CREDIT_NOTE = writeCii(foreignCreditNote, 'en16931');

/** `xml` with `from` replaced by `to`, failing loudly when `from` is not in it (a test that mutates nothing proves nothing). */
function mutate(xml: string, from: string, to: string): string {
  expect(xml, `mutation target not found: ${from}`).toContain(from);
  return xml.replace(from, to);
}

/** The issues of a refused document, each as `rule code param`. */
function refusals(xml: string | Uint8Array): ValidationIssue[] {
  const result = readCii(xml);
  expect(result.success, 'the document was read, not refused').toBe(false);
  const issues = result.success ? [] : result.issues;
  for (const issue of issues) {
    expect(isRuleId(issue.rule), issue.rule).toBe(true);
    expect(isErrorCode(issue.code), issue.code).toBe(true);
    expect(issue.message.startsWith(issue.param), issue.message).toBe(true);
  }
  return issues;
}

const rules = (xml: string | Uint8Array) => refusals(xml).map((issue) => issue.rule);

describe('readCii refuses unsafe or foreign documents before reading them', () => {
  it('a DOCTYPE or an entity declaration, never expanded (billion laughs)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>${STANDARD.slice(STANDARD.indexOf('<rsm:'))}`;
    expect(refusals(bomb).map((issue) => [issue.rule, issue.code, issue.param])).toEqual([
      ['xml.doctype', 'parameter_invalid', 'file'],
    ]);
    expect(rules(mutate(STANDARD, '<ram:ID>RE-2024-0001</ram:ID>', '<ram:ID>&xxe;</ram:ID>'))).toEqual([
      'xml.entity-reference',
    ]);
  });

  it('a document over 10 MB', () => {
    const padding = `<!--${'x'.repeat(10 * 1024 * 1024)}-->`;
    expect(rules(STANDARD + padding)).toEqual(['xml.max-size']);
  });

  it('bytes that are not UTF-8, a declared encoding other than UTF-8, a UTF-16 byte-order mark', () => {
    const latin1 = new TextEncoder().encode(STANDARD);
    const at = latin1.indexOf(0xc3);
    const broken = new Uint8Array([...latin1.slice(0, at), 0xfc, ...latin1.slice(at + 2)]);
    expect(rules(broken)).toEqual(['xml.utf-8']);
    expect(rules(mutate(STANDARD, 'encoding="UTF-8"', 'encoding="ISO-8859-1"'))).toEqual(['xml.encoding']);
    expect(rules(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))).toEqual(['xml.bom']);
  });

  it('XML that is not well-formed, and input that is not a document at all', () => {
    expect(rules(STANDARD.replace('</rsm:CrossIndustryInvoice>', ''))).toEqual(['xml.well-formed']);
    expect(rules(42 as unknown as string)).toEqual(['xml.input-type']);
  });

  it('another document type, named (a UBL invoice goes to the UBL reader)', () => {
    const ubl = refusals(
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID xmlns="urn:x">1</ID></Invoice>',
    );
    expect(ubl.map((issue) => issue.rule)).toEqual(['en16931.cii.read.root']);
    expect(ubl[0]?.message).toContain('UBL');
  });

  it('a Factur-X profile below EN 16931 (MINIMUM, BASIC WL)', () => {
    const minimum = mutate(
      STANDARD,
      '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>',
      '<ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID>',
    );
    expect(rules(minimum)).toEqual(['en16931.cii.read.profile']);
  });
});

describe('readCii refuses what would change an amount', () => {
  it('a tax other than VAT on a line, or a second tax', () => {
    const line = '<ram:TypeCode>VAT</ram:TypeCode>\n          <ram:CategoryCode>S</ram:CategoryCode>';
    expect(rules(mutate(STANDARD, line, line.replace('VAT', 'GST')))).toEqual(['en16931.cii.read.tax-type']);
    const second = mutate(
      STANDARD,
      '</ram:ApplicableTradeTax>\n        <ram:SpecifiedTradeSettlementLineMonetarySummation>',
      '</ram:ApplicableTradeTax>\n<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n        <ram:SpecifiedTradeSettlementLineMonetarySummation>',
    );
    const issues = refusals(second);
    expect(issues.map((issue) => [issue.rule, issue.param])).toEqual([
      [
        'en16931.cii.read.line-tax',
        'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem[1]/SpecifiedLineTradeSettlement/ApplicableTradeTax[2]',
      ],
    ]);
  });

  it('a VAT category the model does not know (B, the Italian split payment)', () => {
    const issues = refusals(
      mutate(STANDARD, '<ram:CategoryCode>Z</ram:CategoryCode>', '<ram:CategoryCode>B</ram:CategoryCode>'),
    );
    expect(issues.map((issue) => issue.rule)).toEqual(['en16931.cii.read.vat-category']);
    expect(issues[0]?.message).toContain('"B"');
  });

  it('an amount with more decimals than its currency, or in another currency', () => {
    expect(
      rules(
        mutate(
          STANDARD,
          '<ram:LineTotalAmount>45.00</ram:LineTotalAmount>',
          '<ram:LineTotalAmount>45.004</ram:LineTotalAmount>',
        ),
      ),
    ).toEqual(['en16931.cii.read.amount-decimals']);
    expect(
      rules(
        mutate(
          STANDARD,
          '<ram:LineTotalAmount>1050.00</ram:LineTotalAmount>',
          '<ram:LineTotalAmount currencyID="USD">1050.00</ram:LineTotalAmount>',
        ),
      ),
    ).toEqual(['en16931.cii.read.amount-currency']);
    expect(
      rules(
        mutate(
          STANDARD,
          '<ram:LineTotalAmount>45.00</ram:LineTotalAmount>',
          '<ram:LineTotalAmount>45,00</ram:LineTotalAmount>',
        ),
      ),
    ).toEqual(['en16931.cii.read.decimal']);
  });

  it('a VAT total in a third currency, or twice in one', () => {
    expect(
      rules(
        mutate(
          CREDIT_NOTE,
          '<ram:TaxTotalAmount currencyID="EUR">87.40</ram:TaxTotalAmount>',
          '<ram:TaxTotalAmount currencyID="GBP">75.00</ram:TaxTotalAmount>',
        ),
      ),
    ).toEqual(['en16931.cii.read.tax-total-currency']);
    expect(
      rules(
        mutate(
          STANDARD,
          '<ram:TaxTotalAmount currencyID="EUR">158.62</ram:TaxTotalAmount>',
          '<ram:TaxTotalAmount currencyID="EUR">158.62</ram:TaxTotalAmount><ram:TaxTotalAmount currencyID="EUR">1.00</ram:TaxTotalAmount>',
        ),
      ),
    ).toEqual(['en16931.cii.read.tax-total-currency']);
  });

  it('an element the model has no place for that holds an amount: a logistics charge, a sub-line, a discount total', () => {
    const logistics = mutate(
      STANDARD,
      '<ram:SpecifiedTradePaymentTerms>',
      '<ram:SpecifiedLogisticsServiceCharge><ram:Description>Freight</ram:Description><ram:AppliedAmount>10.00</ram:AppliedAmount></ram:SpecifiedLogisticsServiceCharge>\n      <ram:SpecifiedTradePaymentTerms>',
    );
    const issues = refusals(logistics);
    expect(issues.map((issue) => [issue.rule, issue.param])).toEqual([
      [
        'en16931.cii.read.unsupported-amount',
        'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedLogisticsServiceCharge',
      ],
    ]);
    expect(issues[0]?.message).toContain('AppliedAmount');
    const subLine = mutate(
      STANDARD,
      '</ram:SpecifiedLineTradeSettlement>\n    </ram:IncludedSupplyChainTradeLineItem>',
      '</ram:SpecifiedLineTradeSettlement>\n<ram:IncludedSubordinateTradeLineItem><ram:ID>1.1</ram:ID><ram:SpecifiedTradeProduct><ram:Name>Part</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>5.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSubordinateTradeLineItem>\n    </ram:IncludedSupplyChainTradeLineItem>',
    );
    expect(rules(subLine)).toEqual(['en16931.cii.read.unsupported-amount']);
    const discountTotal = mutate(
      STANDARD,
      '<ram:DuePayableAmount>',
      '<ram:TotalDiscountAmount>3.00</ram:TotalDiscountAmount>\n        <ram:DuePayableAmount>',
    );
    expect(rules(discountTotal)).toEqual(['en16931.cii.read.unsupported-amount']);
  });

  it('a price base quantity in another unit than the invoiced quantity (PEPPOL-EN16931-R130)', () => {
    expect(
      rules(
        mutate(
          STANDARD,
          '<ram:BasisQuantity unitCode="C62">100</ram:BasisQuantity>',
          '<ram:BasisQuantity unitCode="KGM">100</ram:BasisQuantity>',
        ),
      ),
    ).toEqual(['en16931.cii.read.base-quantity-unit']);
  });

  it('payment means of different types, and a second payment reference', () => {
    const means = mutate(
      STANDARD,
      '<ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>',
      '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>49</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>\n      <ram:ApplicableTradeTax>\n        <ram:CalculatedAmount>',
    );
    expect(rules(means)).toEqual(['en16931.cii.read.payment-means']);
    const references = mutate(
      STANDARD,
      '<ram:PaymentReference>RE-2024-0001</ram:PaymentReference>',
      '<ram:PaymentReference>RE-2024-0001</ram:PaymentReference><ram:PaymentReference>X</ram:PaymentReference>',
    );
    expect(rules(references)).toEqual(['en16931.cii.read.payment-reference']);
  });

  it('two different tax point dates (BT-7 is one date, CII-SR-461)', () => {
    const twice = mutate(
      STANDARD,
      '<ram:CategoryCode>S</ram:CategoryCode>\n        <ram:RateApplicablePercent>7</ram:RateApplicablePercent>',
      '<ram:CategoryCode>S</ram:CategoryCode>\n<ram:TaxPointDate><udt:DateString format="102">20240401</udt:DateString></ram:TaxPointDate>\n        <ram:RateApplicablePercent>7</ram:RateApplicablePercent>',
    );
    expect(rules(twice)).toEqual(['en16931.cii.read.tax-point-date']);
  });
});

describe('readCii refuses what EN 16931 requires and the document lacks or garbles', () => {
  it('a missing invoice number or seller, at the element path', () => {
    const issues = refusals(mutate(STANDARD, '<ram:ID>RE-2024-0001</ram:ID>', ''));
    expect(issues.map((issue) => [issue.rule, issue.code, issue.param])).toEqual([
      ['en16931.cii.read.required', 'parameter_blank', 'ExchangedDocument/ID'],
    ]);
    const noSeller = STANDARD.replace(/<ram:SellerTradeParty>[\s\S]*<\/ram:SellerTradeParty>\n/, '');
    expect(refusals(noSeller).map((issue) => issue.param)).toEqual([
      'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty',
    ]);
  });

  it('a date in another format than 102, or not on the calendar', () => {
    expect(
      rules(
        mutate(
          STANDARD,
          '<udt:DateTimeString format="102">20240331</udt:DateTimeString>',
          '<udt:DateTimeString format="610">202403</udt:DateTimeString>',
        ),
      ),
    ).toEqual(['en16931.cii.read.date-format']);
    expect(
      rules(
        mutate(
          STANDARD,
          '<udt:DateTimeString format="102">20240331</udt:DateTimeString>',
          '<udt:DateTimeString format="102">20230229</udt:DateTimeString>',
        ),
      ),
    ).toEqual(['en16931.cii.read.date-format']);
  });

  it('a currency that is not ISO 4217, and a charge indicator that is neither true nor false', () => {
    const euro = mutate(
      mutate(
        STANDARD,
        '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>',
        '<ram:InvoiceCurrencyCode>EURO</ram:InvoiceCurrencyCode>',
      ),
      'currencyID="EUR"',
      'currencyID="EURO"',
    );
    expect(rules(euro)).toEqual(['en16931.cii.read.currency']);
    expect(
      rules(mutate(STANDARD, '<udt:Indicator>true</udt:Indicator>', '<udt:Indicator>1</udt:Indicator>')),
    ).toEqual(['en16931.cii.read.charge-indicator']);
  });

  it('lists every problem at once, in document order', () => {
    const many = mutate(STANDARD, '<ram:TypeCode>380</ram:TypeCode>', '').replaceAll(
      '<ram:CategoryCode>Z</ram:CategoryCode>',
      '<ram:CategoryCode>X</ram:CategoryCode>',
    );
    expect(rules(many)).toEqual([
      'en16931.cii.read.required',
      'en16931.cii.read.vat-category',
      'en16931.cii.read.vat-category',
    ]);
  });
});

describe('readCii leaves out, and lists, what changes no amount', () => {
  it('the payee party and an invoicing period are read past and named', () => {
    const withPayee = mutate(
      mutate(
        STANDARD,
        '<ram:SpecifiedTradeSettlementPaymentMeans>',
        '<ram:PayeeTradeParty><ram:Name>Factoring AG</ram:Name></ram:PayeeTradeParty>\n      <ram:SpecifiedTradeSettlementPaymentMeans>',
      ),
      '<ram:SpecifiedTradeAllowanceCharge>\n        <ram:ChargeIndicator>\n          <udt:Indicator>false</udt:Indicator>\n        </ram:ChargeIndicator>\n        <ram:CalculationPercent>5',
      '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20240301</udt:DateTimeString></ram:StartDateTime></ram:BillingSpecifiedPeriod>\n<ram:SpecifiedTradeAllowanceCharge>\n        <ram:ChargeIndicator>\n          <udt:Indicator>false</udt:Indicator>\n        </ram:ChargeIndicator>\n        <ram:CalculationPercent>5',
    );
    const result = readCiiDocument(withPayee);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.left_out).toEqual([
      'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/PayeeTradeParty',
      'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/BillingSpecifiedPeriod',
    ]);
    expect(writeCii(result.data.invoice, 'en16931')).toBe(STANDARD);
  });

  it('a gross price whose discount contradicts the net price: the net price stands, the gross price is left out', () => {
    const contradicting = mutate(
      STANDARD,
      '<ram:ActualAmount>20.00</ram:ActualAmount>',
      '<ram:ActualAmount>25.00</ram:ActualAmount>',
    );
    const result = readCiiDocument(contradicting);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.invoice.lines[0]?.price).toEqual({
      net: '80.00',
      gross: undefined,
      base_quantity: undefined,
    });
    expect(result.data.invoice.lines[0]?.net_amount).toBe('800.00');
    expect(result.data.left_out).toEqual([
      'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement/GrossPriceProductTradePrice',
    ]);
  });
});
