/**
 * Facturae 3.2.x in the e-invoice validation (issue #21 layer 6): the versions by namespace and the
 * arithmetic rules. The XSD layer (`facturae-xsd`) is the schema port's (`../schemas.ts`); the XAdES
 * signature is not verified (`./findings.ts`).
 *
 * @module
 */
export { type Amount, agrees, agreesWithin, type Figure, readAmount, writtenDecimals } from './amounts.js';
export { FacturaeElement } from './element.js';
export { facturaeDocumentFindings, facturaeRuleFindings } from './findings.js';
export {
  FACTURAE_NAMESPACES,
  FACTURAE_ROOT,
  type FacturaeVersion,
  facturaeVersion,
} from './namespaces.js';
export {
  FACTURAE_RULE_TABLE,
  type FacturaeFileView,
  type FacturaeInvoiceView,
  type FacturaeRule,
  type FacturaeViolation,
} from './rules.js';
