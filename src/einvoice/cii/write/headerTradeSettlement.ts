import type { XmlElement } from '../../../xml/write.js';
import type {
  En16931AllowanceCharge,
  En16931Invoice,
  En16931Payment,
  En16931PaymentAccount,
  En16931PrecedingInvoice,
  En16931Totals,
  En16931VatBreakdown,
} from '../../semantic/en16931Invoice.js';
import type { CiiSpecification } from '../specification.js';
import { lineAllowanceCharge } from './lineItem.js';
import { date102, optional, optionalDate, present, VAT } from './values.js';

/**
 * `ram:ApplicableHeaderTradeSettlement` (HeaderTradeSettlementType, in XSD order): BT-83 payment
 * reference, BT-6 tax currency, BT-5 invoice currency, BG-16 payment means, BG-23 VAT breakdown,
 * BG-20 / BG-21 document allowances and charges, BT-20 / BT-9 payment terms, BG-22 totals, BG-3
 * preceding invoice, BT-19 buyer accounting reference.
 *
 * @example
 * ```ts
 * headerTradeSettlement(invoice, 'en16931');
 * // { 'ram:PaymentReference': '+++123/4567/89002+++', 'ram:TaxCurrencyCode': undefined, 'ram:InvoiceCurrencyCode': 'EUR', … }
 * ```
 */
export function headerTradeSettlement(doc: En16931Invoice, specification: CiiSpecification): XmlElement {
  const account = present(doc.buyer_accounting_reference);
  return {
    'ram:PaymentReference': present(doc.payment?.remittance_information),
    'ram:TaxCurrencyCode': present(doc.tax_currency),
    'ram:InvoiceCurrencyCode': doc.currency,
    'ram:SpecifiedTradeSettlementPaymentMeans':
      doc.payment === undefined ? undefined : paymentMeans(doc.payment),
    'ram:ApplicableTradeTax': doc.vat_breakdown.map((row, index) =>
      applicableTradeTax(row, index === 0 ? doc.tax_point_date : undefined, specification),
    ),
    'ram:SpecifiedTradeAllowanceCharge':
      doc.allowances_charges.length === 0 ? undefined : doc.allowances_charges.map(documentAllowanceCharge),
    'ram:SpecifiedTradePaymentTerms': paymentTerms(doc),
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation': monetarySummation(doc),
    'ram:InvoiceReferencedDocument': invoiceReferencedDocument(doc.preceding_invoices[0]),
    'ram:ReceivableSpecifiedTradeAccountingAccount':
      account === undefined ? undefined : { 'ram:ID': account },
  };
}

/**
 * An account identifier written as `ram:IBANID`: the shape of an IBAN (ISO 13616: two letters, two
 * check digits, up to 30 letters and digits; spaces allowed in the paper form). Any other account id
 * is a `ram:ProprietaryID` (CII-SR-470: one or the other). The shape, not the check digits, decides:
 * an IBAN with a wrong check digit is still meant as an IBAN, and XRechnung's BR-DE-19 should say so.
 */
const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){1,30}$/;

/**
 * BG-16 as `ram:SpecifiedTradeSettlementPaymentMeans` (TradeSettlementPaymentMeansType order):
 * BT-81 `ram:TypeCode`, BT-82 `ram:Information`, and BG-17 (BT-84 `ram:IBANID` or `ram:ProprietaryID`,
 * BT-85 `ram:AccountName`, BT-86 `ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID`). CII has
 * one account per payment means, so EN 16931-3-3 repeats the payment means once per BG-17, each with
 * the same type code and text (CII-SR-467, CII-SR-468).
 *
 * @example
 * ```ts
 * paymentMeans({ means_code: '58', credit_transfers: [{ id: 'DE02120300000000202051', provider: 'BYLADEM1001' }] });
 * // [{ 'ram:TypeCode': '58', 'ram:Information': undefined,
 * //    'ram:PayeePartyCreditorFinancialAccount': { 'ram:IBANID': 'DE02120300000000202051', … },
 * //    'ram:PayeeSpecifiedCreditorFinancialInstitution': { 'ram:BICID': 'BYLADEM1001' } }]
 * ```
 */
export function paymentMeans(payment: En16931Payment): XmlElement[] {
  const information = present(payment.means_text);
  if (payment.credit_transfers.length === 0)
    return [{ 'ram:TypeCode': payment.means_code, 'ram:Information': information }];
  return payment.credit_transfers.map((account) => ({
    'ram:TypeCode': payment.means_code,
    'ram:Information': information,
    'ram:PayeePartyCreditorFinancialAccount': creditorAccount(account),
    'ram:PayeeSpecifiedCreditorFinancialInstitution':
      present(account.provider) === undefined ? undefined : { 'ram:BICID': account.provider },
  }));
}

/** BG-17's account (CreditorFinancialAccountType order: `IBANID`, `AccountName`, `ProprietaryID`). */
function creditorAccount(account: En16931PaymentAccount): XmlElement {
  const iban = IBAN_SHAPE.test(account.id);
  return {
    'ram:IBANID': iban ? account.id : undefined,
    'ram:AccountName': present(account.name),
    'ram:ProprietaryID': iban ? undefined : account.id,
  };
}

/**
 * One BG-23 row as `ram:ApplicableTradeTax` (TradeTaxType order): BT-117 `ram:CalculatedAmount`,
 * `ram:TypeCode` VAT, BT-120 `ram:ExemptionReason`, BT-116 `ram:BasisAmount`, BT-118
 * `ram:CategoryCode`, BT-121 `ram:ExemptionReasonCode`, BT-7 `ram:TaxPointDate` (first row only:
 * CII-SR-461 allows one in the document), BT-119 `ram:RateApplicablePercent`.
 *
 * XRechnung requires BT-119 on every row (BR-DE-14), also for category `O`, which the model keeps
 * without a rate (EN 16931 forbids one only on lines, allowances and charges: BR-O-05, BR-O-06,
 * BR-O-07); the XRechnung document then says `0`.
 *
 * @example
 * ```ts
 * applicableTradeTax({ taxable_amount: '100.00', tax_amount: '21.00', category: 'S', rate: '21' }, undefined, 'en16931');
 * // { 'ram:CalculatedAmount': '21.00', 'ram:TypeCode': 'VAT', 'ram:ExemptionReason': undefined,
 * //   'ram:BasisAmount': '100.00', 'ram:CategoryCode': 'S', …, 'ram:RateApplicablePercent': '21' }
 * ```
 */
export function applicableTradeTax(
  row: En16931VatBreakdown,
  taxPointDate: string | undefined,
  specification: CiiSpecification,
): XmlElement {
  const rate =
    present(row.rate) ?? (specification === 'xrechnung-3.0' && row.category === 'O' ? '0' : undefined);
  const taxPoint = present(taxPointDate);
  return {
    'ram:CalculatedAmount': row.tax_amount,
    'ram:TypeCode': VAT,
    'ram:ExemptionReason': present(row.exemption_reason),
    'ram:BasisAmount': row.taxable_amount,
    'ram:CategoryCode': row.category,
    'ram:ExemptionReasonCode': present(row.exemption_reason_code),
    'ram:TaxPointDate':
      taxPoint === undefined
        ? undefined
        : { 'udt:DateString': { '@_format': '102', '#text': date102(taxPoint) } },
    'ram:RateApplicablePercent': rate,
  };
}

/**
 * A document-level allowance (BG-20) or charge (BG-21) as `ram:SpecifiedTradeAllowanceCharge`
 * (TradeAllowanceChargeType order): indicator, BT-94 / BT-101 percentage, BT-93 / BT-100 base, BT-92
 * / BT-99 amount, BT-98 / BT-105 reason code, BT-97 / BT-104 reason, and its VAT
 * (`ram:CategoryTradeTax`: BT-95 / BT-102 category, BT-96 / BT-103 rate; CII-SR-471 requires it).
 *
 * @example
 * ```ts
 * documentAllowanceCharge({ charge: true, amount: '10.00', vat_category: 'S', vat_rate: '19', reason: 'Freight' });
 * // { 'ram:ChargeIndicator': { 'udt:Indicator': 'true' }, …, 'ram:ActualAmount': '10.00', …, 'ram:Reason': 'Freight',
 * //   'ram:CategoryTradeTax': { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': 'S', 'ram:RateApplicablePercent': '19' } }
 * ```
 */
export function documentAllowanceCharge(entry: En16931AllowanceCharge): XmlElement {
  // The line's `SpecifiedTradeAllowanceCharge` sequence, then the document level's own tax category.
  return {
    ...lineAllowanceCharge(entry),
    'ram:CategoryTradeTax': {
      'ram:TypeCode': VAT,
      'ram:CategoryCode': entry.vat_category,
      'ram:RateApplicablePercent': present(entry.vat_rate),
    },
  };
}

/**
 * `ram:SpecifiedTradePaymentTerms`: BT-20 `ram:Description` and BT-9 `ram:DueDateDateTime`;
 * `undefined` when the invoice has neither.
 *
 * @example
 * ```ts
 * paymentTerms({ ...invoice, payment_terms: 'Net 30', due_date: '2024-04-30' });
 * // { 'ram:Description': 'Net 30', 'ram:DueDateDateTime': { 'udt:DateTimeString': { '@_format': '102', '#text': '20240430' } } }
 * ```
 */
export function paymentTerms(doc: En16931Invoice): XmlElement | undefined {
  return optional({
    'ram:Description': present(doc.payment_terms),
    'ram:DueDateDateTime': optionalDate(doc.due_date),
  });
}

/**
 * BG-22 as `ram:SpecifiedTradeSettlementHeaderMonetarySummation`, in XSD order: BT-106
 * `LineTotalAmount`, BT-108 `ChargeTotalAmount`, BT-107 `AllowanceTotalAmount`, BT-109
 * `TaxBasisTotalAmount`, BT-110 `TaxTotalAmount` in the invoice currency and BT-111 a second
 * `TaxTotalAmount` in the tax currency (the only amounts that carry `@currencyID`, CII-DT-031), BT-114
 * `RoundingAmount`, BT-112 `GrandTotalAmount`, BT-113 `TotalPrepaidAmount`, BT-115 `DuePayableAmount`.
 *
 * @example
 * ```ts
 * monetarySummation({ ...invoice, currency: 'USD', tax_currency: 'EUR', totals: { …, vat: '19.00', vat_in_tax_currency: '17.48' } })['ram:TaxTotalAmount'];
 * // [{ '@_currencyID': 'USD', '#text': '19.00' }, { '@_currencyID': 'EUR', '#text': '17.48' }]
 * ```
 */
export function monetarySummation(doc: En16931Invoice): XmlElement {
  const totals: En16931Totals = doc.totals;
  const taxCurrency = present(doc.tax_currency);
  const inTaxCurrency = present(totals.vat_in_tax_currency);
  const vat: XmlElement = { '@_currencyID': doc.currency, '#text': totals.vat };
  return {
    'ram:LineTotalAmount': totals.line_net,
    'ram:ChargeTotalAmount': present(totals.charges),
    'ram:AllowanceTotalAmount': present(totals.allowances),
    'ram:TaxBasisTotalAmount': totals.tax_exclusive,
    'ram:TaxTotalAmount':
      taxCurrency === undefined || inTaxCurrency === undefined
        ? vat
        : [vat, { '@_currencyID': taxCurrency, '#text': inTaxCurrency }],
    'ram:RoundingAmount': present(totals.rounding),
    'ram:GrandTotalAmount': totals.tax_inclusive,
    'ram:TotalPrepaidAmount': present(totals.prepaid),
    'ram:DuePayableAmount': totals.payable,
  };
}

/**
 * BG-3 as `ram:InvoiceReferencedDocument`: BT-25 `ram:IssuerAssignedID`, BT-26
 * `ram:FormattedIssueDateTime/qdt:DateTimeString` (format 102). CII D16B has room for one
 * (`maxOccurs` 1); a second preceding invoice is refused before writing (`ciiWriteIssues`).
 *
 * @example
 * ```ts
 * invoiceReferencedDocument({ number: 'F-2024-7', issue_date: '2024-01-31' });
 * // { 'ram:IssuerAssignedID': 'F-2024-7', 'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@_format': '102', '#text': '20240131' } } }
 * ```
 */
export function invoiceReferencedDocument(
  preceding: En16931PrecedingInvoice | undefined,
): XmlElement | undefined {
  if (preceding === undefined) return undefined;
  const issued = present(preceding.issue_date);
  return {
    'ram:IssuerAssignedID': preceding.number,
    'ram:FormattedIssueDateTime':
      issued === undefined
        ? undefined
        : { 'qdt:DateTimeString': { '@_format': '102', '#text': date102(issued) } },
  };
}
