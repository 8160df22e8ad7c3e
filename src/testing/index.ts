/**
 * `fiscalkit/testing`: fast-check arbitraries for host applications' own property tests (issue #9):
 * generators of valid and deliberately invalid inputs, each invalid one labelled with what
 * fiscalkit answers, so a host can write "my engine agrees with fiscalkit" as a property.
 *
 * - Totals inputs (`totalsInputArb`, `linesArb`, `tieTotalsInputArb`, …): every currency exponent,
 *   the three modes, the rounding methods, discounts, charges, surcharges, withholdings, ties.
 * - Identifiers: Spanish NIFs (`spanishTinArb`, `validSpanishTinArb`, `spanishTinNearMissArb`),
 *   Polish NIP, REGON and KRS (`polishNipArb`, `polishRegonArb`, `polishKrsArb`, …).
 * - Tax reports: KSeF FA(3) reports of every type code (`validKsefReportArb`,
 *   `defectiveKsefReportArb`), SII records of every book (`validSiiRecordArb`,
 *   `defectiveSiiRecordArb`).
 * - Whole invoices as the HTTP API accepts them in any version (`invoiceRequestArb`,
 *   `canonicalInvoiceRequestArb`, `downgradeRequest`).
 * - Whole e-invoice cases (account, Peppol transport, contact, invoice) that every document of a family
 *   (Peppol BIS 3, XRechnung 3.0, EN 16931 CII / Factur-X, Facturae 3.2.2) can be written from with
 *   zero findings of the official rules (`einvoiceCaseArb`), the golden vectors as such cases
 *   (`einvoiceCasesFromVectors`), and the party identifiers with their check digits (`glnArb`,
 *   `belgianEnterpriseNumberArb`, `leitwegIdArb`, `bankAccountArb`, …).
 *
 * fast-check (4.x) is a peer dependency of this entry point only. fiscalkit's own test suite uses
 * these same arbitraries.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { computeTotals } from 'fiscalkit';
 * import { totalsInputArb } from 'fiscalkit/testing';
 *
 * fc.assert(fc.property(totalsInputArb(), (input) => {
 *   expect(myEngine.totals(input).total).toBe(computeTotals(input).totals.total);
 * }));
 * ```
 *
 * @module
 */
export { type DecimalArbOptions, decimalArb, digitsArb, unitsToDecimal } from './decimal.js';
export {
  type DowngradedRequest,
  type DowngradeRequestOptions,
  downgradeRequest,
  sameRequest,
} from './downgradeRequest.js';
export {
  EINVOICE_FAMILIES,
  EINVOICE_FEATURES,
  type EInvoiceCase,
  type EInvoiceCaseArbOptions,
  type EInvoiceFamily,
  type EInvoiceSellerTransport,
  einvoiceCaseArb,
} from './einvoice.js';
export {
  austrianVatNumberArb,
  bankAccountArb,
  belgianEnterpriseNumber,
  belgianEnterpriseNumberArb,
  danishCvrArb,
  dutchKvkArb,
  dutchVatNumberArb,
  frenchSirenArb,
  frenchSiret,
  frenchVatNumber,
  type GeneratedBankAccount,
  germanVatNumberArb,
  glnArb,
  glnCheckDigit,
  ibanOf,
  italianVatNumberArb,
  leitwegId,
  leitwegIdArb,
  luhnCheckDigit,
  norwegianOrganisationNumberArb,
  portugueseNifArb,
  swedishOrganisationNumberArb,
} from './einvoiceIdentifiers.js';
export {
  type EInvoiceVectorCase,
  type EInvoiceVectorCases,
  type EInvoiceVectorOptions,
  einvoiceCasesFromVectors,
  type TaxmathVector,
  type TaxmathVectorExpectation,
  type TaxmathVectorFile,
  type TaxmathVectorGroup,
  type TaxmathVectorLine,
  type TaxmathVectorTax,
  type TaxmathVectorTotals,
} from './einvoiceVectors.js';
export {
  canonicalInvoiceRequestArb,
  type InvoiceRequestArbOptions,
  invoiceRequestArb,
} from './invoiceRequest.js';
export {
  type DefectiveKsefReportArbOptions,
  defectiveKsefReportArb,
  KSEF_DEFECTS,
  type KsefDefect,
  ksefAmountArb,
  ksefNumberArb,
  ksefTextArb,
  ksefThirdPartyArb,
  validKsefReportArb,
} from './ksef.js';
export {
  POLISH_KRS_DEFECTS,
  POLISH_NIP_DEFECTS,
  POLISH_REGON_DEFECTS,
  type PolishKrsDefect,
  type PolishKrsSample,
  type PolishNipDefect,
  type PolishNipSample,
  type PolishRegonDefect,
  type PolishRegonSample,
  polishKrsArb,
  polishKrsNearMissArb,
  polishNipArb,
  polishNipNearMissArb,
  polishRegonArb,
  polishRegonNearMissArb,
  validKrsArb,
  validNipArb,
  validPolishKrsArb,
  validPolishNipArb,
  validPolishRegonArb,
  validRegon9Arb,
  validRegon14Arb,
} from './polishIdentifiers.js';
export {
  anyValidSiiRecordArb,
  defectiveSiiRecordArb,
  SII_BAJA_BOOK_TYPES,
  SII_DEFECTS,
  type SiiDefect,
  siiDefectArb,
  siiMessageKindArb,
  siiTextArb,
  siiTitularArb,
  VALID_SII_RECORD_ARBS,
  validSiiRecordArb,
} from './sii.js';
export {
  SPANISH_TIN_DEFECTS,
  SPANISH_TIN_KINDS,
  type SpanishTinDefect,
  type SpanishTinNearMissArbOptions,
  type SpanishTinSample,
  type SpanishTinSpelling,
  spanishTinArb,
  spanishTinControls,
  spanishTinLikeArb,
  spanishTinNearMissArb,
  type ValidSpanishTinArbOptions,
  validSpanishTinArb,
} from './spanishTin.js';
export {
  type AllowanceLinesArbOptions,
  type AllowanceTotalsInputArbOptions,
  allowanceLinesArb,
  allowanceTotalsInputArb,
  anyRoundingMethodArb,
  baseQuantityArb,
  CURRENCIES,
  chargeAmountArb,
  currencyArb,
  discountAmountArb,
  discountPercentArb,
  documentAllowanceChargeArb,
  exchangeArb,
  flatTotalsInputArb,
  identicalLinesArb,
  type LineArbOptions,
  type LinesArbOptions,
  largeLinesArb,
  lineAllowanceChargeArb,
  lineArb,
  linesArb,
  modeArb,
  percentSpellingArb,
  prepaidArb,
  priceArb,
  quantityArb,
  roundingMethodArb,
  SURCHARGE_RATES,
  SYMMETRIC_METHODS,
  surchargeTaxArb,
  type TaxesArbOptions,
  type TieTotalsInputArbOptions,
  type TotalsInputArbOptions,
  taxesArb,
  tieLineArb,
  tieRichLinesArb,
  tieTotalsInputArb,
  totalsInputArb,
  VAT_RATES,
  vatTaxArb,
  WITHHOLDING_RATES,
  withholdingTaxArb,
} from './totals.js';
