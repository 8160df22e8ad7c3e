import { describe, expect, it } from 'vitest';
import { CII_GUIDELINES, type CiiSpecification } from '../../../src/einvoice/cii/specification.js';
import { ciiWriteIssues, writeCii } from '../../../src/einvoice/cii/writeCii.js';
import { isRuleId } from '../../../src/errors/ruleId.js';
import { parseXdm } from '../../../src/xpath/document.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import {
  belgianInvoice,
  CII_FIXTURES,
  foreignCreditNote,
  intraCommunityInvoice,
  longInvoice,
  notSubjectInvoice,
  standardInvoice,
} from './fixtures.js';

/**
 * Issue #22: every CII document fiscalkit writes, for EN 16931 and XRechnung 3.0, is judged by the
 * official rules (CII D16B XSD, EN 16931 CII schematron, XRechnung 3.0 CII schematron with the Peppol
 * rules it includes), and the bar is zero fatal findings.
 */

const SPECIFICATIONS: readonly CiiSpecification[] = ['en16931', 'xrechnung-3.0'];
const CASES = SPECIFICATIONS.flatMap((specification) =>
  Object.entries(CII_FIXTURES).map(([name, doc]) => ({ specification, name, doc })),
);

/** The text of every element with that local name, in document order. */
function texts(xml: string, local: string): string[] {
  return parseXdm(xml)
    .elements.filter((element) => element.local === local)
    .map((element) => element.stringValue.trim());
}

describe.skipIf(!HAS_JUDGE)('writeCii: zero fatal findings on the official rules', () => {
  if (!HAS_JUDGE) console.warn(JUDGE_SKIPPED);

  it.each(CASES)('$name as $specification', async ({ specification, name, doc }) => {
    const verdict = await judgeDocument(writeCii(doc, specification));
    expect(fatalFindings(verdict), `${name} (${specification})`).toEqual([]);
    expect(verdict.outcome).toBe('valid');
    expect(verdict.syntax).toBe('cii');
    // The rule sets of the declared specification all ran: XSD + EN 16931, and XRechnung for it.
    expect(verdict.ruleSets.map((set) => set.id)).toEqual(
      specification === 'en16931'
        ? ['cii-d16b-xsd', 'en16931-cii']
        : ['cii-d16b-xsd', 'en16931-cii', 'xrechnung-cii'],
    );
  });

  it('a 1,000-line invoice is valid too (and how long writing it takes is printed, never asserted)', async () => {
    const doc = longInvoice(1000);
    const started = performance.now();
    const xml = writeCii(doc, 'en16931');
    const elapsed = performance.now() - started;
    console.log(`[cii] writeCii, 1,000 lines: ${elapsed.toFixed(1)} ms, ${String(xml.length)} characters`);
    expect(texts(xml, 'IncludedSupplyChainTradeLineItem')).toHaveLength(1000);
    const verdict = await judgeDocument(xml);
    expect(fatalFindings(verdict)).toEqual([]);
  }, 60_000);

  it('the judge can fail: a broken total is caught (BR-CO-15), so the zero above means something', async () => {
    const broken = writeCii(standardInvoice, 'en16931').replace(
      '<ram:GrandTotalAmount>1191.87</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount>1191.88</ram:GrandTotalAmount>',
    );
    const rules = (await judgeDocument(broken)).findings.map((finding) => finding.rule);
    expect(rules).toContain('BR-CO-15');
  });
});

describe('writeCii: where each business term goes (EN 16931-3-3)', () => {
  it('declares the specification in BT-24, and XRechnung also the business process BT-23', () => {
    const en = writeCii(standardInvoice, 'en16931');
    const xr = writeCii(standardInvoice, 'xrechnung-3.0');
    expect(texts(en, 'GuidelineSpecifiedDocumentContextParameter')).toEqual([CII_GUIDELINES.en16931]);
    expect(texts(xr, 'GuidelineSpecifiedDocumentContextParameter')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    ]);
    expect(texts(en, 'BusinessProcessSpecifiedDocumentContextParameter')).toEqual([]);
    expect(texts(xr, 'BusinessProcessSpecifiedDocumentContextParameter')).toEqual([
      'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    ]);
  });

  it('writes the sections in the order of the CII D16B sequences', () => {
    const root = parseXdm(writeCii(standardInvoice, 'en16931')).root;
    const names = (element: typeof root) =>
      (element?.children ?? []).flatMap((node) => (node.kind === 'element' ? [node.local] : []));
    expect(names(root)).toEqual([
      'ExchangedDocumentContext',
      'ExchangedDocument',
      'SupplyChainTradeTransaction',
    ]);
    const transaction = root?.children.find(
      (node) => node.kind === 'element' && node.local === 'SupplyChainTradeTransaction',
    );
    expect([...new Set(names(transaction as typeof root))]).toEqual([
      'IncludedSupplyChainTradeLineItem',
      'ApplicableHeaderTradeAgreement',
      'ApplicableHeaderTradeDelivery',
      'ApplicableHeaderTradeSettlement',
    ]);
  });

  it('dates are udt:DateTimeString format 102, the tax point date a udt:DateString, the preceding invoice date a qdt:DateTimeString', () => {
    const xml = writeCii(foreignCreditNote, 'en16931');
    expect(xml).toContain(
      '<ram:IssueDateTime>\n      <udt:DateTimeString format="102">20240408</udt:DateTimeString>',
    );
    expect(xml).toContain('<qdt:DateTimeString format="102">20240331</qdt:DateTimeString>');
    expect(writeCii(standardInvoice, 'en16931')).toContain(
      '<udt:DateString format="102">20240331</udt:DateString>',
    );
  });

  it('BT-111 is a second TaxTotalAmount in the tax currency (BT-6), and the only other amount with a currencyID', () => {
    const xml = writeCii(foreignCreditNote, 'en16931');
    expect(xml).toContain('<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="USD">95.00</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">87.40</ram:TaxTotalAmount>');
    expect(xml.match(/currencyID=/g)).toHaveLength(2);
    expect(texts(xml, 'TypeCode')[0]).toBe('381');
  });

  it('BT-7 is written once, in the first VAT breakdown row (CII-SR-461)', () => {
    expect(writeCii(standardInvoice, 'en16931').match(/<ram:TaxPointDate>/g)).toHaveLength(1);
  });

  it('category O has no rate in EN 16931 and rate 0 in XRechnung (BR-DE-14)', () => {
    const rates = (xml: string) =>
      parseXdm(xml)
        .elements.filter(
          (element) =>
            element.local === 'ApplicableTradeTax' &&
            element.parent.kind === 'element' &&
            element.parent.local === 'ApplicableHeaderTradeSettlement',
        )
        .map(
          (tax) =>
            tax.children.find((node) => node.kind === 'element' && node.local === 'RateApplicablePercent')
              ?.stringValue,
        );
    expect(rates(writeCii(notSubjectInvoice, 'en16931'))).toEqual([undefined]);
    expect(rates(writeCii(notSubjectInvoice, 'xrechnung-3.0'))).toEqual(['0']);
  });

  it('the gross price carries the discount BT-147 = BT-148 − BT-146, and the base quantity the billed unit', () => {
    const xml = writeCii(standardInvoice, 'en16931');
    expect(xml).toContain(
      '<ram:GrossPriceProductTradePrice>\n          <ram:ChargeAmount>100.00</ram:ChargeAmount>\n          <ram:AppliedTradeAllowanceCharge>',
    );
    expect(xml).toContain('<ram:ActualAmount>20.00</ram:ActualAmount>');
    expect(xml).toContain('<ram:BasisQuantity unitCode="C62">100</ram:BasisQuantity>');
  });

  it('an IBAN is an IBANID with its BIC, the OGM the payment reference BT-83', () => {
    const xml = writeCii(belgianInvoice, 'en16931');
    expect(texts(xml, 'PaymentReference')).toEqual(['+++123/4567/89002+++']);
    expect(texts(xml, 'IBANID')).toEqual(['BE68539007547034']);
    expect(texts(xml, 'BICID')).toEqual(['GKCCBEBB']);
    const proprietary = writeCii(
      { ...belgianInvoice, payment: { means_code: '30', credit_transfers: [{ id: '123-4567890-12' }] } },
      'en16931',
    );
    expect(texts(proprietary, 'ProprietaryID')).toEqual(['123-4567890-12']);
    expect(texts(proprietary, 'IBANID')).toEqual([]);
  });

  it('one payment means per credit transfer account, each with the same type code', () => {
    const xml = writeCii(
      {
        ...belgianInvoice,
        payment: {
          means_code: '58',
          credit_transfers: [
            { id: 'BE68539007547034' },
            { id: 'DE02120300000000202051', provider: 'BYLADEM1001' },
          ],
        },
      },
      'en16931',
    );
    expect(texts(xml, 'SpecifiedTradeSettlementPaymentMeans')).toHaveLength(2);
    expect(texts(xml, 'TypeCode').filter((code) => code === '58')).toHaveLength(2);
  });

  it('the deliver-to address and country (BR-IC-12) go into ram:ShipToTradeParty', () => {
    const xml = writeCii(intraCommunityInvoice, 'en16931');
    expect(texts(xml, 'CountryID')).toEqual(['DE', 'AT', 'AT']);
    expect(texts(xml, 'CityName')).toEqual(['Berlin', 'Wien', 'Wien']);
    // The country alone, when that is all the invoice says.
    const countryOnly = writeCii(
      { ...intraCommunityInvoice, delivery_address: undefined, delivery_country: 'AT' },
      'en16931',
    );
    expect(countryOnly).toContain(
      '<ram:ShipToTradeParty>\n        <ram:PostalTradeAddress>\n          <ram:CountryID>AT</ram:CountryID>',
    );
    expect(
      ciiWriteIssues({ ...intraCommunityInvoice, delivery_country: 'DE' }).map((issue) => issue.rule),
    ).toEqual(['en16931.cii.write.delivery-country']);
  });

  it('the delivery section is written empty when there is nothing to deliver (it is mandatory in CII)', () => {
    const xml = writeCii({ ...belgianInvoice, delivery_date: undefined }, 'en16931');
    expect(xml).toContain('<ram:ApplicableHeaderTradeDelivery></ram:ApplicableHeaderTradeDelivery>');
  });

  it('escapes text and leaves blank optional terms out', () => {
    const xml = writeCii({ ...standardInvoice, payment_terms: '  ', notes: ['A & B <c>', ''] }, 'en16931');
    expect(xml).toContain('<ram:Content>A &amp; B &lt;c&gt;</ram:Content>');
    // The blank note is left out; the other is line 1's note (BT-127).
    expect(texts(xml, 'Content')).toEqual(['A & B <c>', 'Vor Ort in Bonn']);
    expect(xml).not.toContain('<ram:Description>  </ram:Description>');
    // No empty element (PEPPOL-EN16931-R008), the delivery section of this invoice included.
    expect(xml.match(/<(\w+:\w+)[^>]*><\/\1>/g) ?? []).toEqual([]);
  });

  it('refuses a second preceding invoice, which CII D16B has no room for (ciiWriteIssues first)', () => {
    const doc = {
      ...foreignCreditNote,
      preceding_invoices: [{ number: 'RE-1' }, { number: 'RE-2', issue_date: '2024-01-02' }],
    };
    const issues = ciiWriteIssues(doc);
    expect(issues.map((issue) => [issue.rule, issue.code, issue.param])).toEqual([
      ['en16931.cii.write.preceding-invoices', 'parameter_invalid', 'preceding_invoices'],
    ]);
    expect(issues.every((issue) => isRuleId(issue.rule))).toBe(true);
    expect(() => writeCii(doc, 'en16931')).toThrow(TypeError);
    expect(ciiWriteIssues(foreignCreditNote)).toEqual([]);
  });
});
