/**
 * The XSD layer of e-invoice validation (issue #21 "Layers" 2, 6, 7): UBL 2.1, CII D16B, Facturae 3.2.x
 * and FatturaPA 1.2 documents are checked against their official schemas before any rule. Schema
 * validation needs an XSD processor (libxml2-wasm, an optional peer dependency, in
 * `src/adapters/xsd`), so the pure core sees it through this port.
 *
 * @module
 */
import type { SchemaVerdict } from '../xml/schemaValidator.js';

/** The schemas of the e-invoice syntaxes. */
export type EInvoiceSchemaId = 'ubl-2.1-xsd' | 'cii-d16b-xsd' | 'facturae-xsd' | 'fatturapa-xsd';

/** What the e-invoice validator needs from an XSD processor. */
export interface EInvoiceSchemas {
  /**
   * Validates `xml` against the schema `schema` for its root element `documentType` (`Invoice`,
   * `CreditNote`, `CrossIndustryInvoice`, `Facturae`, `FatturaElettronica`) and, for Facturae and
   * FatturaPA, the `version` its namespace or `versione` attribute names. Returns undefined when that
   * schema is not available (its files are missing from the host's artefacts); the caller then reports
   * the rule set as unavailable.
   */
  validate(
    schema: EInvoiceSchemaId,
    documentType: string,
    version: string | null,
    xml: string,
  ): SchemaVerdict | undefined;
  /** Why `schema` is unavailable (which file is missing), or null when it is available. */
  unavailable(schema: EInvoiceSchemaId): string | null;
  /**
   * Compiles every schema whose files are present now, instead of on the first document that needs it
   * (a server's start: `unavailable` then also names a schema that failed to compile). Optional: an
   * adapter without it compiles on first use.
   */
  warm?(): void;
}
