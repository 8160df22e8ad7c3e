/**
 * `fiscalkit/xsd`: schema validation against the official XSD files with libxml2-wasm (an optional peer
 * dependency), as an adapter of the {@link SchemaValidator} port. fiscalkit's own structural validator
 * is the default; this one is for hosts that want the official schemas themselves to judge. It also
 * holds the XSD layer of e-invoice validation (issue #21): {@link createEInvoiceSchemas}.
 *
 * @module
 */

export type { EInvoiceSchemaId, EInvoiceSchemas } from '../../einvoice/schemas.js';
export type { SchemaError, SchemaValidator, SchemaVerdict } from '../../ports.js';
export {
  createEInvoiceSchemas,
  EINVOICE_SCHEMA_FILES,
  type EInvoiceSchemasOptions,
  type XsdEInvoiceSchemas,
} from './einvoiceSchemas.js';
export {
  createXsdSchemaValidator,
  type XsdSchemaValidator,
  type XsdSchemaValidatorOptions,
} from './xsdSchemaValidator.js';
