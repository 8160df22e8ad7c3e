/**
 * `fiscalkit/sii`: Spanish SII books (`shared/reference/sii.md`, `docs/sii.md`). SiiDocument tax reports
 * generated from invoices, checked record by record (`siiRecordIssues`), grouped into one message per
 * book, titular and operation, built as `SuministroLR…` / `BajaLR…` XML, imported back (ledgers and
 * single reports), validated against the schema through the `SchemaValidator` port (the structural
 * validator here; the official XSD in `fiscalkit/xsd`), and AEAT responses read into per-record states.
 *
 * @module
 */
export type { SchemaError, SchemaValidator, SchemaVerdict } from '../xml/schemaValidator.js';
export { SII_BAJA_BOOKS, type SiiBajaBook } from './build/baja.js';
export { buildSiiMessage, buildSiiRecordMessage } from './build/buildSiiMessage.js';
export { groupSiiMessages, type SiiMessageEntry } from './build/groupSiiMessages.js';
export { downloadSiiTaxReport } from './downloadSiiTaxReport.js';
export type { SiiOperationType } from './generate/classify.js';
export {
  generateSiiTaxReport,
  SII_LOCAL_CURRENCY,
  type SiiDefaults,
  type SiiSource,
} from './generate/generateSiiTaxReport.js';
export { MAX_SII_IMPORT_BYTES, SOAP_ENVELOPE_NAMESPACE } from './import/document.js';
export {
  importSiiMessage,
  importSiiTaxReport,
  oneRecordImportIssue,
  type SiiImport,
  type SiiTaxReportImport,
} from './import/importSiiMessage.js';
export {
  parseSiiResponse,
  SII_RESPONSE_NAMESPACE,
  SII_RESPONSE_ROOTS,
  type SiiResponse,
  type SiiResponseRecord,
} from './import/response.js';
export {
  MAX_SII_RECORDS_PER_MESSAGE,
  type SiiCommunicationType,
  type SiiMessage,
  type SiiMessageKind,
  type SiiTitular,
} from './message.js';
export { siiRecordIssues, siiTitularIssues } from './recordIssues.js';
export { structuralSiiValidator } from './validator/structuralSiiValidator.js';
export { type SiiRecordVerdict, validateSiiRecords } from './validator/validateRecords.js';
