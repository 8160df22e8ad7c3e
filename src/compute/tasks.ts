/**
 * The table of the `Compute` port's tasks (issue #24 item 1): each the pure function, or short chain
 * of pure functions, that a use case runs on a whole upload (the import tasks start with the upload's
 * guards, `detectTaxReportDocument` of src/documents, which parse the whole document). Both adapters run this one table — inline
 * on the calling thread and in each worker thread of `fiscalkit/threads` — so a task answers the same
 * wherever it runs.
 *
 * @module
 */

import { detectTaxReportDocument } from '../documents/taxReportDocument.js';
import { validateDocument } from '../documents/validateDocument.js';
import type { EInvoiceValidator } from '../einvoice/validator.js';
import { createKsefTaxReport } from '../ksef/createKsefTaxReport.js';
import { importFa3 } from '../ksef/import/importFa3.js';
import type { ComputeTask, ComputeTasks, SchemaValidator } from '../ports.js';
import { buildSiiMessage } from '../sii/build/buildSiiMessage.js';
import { importSiiMessage } from '../sii/import/importSiiMessage.js';
import { parseSiiResponse } from '../sii/import/response.js';
import { versionHas } from '../versions/behaviours.js';
import { parseJsonBody } from '../versions/jsonBody.js';
import { encodeJsonTree } from '../versions/jsonTransfer.js';

/**
 * What a task may use besides its input: the schema validator SII XML is judged with, and the e-invoice
 * validator (issue #21), when there is one, that judges UBL, CII, Facturae and FatturaPA.
 */
export interface ComputeContext {
  readonly validator: SchemaValidator;
  /** The e-invoice validator of POST /documents/validate; none: e-invoices are checked for well-formedness only. */
  readonly einvoice?: EInvoiceValidator | undefined;
}

type TaskTable = {
  readonly [T in ComputeTask]: (
    input: ComputeTasks[T]['input'],
    context: ComputeContext,
  ) => ComputeTasks[T]['output'];
};

const TASKS: TaskTable = {
  tax_report_import(input) {
    const format = detectTaxReportDocument(input.file);
    if (!format.success) return { format: null, issues: format.issues };
    if (format.data === 'sii') return { format: 'sii', imported: importSiiMessage(input.file) };
    const imported = importFa3(input.file);
    if (!imported.success) return { format: 'fa3', created: imported };
    const report: Record<string, unknown> = { ...imported.data.report };
    // Spec §2.7: the flags are "also accepted on import" — from the version that has them (§9).
    if (versionHas(input.api_version, 'ksef_tax_report_fields')) {
      if (typeof input.customer_party_jst === 'boolean') report.customer_party_jst = input.customer_party_jst;
      if (typeof input.customer_party_gv === 'boolean') report.customer_party_gv = input.customer_party_gv;
    }
    return {
      format: 'fa3',
      created: createKsefTaxReport(report, { version: input.api_version, origin: 'import' }),
    };
  },

  ledger_import(input, context) {
    const format = detectTaxReportDocument(input.file);
    if (!format.success) return { format: null, issues: format.issues };
    if (format.data === 'fa3') return { format: 'fa3' };
    const imported = importSiiMessage(input.file);
    if (!imported.success) return { format: 'sii', imported, judged: null };
    const built = buildSiiMessage({ ...imported.data.message, titular: input.titular });
    if (!built.success) return { format: 'sii', imported, judged: built };
    // Only the verdict goes back: the 10 MB message the rules built is not needed by the caller.
    const verdict = context.validator.validateSii(built.data);
    return { format: 'sii', imported, judged: { success: true, verdict } };
  },

  ledger_message(input) {
    return buildSiiMessage(input);
  },

  ledger_response(input) {
    return parseSiiResponse(input);
  },

  document_validation(input, context) {
    return validateDocument(input.content, {
      validator: context.validator,
      param: input.param,
      einvoice: context.einvoice,
    });
  },

  json_body(input) {
    const parsed = parseJsonBody(input.text, { maxBytes: input.max_bytes, limits: input.limits });
    return parsed.success ? { success: true, data: encodeJsonTree(parsed.data) } : parsed;
  },
};

/** The names of every task of the `Compute` port, in the table's order. */
export const COMPUTE_TASKS: readonly ComputeTask[] = Object.keys(TASKS) as ComputeTask[];

/**
 * Runs one task of the table on the calling thread. A name that is not a task throws a `TypeError`
 * (a programmer error: the names are the port's).
 *
 * @example
 * ```ts
 * const read = runComputeTask('ledger_response', responseXml, { validator: structuralSiiValidator() });
 * read.success && read.data.submission_status; // 'Correcto'
 * ```
 */
export function runComputeTask<T extends ComputeTask>(
  task: T,
  input: ComputeTasks[T]['input'],
  context: ComputeContext,
): ComputeTasks[T]['output'] {
  if (!Object.hasOwn(TASKS, task)) throw new TypeError(`fiscalkit compute: no task named ${String(task)}`);
  const run = TASKS[task] as (
    input: ComputeTasks[T]['input'],
    context: ComputeContext,
  ) => ComputeTasks[T]['output'];
  return run(input, context);
}
