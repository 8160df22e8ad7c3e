/**
 * Review of issue 4 (src/versions): each test here asserts the correct behaviour and fails on the
 * current code because of a real bug. See the report for the recommended fixes.
 */
import { describe, expect, it } from 'vitest';
import { InvoiceSchema, parseInvoice } from '../../src/model/invoice.js';
import { parseTaxReport } from '../../src/model/taxReport.js';
import { parseWebhookSubscription, WebhookSubscriptionSchema } from '../../src/model/webhookSubscription.js';
import { ksefTaxReportIssues } from '../../src/rules/ksefTaxReport.js';
import type { ApiVersion } from '../../src/versions/apiVersion.js';
import { type JsonObject, pathsOf } from '../../src/versions/fieldPath.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { canonicalPath } from '../../src/versions/legacyPaths.js';
import { normalizeRequest } from '../../src/versions/normalize.js';
import { serialize } from '../../src/versions/serialize.js';

const OLDER: readonly ApiVersion[] = ['2026-03-02', '2025-10-13', '2025-01-01'];

function ok<T>(result: { success: true; data: T } | { success: false; issues: unknown }): T {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

/** A stored corrective invoice whose type_code is a KSeF code (spec §2.9, added in v2026-04-20). */
const storedKorInvoice = InvoiceSchema.parse({
  id: 100,
  account_id: 1,
  type: 'IssuedInvoice',
  type_code: 'KOR',
  state: 'new',
  number: 'FK/2026/0001',
  date: '2026-04-20',
  currency: 'PLN',
  contact_id: 7,
  lines: [{ id: 1, quantity: '1', price: '10.00', taxes_attributes: [{ name: 'VAT', percent: '23' }] }],
  invoice_references: [],
  total: '12.30',
  payable_amount: '12.30',
});

describe('review 4: an older client sending back what it read must not erase what it cannot see', () => {
  /*
   * Bug: v2026-04-20's ksefInvoiceTypeCodes downgrade writes a stored KSeF type_code as null for
   * older versions (type_code in v2026-03-02, type_document before). Its upgrade only drops a KSeF
   * value, so the very null the client was shown, sent back in a PATCH/PUT (GET-modify-PUT), reaches
   * the parser as an explicit null and clears the stored KOR. The flat amend fields were designed
   * for exactly this round trip ("sent back unchanged, edit the stored reference to the same
   * values"); the type code was not.
   */
  it.each([
    ['2026-03-02', { type_code: null }],
    ['2025-10-13', { type_document: null }],
  ] as const)(
    '%s: an update sending back the null it was shown for a KSeF type_code leaves the stored code alone',
    (version, sentBack) => {
      const shown = serialize('invoice', storedKorInvoice, { version });
      expect(shown).toMatchObject(sentBack); // what the client read
      const body = normalizeRequest(
        'invoice',
        { ...sentBack, ponumber: 'PO-1' },
        {
          version,
          operation: 'update',
          stored: storedKorInvoice as unknown as JsonObject,
        },
      );
      const update = ok(parseInvoice(body, 'update'));
      expect(update).not.toHaveProperty('type_code');
      expect(update.ponumber).toBe('PO-1');
    },
  );

  /*
   * Bug: tinVerificationEvent.upgrade filters tin_verification.finished out of an older request's
   * `events` without looking at the stored subscription. `events` is replaced as a whole on PATCH,
   * so an older client that edits its list (the only list it can see) silently unsubscribes the
   * account from tin_verification.finished, which a v2026-04-20 client subscribed to.
   */
  it.each(OLDER)(
    '%s: a PATCH of web_hook.events keeps the stored tin_verification.finished the version cannot see',
    (version) => {
      const stored = WebhookSubscriptionSchema.parse({
        id: 40,
        account_id: 1,
        url: 'https://example.com/hooks',
        events: ['sii_batch.finished', 'tin_verification.finished'],
        secret: `whsec_${'ab'.repeat(32)}`,
        enabled: true,
        created_at: '2026-04-20T10:15:00Z',
      });
      const shown = serialize('web_hook', stored, { version }).events as string[];
      expect(shown).toEqual(['sii_batch.finished']);
      const body = normalizeRequest(
        'web_hook',
        { events: [...shown, 'issued_invoice.state_change'] },
        { version, operation: 'update', stored: stored as unknown as JsonObject },
      );
      const update = ok(parseWebhookSubscription(body, 'update'));
      expect(update.events).toContain('tin_verification.finished');
      expect(update.events).toContain('issued_invoice.state_change');
    },
  );
});

describe('review 4: older Ksef reports cannot be both required and refused a field', () => {
  /*
   * Bug: the v2026-04-20 change drops every §2.7 Ksef field (order_total_amount,
   * previous_advance_total, prepayment_references, …) from older requests, while the Ksef
   * invoice_type_code (ZAL, KOR_ZAL, ROZ, KOR_ROZ) is deliberately kept, and the rules
   * (ksefAdvanceAmountIssues, prepaymentReferenceIssues) require those very fields for those codes
   * in every version. An older client that sends order_total_amount is answered
   * 422 parameter_blank at order_total_amount: it can never create a ZAL/ROZ report.
   */
  it.each(['2026-03-02', '2025-10-13'] as const)(
    '%s: a Ksef ZAL create that sends order_total_amount is not refused for a missing order_total_amount',
    (version) => {
      const body = normalizeRequest(
        'tax_report',
        { type: 'Ksef', invoice_type_code: 'ZAL', order_total_amount: '12300.00' },
        { version, operation: 'create' },
      );
      const report = ok(parseTaxReport(body, 'create'));
      const params = ksefTaxReportIssues(report as never, version).map((issue) => issue.param);
      expect(params).not.toContain('order_total_amount');
    },
  );

  it('2026-03-02: a Ksef ROZ create that sends prepayment_references is not refused for missing ones', () => {
    const body = normalizeRequest(
      'tax_report',
      { type: 'Ksef', invoice_type_code: 'ROZ', prepayment_references: [{ number: 'FZ/1/2026' }] },
      { version: '2026-03-02', operation: 'create' },
    );
    const report = ok(parseTaxReport(body, 'create'));
    const params = ksefTaxReportIssues(report as never, '2026-03-02').map((issue) => issue.param);
    expect(params).not.toContain('prepayment_references');
  });
});

describe('review 4: serialize never emits a field the version does not have', () => {
  /*
   * Bug: canonicalResponse copies "anything else stored" after the schema's fields, so any key of
   * the stored record that is not a response field leaves the service: here the write-only
   * total_amount_due (spec §2.4), which a service may well keep on the stored invoice. The
   * issue's property "serialization never emits a field V does not have" only holds for records
   * that are exactly schema-shaped; fieldsOf says total_amount_due is a field of no version.
   */
  it.each(['2026-04-20', '2026-03-02', '2025-01-01'] as const)(
    '%s: a stored invoice carrying the write-only total_amount_due does not return it',
    (version) => {
      const stored = { ...storedKorInvoice, total_amount_due: '12.30', internal_note: 'x' };
      const response = serialize('invoice', stored, { version });
      expect(response).not.toHaveProperty('total_amount_due');
      expect(pathsOf(response).filter((path) => !fieldsOf(version, 'invoice').has(path))).toEqual([]);
    },
  );
});

describe('legacy paths: a single client of a project (spec §4.5, §9 v2025-10-13)', () => {
  it.each([
    ['GET', '/projects/acme/clients/42', '/contacts/42'],
    ['PUT', '/projects/acme/clients/42.json', '/contacts/42'],
    ['GET', '/projects/acme/clients', '/accounts/acme/contacts'],
  ])('%s %s → %s', (method, legacy, canonical) => {
    expect(canonicalPath(method, legacy)).toBe(canonical);
  });
});
