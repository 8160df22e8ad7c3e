/**
 * `fiscalkit/rules`: the rule functions (docs/public-api.md). Each takes a candidate resource and
 * returns the `ValidationIssue`s of the spec and fiscalkit rules it breaks, with their wire `code` and
 * `rule` id; none throws or reads a port (a rule that needs stored records takes a finder). The
 * service runs them on every write; a host runs them to check a resource before sending it, or to
 * explain an error. The resource types they check are in `fiscalkit/model`.
 *
 * @module
 */
export { accountIssues } from './account.js';
export { type AutoRemittanceInput, autoRemittanceReference } from './autoRemittance.js';
export { bankAccountIssues } from './bankAccount.js';
export { cannotChangeIssues } from './cannotChange.js';
export { type ContactRuleContext, contactIssues } from './contact.js';
export { type InlineContactInvoice, inlineContactIssues } from './inlineContact.js';
export {
  type InvoiceRuleContext,
  invoiceIssues,
  type ValidateInvoiceContext,
  validateInvoice,
} from './invoice.js';
export { type CounterpartyFields, counterpartyIssues } from './invoiceCounterparty.js';
export { invoiceLineIssues } from './invoiceLines.js';
export {
  type FindInvoiceByNumber,
  type InvoiceNumberKey,
  invoiceNumberTakenIssues,
} from './invoiceNumberTaken.js';
export { invoiceReferenceIssues, MAX_AMEND_REFERENCES } from './invoiceReferences.js';
export { invoiceStateIssues } from './invoiceState.js';
export { ksefAdvanceAmountIssues } from './ksefAdvanceAmounts.js';
export {
  type KsefBuyerUnitCandidate,
  type KsefBuyerUnitOptions,
  ksefBuyerUnitIssues,
} from './ksefBuyerUnit.js';
export {
  type KsefCorrectedInvoicesCandidate,
  ksefCorrectedInvoicesIssues,
} from './ksefCorrectedInvoices.js';
export { type KsefExemptionBasisCandidate, ksefExemptionBasisIssues } from './ksefExemptionBasis.js';
export { type KsefForeignCurrencyCandidate, ksefForeignCurrencyIssues } from './ksefForeignCurrency.js';
export { ksefInvoiceContentIssues } from './ksefInvoiceContent.js';
export { type KsefTaxReportRuleOptions, ksefTaxReportIssues } from './ksefTaxReport.js';
export {
  inheritFromParent,
  type OfficeFields,
  officeCandidate,
  officeParentIssues,
  officeTinIssues,
} from './office.js';
export {
  type PrepaymentReferenceCandidate,
  prepaymentReferenceIssues,
} from './prepaymentReferences.js';
export { routingCodeIssues } from './routingCodes.js';
export { siiAnnualPeriodIssues } from './siiAnnualPeriod.js';
export {
  SII_BOOK_REQUIREMENTS,
  type SiiRequiredField,
  siiBookRequirementIssues,
} from './siiBookRequirements.js';
export { siiCorrectiveIssues } from './siiCorrective.js';
export { siiCounterpartyIssues } from './siiCounterparty.js';
export { siiTaxBreakdownIssues } from './siiTaxBreakdowns.js';
export { siiTaxReportIssues } from './siiTaxReport.js';
export { supplierPartyKrsIssues } from './supplierPartyKrs.js';
export { supplierPartyRegonIssues } from './supplierPartyRegon.js';
export { type TaxableBaseRoundingFlags, taxableBaseRoundingIssues } from './taxableBaseRounding.js';
export { batchRecordIssues, parseBatchRecord } from './taxReportBatchRecord.js';
export { taxReportTypeChangeIssues } from './taxReportTypeChange.js';
export { type ThirdPartyFields, thirdPartyIssues } from './thirdParty.js';
export { thirdPartyCountryIssues } from './thirdPartyCountry.js';
export { totalAmountDueIssues } from './totalAmountDue.js';
export { transportIssues } from './transport.js';
export { transportCodeIssues } from './transportCode.js';
export {
  type FindTransportByType,
  type TransportTypeKey,
  transportTypeTakenIssues,
} from './transportTypeTaken.js';
