/**
 * `fiscalkit/validate`: e-invoice validation against the official rule sets (issue #21), in pure
 * TypeScript — the XML guards, the XSDs of UBL 2.1, CII D16B, Facturae and FatturaPA, EN 16931, Peppol
 * BIS Billing 3 and XRechnung (schematron, run by fiscalkit's own engine), Factur-X / ZUGFeRD PDFs and
 * Facturae's arithmetic rules. The official artefacts are not shipped: the host names the directories
 * that hold them (`artefactsFromDirectories`, `einvoiceValidatorFromDirectories`), laid out as
 * {@link RULE_SETS} says; this repository's `npm run artefacts:fetch -- <dir>` fetches them. The XSD
 * layer needs libxml2-wasm (an optional peer dependency; `createEInvoiceSchemas` of `fiscalkit/xsd`).
 *
 * @module
 */
export {
  artefactPathRefusal,
  artefactsFromDirectories,
  type DirectoryArtefactSource,
} from '../adapters/artefacts/directory.js';
export {
  type DirectoryEInvoiceValidator,
  einvoiceValidatorFromDirectories,
} from '../adapters/artefacts/validator.js';
export type { ArtefactSource } from '../einvoice/artefacts.js';
export { isPdf } from '../einvoice/facturx/magic.js';
export {
  ARTEFACTS_FETCH_COMMAND,
  RULE_SETS,
  type RuleSetDefinition,
  type RuleSetKind,
  ruleSetDefinition,
} from '../einvoice/ruleSets.js';
export type { EInvoiceSchemaId, EInvoiceSchemas } from '../einvoice/schemas.js';
export {
  type DeclaredDocument,
  DOCUMENT_ROOTS,
  type DocumentRootRow,
  documentRoot,
  judgeSpecification,
  SPECIFICATIONS,
  type SpecificationJudgement,
  type SpecificationRow,
} from '../einvoice/specification.js';
export {
  createEInvoiceValidator,
  type EInvoiceValidatorOptions,
  loadFacturXReader,
  type PdfInvoiceReader,
} from '../einvoice/validateEInvoice.js';
export type { EInvoiceValidator, RuleSetAvailability } from '../einvoice/validator.js';
export type {
  EInvoiceFinding,
  EInvoiceSyntax,
  EInvoiceVerdict,
  FindingSeverity,
  RuleSetId,
  RuleSetReport,
} from '../einvoice/verdict.js';
// The engine itself, for hosts that run a rule set of their own (a national CIUS) the same way.
export {
  type CompiledSchematron,
  type CompileOptions,
  compileSchematron,
  SchematronCompileError,
} from '../schematron/compile.js';
export type { SchematronFinding } from '../schematron/finding.js';
export {
  parseXdm,
  XdmAttribute,
  XdmDocument,
  XdmElement,
  type XdmNode,
  XdmParseError,
  XdmText,
} from '../xpath/document.js';
