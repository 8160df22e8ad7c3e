/**
 * Per-record schema validation of an SII message (sii.md §11, issue #6): each record is built into its
 * own one-record message, with the header the real message has, and validated on its own, so that a
 * schema error is attributed to its record and a bad record never hides the good ones.
 *
 * @module
 */
import type { SchemaError, SchemaValidator } from '../../xml/schemaValidator.js';
import { buildSiiRecordMessage } from '../build/buildSiiMessage.js';
import type { SiiMessage } from '../message.js';

/** The verdict on one record of a message: its index in `message.records`, and why it is not valid. */
export interface SiiRecordVerdict {
  index: number;
  valid: boolean;
  errors: SchemaError[];
}

/**
 * Validates every record of `message` on its own: builds its one-record message with
 * `buildSiiRecordMessage` and gives it to `validator`. A record the builder refuses is invalid with the
 * builder's issues as errors (`path` = the issue's param, `line` null); otherwise the validator's
 * verdict is the record's. One verdict per record, in message order.
 *
 * @example
 * const verdicts = validateSiiRecords(structuralSiiValidator(), message);
 * verdicts.filter((verdict) => !verdict.valid).map((verdict) => verdict.index); // → [1233]
 */
export function validateSiiRecords(validator: SchemaValidator, message: SiiMessage): SiiRecordVerdict[] {
  return message.records.map((_, index) => {
    const built = buildSiiRecordMessage(message, index);
    if (!built.success) {
      return {
        index,
        valid: false,
        errors: built.issues.map((issue) => ({ path: issue.param, line: null, message: issue.message })),
      };
    }
    const verdict = validator.validateSii(built.data);
    return { index, valid: verdict.valid, errors: verdict.errors };
  });
}
