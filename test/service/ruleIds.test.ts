/**
 * Rule ids of the issues the services build themselves (issue #20 §4: every `ValidationIssue` names
 * its rule). The wire error carries no rule (spec §7.1); the `ApiError` a host catches does
 * (`error.rule`, set by `apiErrorFromIssues`), so the refusals are read from it. The pure helpers
 * (`participantPairIssues`, `reportTypeOfCountry`, the list queries) are asserted directly.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { errorBody } from '../../src/errors/errorBody.js';
import { isRuleId } from '../../src/errors/ruleId.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import type { Ports } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { checkedAttachmentUpload } from '../../src/service/invoiceAttachments.js';
import { invoiceListQuery } from '../../src/service/invoiceListQuery.js';
import { reportTypeOfCountry } from '../../src/service/taxAuthorities.js';
import { participantPairIssues } from '../../src/service/transportParticipant.js';
import { listQueryConditions } from '../../src/versions/listFilters.js';
import { orderBody, seedTenants, type Tenants } from '../support/seedTenants.js';

const CALLER: Caller = { group_id: 1, api_version: '2026-04-20' };
const OTHER: Caller = { group_id: 2, api_version: '2026-04-20' };

/** The refusal an action ends in, as `{rule, code, param}`; the wire body must not show the rule. */
async function refusedBy(
  action: Promise<unknown> | (() => unknown),
): Promise<{ rule: string | null; code: string; param: string }> {
  try {
    await (typeof action === 'function' ? action() : action);
  } catch (error) {
    if (!isApiError(error)) throw error;
    expect(JSON.stringify(errorBody(error, { requestLogUrl: null }))).not.toContain('"rule"');
    return { rule: error.rule, code: error.code, param: error.param ?? '' };
  }
  throw new Error('expected an ApiError');
}

let ports: Ports;
let fiscalkit: Fiscalkit;
let tenants: Tenants;
beforeEach(async () => {
  ports = memoryPorts();
  fiscalkit = createFiscalkit(ports);
  tenants = await seedTenants(ports);
});

describe('orders and despatch advices name their rules', () => {
  it('orders: a foreign contact, a written state, a taken number', async () => {
    const create = (body: Record<string, unknown>) =>
      refusedBy(fiscalkit.orders.create(CALLER, tenants.account, body));
    expect(await create(orderBody(tenants.otherContact))).toMatchObject({
      rule: 'fiscalkit.resource.account-reference',
      code: 'parameter_invalid',
      param: 'contact_id',
    });
    expect(await create(orderBody(tenants.contact, { state: 'accepted' }))).toMatchObject({
      rule: 'fiscalkit.order.state-not-writable',
      param: 'state',
    });
    await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    expect(await create(orderBody(tenants.contact))).toMatchObject({
      rule: 'fiscalkit.order.number-taken',
      code: 'parameter_taken',
      param: 'number',
    });
  });

  it('despatch advices: each reference that does not hold, at its param, and a taken number', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    const foreign = await fiscalkit.orders.create(
      OTHER,
      tenants.otherAccount,
      orderBody(tenants.otherContact),
    );
    const base = { number: 'DA-9', date: '2026-04-22', lines: [{ order_line_number: 1, quantity: '1' }] };
    const create = (body: Record<string, unknown>) =>
      refusedBy(fiscalkit.despatchAdvices.create(CALLER, tenants.account, body));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, order_id: foreign.id }, 'fiscalkit.resource.account-reference', 'order_id'],
      [
        { ...base, contact_id: tenants.contact },
        'fiscalkit.despatch-advice.order-line',
        'lines[0].order_line_number',
      ],
      [
        { ...base, order_id: order.id, lines: [{ order_line_number: 3, quantity: '1' }] },
        'fiscalkit.despatch-advice.order-line',
        'lines[0].order_line_number',
      ],
      [
        { ...base, lines: [{ quantity: '1' }], contact_id: tenants.contact },
        'fiscalkit.despatch-advice.line-description',
        'lines[0].description',
      ],
      [
        { ...base, lines: [{ description: 'x', quantity: '1' }] },
        'fiscalkit.despatch-advice.contact-required',
        'contact_id',
      ],
      [
        { ...base, order_id: order.id, contact_id: tenants.secondContact },
        'fiscalkit.despatch-advice.order-contact',
        'contact_id',
      ],
      [
        { ...base, order_id: order.id, order_reference: 'PO-OTHER' },
        'fiscalkit.despatch-advice.order-reference',
        'order_reference',
      ],
      [
        { ...base, lines: [{ description: 'x', quantity: '1' }], contact_id: tenants.otherContact },
        'fiscalkit.resource.account-reference',
        'contact_id',
      ],
    ];
    for (const [body, rule, param] of cases) expect(await create(body)).toMatchObject({ rule, param });
    const body = { ...base, contact_id: tenants.contact, lines: [{ description: 'x', quantity: '1' }] };
    await fiscalkit.despatchAdvices.create(CALLER, tenants.account, body);
    expect(await create(body)).toMatchObject({
      rule: 'fiscalkit.despatch-advice.number-taken',
      code: 'parameter_taken',
    });
  });
});

describe('attachments, transports, bank accounts, tax authorities', () => {
  const bytes = new Uint8Array([37, 80, 68, 70]);

  it('attachment uploads: file name, media type, empty file, and a value of the wrong type', async () => {
    const upload = (raw: Parameters<typeof checkedAttachmentUpload>[0]) =>
      refusedBy(() => checkedAttachmentUpload(raw, 'file'));
    expect(await upload({ filename: ' ', content_type: null, bytes })).toMatchObject({
      rule: 'fiscalkit.attachment.filename',
      code: 'parameter_blank',
    });
    expect(await upload({ filename: `${'a'.repeat(300)}.pdf`, content_type: null, bytes })).toMatchObject({
      rule: 'fiscalkit.attachment.filename',
      code: 'parameter_invalid',
    });
    expect(await upload({ filename: 'a.pdf', content_type: 'pdf', bytes })).toMatchObject({
      rule: 'fiscalkit.attachment.content-type',
    });
    expect(await upload({ filename: 'a.pdf', content_type: null, bytes: new Uint8Array() })).toMatchObject({
      rule: 'fiscalkit.attachment.empty-file',
      code: 'parameter_empty',
    });
    expect(await upload({ filename: 7, content_type: null, bytes })).toMatchObject({
      rule: 'fiscalkit.schema.type',
      code: 'invalid_request_params',
    });
  });

  it('a transport participant is a scheme and value pair', () => {
    expect(participantPairIssues({ pin_scheme: null, pin_value: 'ESB12345674' })).toEqual([
      expect.objectContaining({ rule: 'fiscalkit.transport.pin-pair', param: 'pin_scheme' }),
    ]);
    expect(participantPairIssues({ pin_scheme: '9920', pin_value: null })).toEqual([
      expect.objectContaining({ rule: 'fiscalkit.transport.pin-pair', param: 'pin_value' }),
    ]);
  });

  it('a bank account needs an IBAN or a number', async () => {
    expect(
      await refusedBy(fiscalkit.bankAccounts.create(CALLER, tenants.account, { bank_name: 'Somewhere' })),
    ).toMatchObject({
      rule: 'fiscalkit.bank-account.iban-or-number',
      code: 'parameter_blank',
      param: 'iban',
    });
  });

  it('a report type from a country with no tax authority fiscalkit reports to', () => {
    const result = reportTypeOfCountry('FR');
    expect(result.success ? [] : result.issues).toEqual([
      expect.objectContaining({
        rule: 'fiscalkit.tax-report.country-authority',
        code: 'parameter_inclusion',
      }),
    ]);
  });
});

describe('list queries name their rules', () => {
  const issuesOf = (result: { success: true } | { success: false; issues: ValidationIssue[] }) =>
    result.success ? [] : result.issues;

  it('the invoice list: types, removed filters, the taxcode / query swap, one status at a time', () => {
    const rules = (
      query: Record<string, unknown>,
      version: Parameters<typeof invoiceListQuery>[0] = '2026-04-20',
    ) => issuesOf(invoiceListQuery(version, query)).map((issue) => issue.rule);
    expect(rules({ date_from: '20-04-2026' })).toEqual(['fiscalkit.schema.type']);
    expect(rules({ received_invoice_new: '1' })).toEqual(['spec.9.status-filters-removed']);
    expect(rules({ taxcode: '9920:ESB12345678' })).toEqual(['api.3.2.query-replaces-taxcode']);
    expect(rules({ query: 'tin_value=B1' }, '2025-10-13')).toEqual(['api.3.2.query-replaces-taxcode']);
    expect(rules({ new: '1', sent: '1' })).toEqual(['fiscalkit.list.one-status-filter']);
    expect(rules({ discarded: '1', received_invoice_discarded: '1', type: 'IssuedInvoice' })).toEqual([
      'fiscalkit.list.one-status-filter',
    ]);
    expect(rules({ received_invoice_discarded: '1', type: 'IssuedInvoice' })).toEqual([
      'fiscalkit.list.received-status-type',
    ]);
    expect(rules({ colour: 'red' })).toEqual(['fiscalkit.list.unknown-param']);
  });

  it('the other lists: an unknown parameter, the query grammar', () => {
    expect(issuesOf(listQueryConditions('transports', '2026-04-20', { type: 'peppol' }))[0]).toMatchObject({
      rule: 'fiscalkit.list.unknown-param',
      param: 'type',
    });
    expect(
      issuesOf(listQueryConditions('transports', '2026-04-20', { query: 'name_cont=x' }))[0],
    ).toMatchObject({
      rule: 'fiscalkit.list.query-grammar',
      param: 'query',
    });
  });

  it('every issue above is a well-formed rule id', () => {
    const all = [
      ...issuesOf(
        invoiceListQuery('2026-04-20', {
          date_to: 'x',
          updated_at: 'y',
          contact_id: '-1',
          new: '1',
          sent: '1',
        }),
      ),
      ...issuesOf(invoiceListQuery('2025-01-01', { taxcode: ':' })),
    ];
    expect(all.length).toBeGreaterThan(3);
    for (const issue of all) expect(isRuleId(issue.rule), issue.rule).toBe(true);
  });
});
