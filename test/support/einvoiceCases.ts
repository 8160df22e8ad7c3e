/**
 * Stores a generated e-invoice case (`einvoiceCaseArb`, `einvoiceCasesFromVectors` of fiscalkit/testing)
 * through the real service on memory ports, as a client would: POST /accounts, the account's Peppol
 * transport (POST /accounts/{a}/transports), POST /accounts/{a}/contacts, then POST
 * /accounts/{a}/invoices naming the contact. The answer is the {@link EInvoiceSource} every document
 * writer takes (src/einvoice/semantic/source.ts): if the service refuses any step, the case is wrong,
 * and the error says which body and why.
 */
import { memoryPorts } from '../../src/adapters/memory/index.js';
import type { EInvoiceSource } from '../../src/einvoice/semantic/source.js';
import { isApiError } from '../../src/errors/ApiError.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import type { EInvoiceCase } from '../../src/testing/einvoice.js';
import { LATEST_API_VERSION } from '../../src/versions/apiVersion.js';

/** The caller every case is stored as: group 1, the newest API version (the cases' bodies are in its shape). */
export const CASE_CALLER: Caller = { group_id: 1, api_version: LATEST_API_VERSION };

/** A fresh service on memory ports. */
export function caseService(): Fiscalkit {
  return createFiscalkit(memoryPorts(), { base_url: 'https://api.example.test' });
}

/** Runs one step of storing a case; a refusal names the step, the error and the body sent. */
async function step<T>(what: string, body: unknown, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const detail = isApiError(error)
      ? `${error.status} ${error.code} at ${error.param ?? '-'}: ${error.message}`
      : String(error);
    throw new Error(`the service refused the case's ${what} (${detail})\n${JSON.stringify(body, null, 2)}`);
  }
}

/**
 * Creates the case's account (and its Peppol transport when the case has one), contact and invoice
 * through `fiscalkit`, each in a new account, and returns them as the writers' source: the stored
 * invoice, the account, the stored contact and the seller's Peppol participant (from the stored
 * transport), or null without a transport.
 */
export async function storeCase(
  fiscalkit: Fiscalkit,
  value: EInvoiceCase,
  caller: Caller = CASE_CALLER,
): Promise<EInvoiceSource> {
  const account = await step('account', value.account, () =>
    fiscalkit.accounts.create(caller, value.account),
  );
  const transport =
    value.seller_transport === undefined
      ? null
      : await step('transport', value.seller_transport, () =>
          fiscalkit.transports.create(caller, account.id, value.seller_transport),
        );
  const contact = await step('contact', value.contact, () =>
    fiscalkit.contacts.create(caller, account.id, value.contact),
  );
  const body = { ...value.invoice, contact_id: contact.id };
  const invoice = await step('invoice', body, () => fiscalkit.invoices.create(caller, account.id, body));
  const seller_endpoint =
    transport === null || transport.pin_scheme === null || transport.pin_value === null
      ? null
      : { scheme: transport.pin_scheme, id: transport.pin_value };
  return { invoice, account, contact, seller_endpoint };
}
