/**
 * The official judge of every e-invoice fiscalkit writes (issue #22 "Zero findings on the official
 * rules"): one e-invoice validator per test worker over `../shared/en16931` (UBL 2.1 and CII D16B XSDs,
 * EN 16931, Peppol BIS 3 and XRechnung schematrons) and `artefacts/` (Facturae, FatturaPA XSDs), with the
 * Factur-X PDF reader. A test file skips with {@link JUDGE_SKIPPED} when the artefacts are absent.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type DirectoryEInvoiceValidator,
  einvoiceValidatorFromDirectories,
} from '../../src/adapters/artefacts/validator.js';
import type { EInvoiceFinding, EInvoiceVerdict } from '../../src/einvoice/verdict.js';
import { PROJECT_ROOT, SHARED_DIR } from './shared.js';

const EN16931_DIR = join(SHARED_DIR, 'en16931');

/** Whether the official artefacts are there (else the judging tests skip). */
export const HAS_JUDGE = (() => {
  try {
    return statSync(join(EN16931_DIR, 'schematron', 'peppol')).isDirectory();
  } catch {
    return false;
  }
})();

/** The message a skipped judging test gives. */
export const JUDGE_SKIPPED = `../shared/en16931 not found at ${EN16931_DIR}: documents are not judged by the official rules`;

let judge: Promise<DirectoryEInvoiceValidator> | undefined;

/** The worker's validator (created on first use). */
export function officialJudge(): Promise<DirectoryEInvoiceValidator> {
  judge ??= einvoiceValidatorFromDirectories([EN16931_DIR, join(PROJECT_ROOT, 'artefacts')]);
  return judge;
}

/** Judges a document (XML text or bytes, or a Factur-X PDF). */
export async function judgeDocument(document: string | Uint8Array): Promise<EInvoiceVerdict> {
  return (await officialJudge()).validate(document);
}

/** The fatal findings of a verdict, one line each (`BR-CO-15 at /Invoice/…: message`), for assertion messages. */
export function fatalFindings(verdict: EInvoiceVerdict): string[] {
  return verdict.findings
    .filter((finding: EInvoiceFinding) => finding.severity === 'fatal')
    .map((finding) => `${finding.rule} at ${finding.location}: ${finding.message}`);
}
