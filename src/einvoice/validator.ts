/**
 * The e-invoice validator as the rest of fiscalkit sees it (issue #21): one object, made once per
 * process (or worker thread) over the host's artefacts, that judges any number of documents. Its
 * interface lives apart from its making (`validateEInvoice.ts`) so that the document validation of
 * POST /documents/validate and the service's ports can name it without loading the rule engine.
 *
 * @module
 */
import type { EInvoiceVerdict, RuleSetId } from './verdict.js';

/** Whether a rule set can run in this validator, and if not, why. */
export interface RuleSetAvailability {
  readonly id: RuleSetId;
  /** Its name and version (`Peppol BIS Billing 3.0.19 (UBL)`). */
  readonly name: string;
  /**
   * `available`: its artefacts are there (and, after `warm()`, it compiled); `unavailable`: `reason`
   * says which file is missing or what failed, and how to get it.
   */
  readonly status: 'available' | 'unavailable';
  readonly reason?: string;
}

/** Judges e-invoices against the official rule sets (`createEInvoiceValidator` makes one). */
export interface EInvoiceValidator {
  /** Where its artefacts come from (the `ArtefactSource`'s description), for messages and logs. */
  readonly description: string;
  /**
   * Judges one document: XML (a string, or UTF-8 bytes) or, for Factur-X / ZUGFeRD, the PDF bytes.
   * Never throws for any input.
   */
  validate(input: string | Uint8Array): EInvoiceVerdict;
  /**
   * Every rule set and whether it can run: artefacts present (schematron, XSD), the XSD processor
   * there. A schematron whose files are present but that failed to compile (after `warm()` or a first
   * use) is unavailable, with the engine's message.
   */
  availability(): RuleSetAvailability[];
  /**
   * Compiles every schematron rule set whose artefacts are present now (and the XSDs, when the schema
   * adapter can), instead of on the first document that needs it, and answers
   * {@link EInvoiceValidator.availability}: what a server logs at start.
   */
  warm(): RuleSetAvailability[];
}
