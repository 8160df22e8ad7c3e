/**
 * The ports of fiscalkit (DESIGN.md "Shape"): the small interfaces through which the services reach the
 * world. Adapters implement them (`fiscalkit/memory`, `fiscalkit/xsd`, the host's own). More ports
 * (storage, job queue, census, transport, events, clock, ids, cache) arrive with the engines.
 *
 * @module
 */

/** One reason a document is not valid against its schema. */
export interface SchemaError {
  /** Where, as the validator can say it: an element path (`FacturaExpedida/TipoDesglose`) or ''. */
  path: string;
  /** The line in the validated document, or null when the validator gives none. */
  line: number | null;
  /** What is wrong, in the validator's words. */
  message: string;
}

/** A validator's verdict on one document. */
export interface SchemaVerdict {
  valid: boolean;
  errors: SchemaError[];
}

/**
 * Validates SII documents against the AEAT schema (issue #6 "Schema validation as a port"). A record
 * is validated on its own, wrapped in a one-record message with the header its real message will have
 * (sii.md §11), so that an error is attributed to its record. Two adapters: fiscalkit's own structural
 * validator (the default, no WebAssembly) and `fiscalkit/xsd` (the official XSDs with libxml2-wasm);
 * both must give the same `valid` on the same document.
 */
export interface SchemaValidator {
  /** A name for messages and logs (`structural`, `xsd`). */
  readonly name: string;
  /** Validates one `SuministroLR…` / `BajaLR…` message (normally a one-record one). */
  validateSii(xml: string): SchemaVerdict;
}
