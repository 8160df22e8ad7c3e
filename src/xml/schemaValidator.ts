/**
 * What a schema validator answers about an XML document (issue #6 "Schema validation as a port"). The
 * `SchemaValidator` port of `src/ports.ts` is this interface: it is defined here, below the formats,
 * because the formats produce and use verdicts themselves — fiscalkit's own structural SII validator
 * is one, and `sii/validator` and `documents/validateDocument` judge with one — while the formats never
 * see `ports.ts` (issue #20 §2: formats import no ports; docs/architecture.md "Layers").
 *
 * @module
 */
import { loneSurrogateIndex } from './utf8.js';

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

/**
 * The rule id of an error a {@link SchemaValidator} finds in an SII document (the AEAT `SuministroLR.xsd` with
 * `SuministroInformacion.xsd`, sii.md §11): a schema validator names the element, not a rule of its own.
 */
export const SII_SCHEMA_RULE = 'sii.xsd';

/**
 * The verdict on a document holding a lone UTF-16 surrogate, or null when it holds none. A lone
 * surrogate is no XML character (XML 1.0 §2.2 `Char`) and has no UTF-8 form (an encoder would write
 * U+FFFD and a validator would judge another document), so every {@link SchemaValidator} refuses it
 * first, with the same words, before it parses: one home for both validators (issue #20).
 *
 * @example
 * ```ts
 * loneSurrogateVerdict('<a>ok</a>'); // null
 * loneSurrogateVerdict('<a>\uD800</a>')?.errors[0]?.message;
 * // 'malformed XML: a lone UTF-16 surrogate is not an XML character'
 * ```
 */
export function loneSurrogateVerdict(xml: string): SchemaVerdict | null {
  const index = loneSurrogateIndex(xml);
  if (index < 0) return null;
  return {
    valid: false,
    errors: [
      {
        path: '',
        line: xml.slice(0, index).split('\n').length, // money-safe: a line number
        message: 'malformed XML: a lone UTF-16 surrogate is not an XML character',
      },
    ],
  };
}
