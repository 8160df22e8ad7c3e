/**
 * `fiscalkit/testing` whole-invoice arbitraries (src/testing/invoiceRequest.ts,
 * src/testing/downgradeRequest.ts), checked against fiscalkit itself for every API version (spec §9):
 * a body a client of version V writes is read back by `normalizeRequest` into the canonical request
 * it was made from (whenever V can say all of it), `parseInvoice` accepts it, and the invoice service
 * creates it with the `total` and `payable_amount` that `computeTotals` gives for the same lines and
 * the account's flags.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { type InvoiceCreate, parseInvoice } from '../../src/model/invoice.js';
import type { AccountRoundingMethod } from '../../src/money/roundingMethod.js';
import { roundingMethodFromAccount } from '../../src/money/roundingMethod.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import {
  canonicalInvoiceRequestArb,
  downgradeRequest,
  invoiceRequestArb,
  modeArb,
  sameRequest,
} from '../../src/testing/index.js';
import { computeTotals } from '../../src/totals/computeTotals.js';
import { modeFlags, type TotalsMode } from '../../src/totals/mode.js';
import { API_VERSIONS, type ApiVersion, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import type { JsonObject } from '../../src/versions/fieldPath.js';
import { normalizeRequest } from '../../src/versions/normalize.js';

/**
 * Runs per version (5 versions, two properties: 500 invoices in all); each run creates an account and
 * an invoice in a fresh memory service. 50, not 100, since issue #23: the suite's CI budget is 10
 * minutes on a busy 2-core machine, and this file was its longest.
 */
const NUM_RUNS = 50;

const normalized = (body: JsonObject, version: ApiVersion) =>
  normalizeRequest('invoice', body, { version, operation: 'create' }) as JsonObject;

/** The parsed request, or a failure that shows the issues and the body. */
function parsed(request: JsonObject, body: JsonObject): InvoiceCreate {
  const result = parseInvoice(request, 'create');
  if (!result.success)
    throw new Error(`parseInvoice refused ${JSON.stringify(body)}: ${JSON.stringify(result.issues)}`);
  return result.data;
}

describe.each(API_VERSIONS)('invoice requests of v%s', (version) => {
  it('normalizeRequest reads the body back into the canonical request (unless the version cannot say it all), which parseInvoice accepts', () => {
    fc.assert(
      fc.property(canonicalInvoiceRequestArb(), (canonical) => {
        const { body, lost } = downgradeRequest('invoice', canonical, { version });
        const request = normalized(body, version);
        if (lost.length === 0)
          expect(
            sameRequest(request, canonical),
            `${JSON.stringify(body)}\n→ ${JSON.stringify(request)}`,
          ).toBe(true);
        // The newest version writes the canonical request itself.
        if (version === LATEST_API_VERSION) {
          expect(lost).toEqual([]);
          expect(body).toEqual(canonical);
        }
        parsed(request, body);
      }),
      { numRuns: 200 },
    );
  });

  it('the invoice service creates every body, with the total computeTotals gives for its lines and the account flags', async () => {
    await fc.assert(
      fc.asyncProperty(
        invoiceRequestArb({ version }),
        modeArb,
        fc.constantFrom<AccountRoundingMethod>('half_up', 'bankers', 'truncate'),
        async (body, mode: TotalsMode, rounding) => {
          const fiscalkit = createFiscalkit(memoryPorts());
          const owner: Caller = { group_id: 1, api_version: LATEST_API_VERSION };
          const account = await fiscalkit.accounts.create(owner, {
            name: 'ACME SL',
            country: 'ES',
            ...modeFlags(mode),
            rounding_method: rounding,
          });
          const request = normalized(body.invoice, version);
          const lines = parsed(request, body.invoice);
          let invoice: Awaited<ReturnType<typeof fiscalkit.invoices.create>>;
          try {
            invoice = await fiscalkit.invoices.create(
              { group_id: 1, api_version: version },
              account.id,
              request,
            );
          } catch (error) {
            if (isApiError(error))
              throw new Error(
                `create refused ${JSON.stringify(body)}: ${error.code} at ${String(error.param)}: ${error.message}`,
              );
            throw error;
          }
          const { totals } = computeTotals({
            currency: lines.currency ?? 'EUR',
            rounding_method: roundingMethodFromAccount(rounding),
            ...modeFlags(mode),
            type_code: lines.type_code,
            total_amount_due: lines.total_amount_due,
            prepaid_amount: lines.prepaid_amount,
            lines: lines.invoice_lines_attributes.map((line) => ({
              quantity: line.quantity,
              price: line.price,
              allowance_charges: line.allowance_charges_attributes,
              taxes: line.taxes_attributes,
            })),
          });
          expect(invoice.total).toBe(totals.total);
          expect(invoice.payable_amount).toBe(totals.payable_amount);
          expect(invoice.lines).toHaveLength(lines.invoice_lines_attributes.length);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);
});

describe('what older bodies look like', () => {
  /** The top-level and nested keys of some bodies of `version` (a fixed seed: the same bodies each run). */
  function keysOf(version: ApiVersion): Set<string> {
    const keys = new Set<string>();
    const visit = (value: unknown, path: string) => {
      if (Array.isArray(value)) for (const item of value) visit(item, `${path}[]`);
      else if (typeof value === 'object' && value !== null)
        for (const [key, child] of Object.entries(value)) {
          const full = path === '' ? key : `${path}.${key}`;
          keys.add(full);
          visit(child, full);
        }
    };
    for (const body of fc.sample(invoiceRequestArb({ version }), { numRuns: 300, seed: 9 }))
      visit(body.invoice, '');
    return keys;
  }

  it('v2025-01-01 bodies use the legacy names (client with taxcode, type_document, flat amendments, Catalan units)', () => {
    const keys = keysOf('2025-01-01');
    for (const key of [
      'client',
      'client.taxcode',
      'client.company_identifier',
      'type_document',
      'amended_number',
      'amend_reason',
      'invoice_lines_attributes[].clasification_code_scheme',
      'oficina_comptable',
      'accounting_cost',
      'contact_person',
      'iban',
    ])
      expect(keys, key).toContain(key);
    for (const key of [
      'contact',
      'type_code',
      'invoice_references',
      'third_party',
      'customer_contact_person',
    ])
      expect(keys, key).not.toContain(key);
  });

  it('v2026-03-02 bodies have the newer names but the flat amendments and the misspelt scheme', () => {
    const keys = keysOf('2026-03-02');
    for (const key of [
      'contact',
      'type_code',
      'amended_number',
      'invoice_lines_attributes[].clasification_code_scheme',
    ])
      expect(keys, key).toContain(key);
    for (const key of ['client', 'type_document', 'invoice_references', 'third_party'])
      expect(keys, key).not.toContain(key);
  });

  it('schemes are written as each version writes them: unpadded before v2026-03-02, 0001 for an unknown one', () => {
    const bodies = (version: ApiVersion) =>
      fc.sample(invoiceRequestArb({ version }), { numRuns: 300, seed: 9 }).map((body) => body.invoice);
    const legacy = bodies('2025-01-01').map((body) => body.client as JsonObject | undefined);
    expect(legacy.some((client) => String(client?.taxcode).startsWith('0001:'))).toBe(true);
    expect(legacy.some((client) => String(client?.taxcode).startsWith('9920:'))).toBe(true);
    expect(legacy.some((client) => client?.cin_scheme === '208')).toBe(true);
    const october = bodies('2025-10-13').map((body) => body.contact as JsonObject | undefined);
    expect(october.some((contact) => contact?.cin_scheme === '208')).toBe(true);
    expect(october.some((contact) => contact?.tin_scheme === '0001')).toBe(true);
    for (const version of ['2026-03-02', LATEST_API_VERSION] as const) {
      const contacts = bodies(version).map((body) => body.contact as JsonObject | undefined);
      expect(contacts.some((contact) => contact?.cin_scheme === '0208')).toBe(true);
      expect(contacts.some((contact) => contact?.tin_scheme === '0001')).toBe(false);
    }
  });

  it('the newest bodies have invoice references, third parties and total_amount_due', () => {
    const keys = keysOf(LATEST_API_VERSION);
    for (const key of [
      'invoice_references',
      'third_party',
      'apply_to_local_government_unit',
      'total_amount_due',
    ])
      expect(keys, key).toContain(key);
  });
});

describe('contact_id instead of an inline contact', () => {
  it('names one of the given contacts, which the service links', async () => {
    const CONTACT_ID = 1;
    await fc.assert(
      fc.asyncProperty(invoiceRequestArb({ contactIds: [CONTACT_ID] }), async (body) => {
        const fiscalkit = createFiscalkit(memoryPorts());
        const caller: Caller = { group_id: 1, api_version: LATEST_API_VERSION };
        const account = await fiscalkit.accounts.create(caller, { name: 'ACME SL', country: 'ES' });
        const contact = await fiscalkit.contacts.create(caller, account.id, {
          name: 'Norte SA',
          country: 'ES',
          tin_scheme: '9920',
          tin_value: 'B76543214',
        });
        expect(contact.id).toBe(CONTACT_ID);
        const invoice = await fiscalkit.invoices.create(caller, account.id, body.invoice);
        if (body.invoice.contact_id !== undefined && invoice.type !== 'IssuedSimplifiedInvoice')
          expect(invoice.contact_id).toBe(CONTACT_ID);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
