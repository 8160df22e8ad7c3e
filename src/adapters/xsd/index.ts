/**
 * `fiscalkit/xsd`: schema validation against the official XSD files with libxml2-wasm (an optional peer
 * dependency), as an adapter of the {@link SchemaValidator} port. fiscalkit's own structural validator
 * is the default; this one is for hosts that want the official schemas themselves to judge.
 *
 * @module
 */
export type { SchemaError, SchemaValidator, SchemaVerdict } from '../../ports.js';
export {
  createXsdSchemaValidator,
  type XsdSchemaValidator,
  type XsdSchemaValidatorOptions,
} from './xsdSchemaValidator.js';
