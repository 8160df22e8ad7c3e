/**
 * `fiscalkit/ksef`: Polish KSeF structured invoices in the FA(3) schema (`shared/reference/ksef-fa3.md`,
 * `docs/ksef.md`). Three paths give a Ksef tax report — generate from an invoice, create directly,
 * import an FA(3) document — and one builder writes it as FA(3) XML after `fa3Issues` found nothing.
 *
 * @module
 */
export {
  KSEF_CORRECTION_TYPES,
  KSEF_EXEMPTION_BASES,
  KSEF_GTU_CODES,
  KSEF_MARGIN_SCHEMES,
  KSEF_PAYMENT_METHODS,
  KSEF_PROCEDURES,
} from '../codelists/ksefCodes.js';
export {
  isKsefTaxRate,
  KSEF_BUCKET_OF_RATE,
  KSEF_BUCKETS,
  KSEF_BUCKETS_WITH_LOCAL_TAX,
  KSEF_BUCKETS_WITH_TAX,
  KSEF_TAX_RATES,
  type KsefBucket,
  type KsefTaxRate,
} from '../codelists/ksefRates.js';
// The file type is the formats' common one (src/model), named here as the download's answer.
export type { TaxReportFile } from '../model/taxReportFile.js';
export { type BuildFa3Options, buildFa3 } from './build/buildFa3.js';
export { type CreateKsefTaxReportOptions, createKsefTaxReport } from './createKsefTaxReport.js';
export { downloadKsefTaxReport } from './downloadKsefTaxReport.js';
export { fa3Issues } from './fa3Issues.js';
export { generateKsefTaxReport, type KsefSource } from './generate/generateKsefTaxReport.js';
export { type SupplierFields, supplierParty } from './generate/parties.js';
export { CATEGORY_RATE_CODES, ksefRateCode } from './generate/rateCode.js';
export { FA2_NAMESPACE, FA3_NAMESPACE, MAX_FA3_BYTES } from './import/guards.js';
export { type Fa3Import, importFa3 } from './import/importFa3.js';
export {
  addressLines,
  type CustomerPartyFields,
  customerIdentification,
  euCodeOf,
  FA3_EU_CODES,
  type Fa3Identification,
  splitAddressLine2,
  type ThirdPartyIdFields,
  thirdPartyIdentification,
} from './partyIdentification.js';
