/**
 * POST /accounts/{account}/invoices/import (issue #23; the official PHP client's
 * `InvoiceService::import`, which posts `{invoice: {...}, send_after_import}`; the reference "Import an
 * invoice from a file"). Two inputs, one outcome:
 *
 * - a JSON invoice: created exactly as POST /accounts/{account}/invoices creates it;
 * - an e-invoice document (UBL, CII, Facturae; `readEInvoice` of the documents issue, whose guards
 *   refuse DOCTYPEs and oversize input): read into an invoice whose buyer is the contact with its TIN
 *   (or CIN), or a new one (the inline-contact rule of create, `resolveCounterparty`), then created.
 *
 * With `send_after_import` the created invoice is then sent (`sendInvoice`): the reference says "when
 * true and the invoice passes validations … queued to be sent"; an invoice that does not pass them is
 * still imported, and the answer says why it was not sent (`send_error`) instead of failing the import
 * it did (**fiscalkit decides**: refusing would lose the created invoice from the answer).
 *
 * @module
 */
import { readEInvoice } from '../../einvoice/readEInvoice.js';
import { type ApiError, isApiError } from '../../errors/ApiError.js';
import { apiErrorFromIssues } from '../../errors/validationIssue.js';
import type { Invoice } from '../../model/invoice.js';
import type { Ports } from '../../ports.js';
import { LATEST_API_VERSION } from '../../versions/apiVersion.js';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { answeredInvoice } from '../invoiceAnswer.js';
import { createInvoice } from '../invoiceCreate.js';
import { sendInvoice } from './sendInvoice.js';

/** What is imported: a JSON invoice (the create body, already upgraded), or a document's bytes. */
export type ImportInput =
  | { kind: 'invoice'; invoice: unknown; send_after_import: boolean }
  | { kind: 'document'; content: Uint8Array; send_after_import: boolean };

/** The answer of an import. */
export interface ImportAnswer {
  invoice: Invoice;
  /** The tax reports standing for the invoice (after the send, when sent). */
  tax_report_ids: number[];
  /** Why `send_after_import` did not send it: the send's error, as the API answers errors. */
  send_error?: { code: string; message: string; param: string | null; rule: string | null };
}

/**
 * Imports an invoice into `account_id` and sends it when asked (see the module).
 *
 * @example
 * ```ts
 * const { invoice } = await importInvoice(ports, deps, caller, 1, { kind: 'document', content: ublBytes, send_after_import: true });
 * invoice.state; // 'sending'
 * ```
 */
export async function importInvoice(
  ports: Ports,
  deps: ServiceDeps,
  caller: Caller,
  account_id: number,
  input: ImportInput,
): Promise<ImportAnswer> {
  let created: Invoice;
  if (input.kind === 'invoice') created = await createInvoice(ports, caller, account_id, input.invoice);
  else {
    const read = readEInvoice(input.content);
    if (!read.success) throw apiErrorFromIssues(read.issues);
    const { invoice, buyer } = read.data;
    // The reader answers the newest version's shape; the buyer goes inline, so that the account's
    // contact with its TIN or CIN is linked (or made) by the create's own rule.
    created = await createInvoice(ports, { ...caller, api_version: LATEST_API_VERSION }, account_id, {
      ...invoice,
      contact: buyer,
    });
  }
  if (!input.send_after_import)
    return { invoice: created, tax_report_ids: [...(created.tax_report_ids ?? [])] };
  return sendAfterImport(ports, deps, caller, created);
}

/**
 * `send_after_import` on an invoice just created (by the import, or by POST
 * /accounts/{account}/invoices, which takes the flag too): sent, or, when the send is refused, the
 * invoice as stored with the refusal in `send_error` (see the module).
 *
 * @example
 * ```ts
 * const { invoice, send_error } = await sendAfterImport(ports, deps, caller, created);
 * send_error?.rule; // 'fiscalkit.send.channel-unavailable'
 * ```
 */
export async function sendAfterImport(
  ports: Ports,
  deps: ServiceDeps,
  caller: Caller,
  created: Invoice,
): Promise<ImportAnswer> {
  const account_id = created.account_id;
  try {
    const sent = await sendInvoice(ports, deps, caller, created.id);
    return { invoice: sent.invoice, tax_report_ids: sent.tax_report_ids };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    const stored = await ports.store.invoices.get(account_id, created.id);
    const invoice = stored === null ? created : await answeredInvoice(ports, stored.value);
    return {
      invoice,
      tax_report_ids: [...(invoice.tax_report_ids ?? [])],
      send_error: {
        code: error.code,
        message: error.message,
        param: error.param,
        rule: (error as ApiError).rule,
      },
    };
  }
}
