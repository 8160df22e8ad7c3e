/**
 * The list filters' pure parsing (issue #19, `src/versions/listFilters.ts`, `invoiceListQuery`): the
 * `query` grammar, the refusal of parameters a list does not take, the version gates of `query` and
 * `taxcode`, and `updated_at` read as an instant.
 */
import { describe, expect, it } from 'vitest';
import { recordMatches } from '../../src/model/recordFilter.js';
import { invoiceListQuery, updatedAtInstant } from '../../src/service/invoiceListQuery.js';
import {
  contactListConditions,
  listQueryConditions,
  parseQueryFilter,
  QUERY_FIELDS,
  unknownListParams,
} from '../../src/versions/listFilters.js';

const refused = (result: { success: boolean; issues?: { code: string; param: string | null }[] }) =>
  result.success ? 'accepted' : result.issues?.map((issue) => [issue.code, issue.param]);

describe('the query grammar: field=value clauses joined by AND, over a whitelist', () => {
  it('reads api-notes.md §3.2’s examples, each value as its field reads values', () => {
    expect(parseQueryFilter('country=es AND tin_scheme=9920', QUERY_FIELDS.accounts)).toEqual({
      success: true,
      data: [
        { field: ['country'], op: 'eq', value: 'ES' },
        { field: ['tin_scheme'], op: 'eq', value: '9920' },
      ],
    });
    expect(parseQueryFilter(' tin_value = ESB12345678 ', QUERY_FIELDS.invoices)).toEqual({
      success: true,
      data: [{ field: ['contact', 'tin_value'], op: 'eq', value: 'ESB12345678' }],
    });
    expect(parseQueryFilter('cin_scheme=88 and parent_id=7', QUERY_FIELDS.contacts)).toEqual({
      success: true,
      data: [
        { field: ['cin_scheme'], op: 'eq', value: '0088' },
        { field: ['parent_id'], op: 'eq', value: 7 },
      ],
    });
    expect(parseQueryFilter('enabled=0', QUERY_FIELDS.web_hooks)).toEqual({
      success: true,
      data: [{ field: ['enabled'], op: 'eq', value: false }],
    });
    // A value may hold spaces; blank is no filter.
    expect(parseQueryFilter('url=https://x.example/a b', QUERY_FIELDS.web_hooks).success).toBe(true);
    expect(parseQueryFilter('  ', QUERY_FIELDS.accounts)).toEqual({ success: true, data: [] });
  });

  it.each([
    ['country', 'no ='],
    ['name=ACME', 'a field outside the whitelist'],
    ['name_cont=ACME', 'a Ransack predicate'],
    ['country=ES OR country=PT', 'OR (a second =)'],
    ['country=ES AND country=PT', 'a field twice'],
    ['country=', 'no value'],
    ['country=ESP', 'a country that is not two letters'],
    ['tin_scheme=VAT', 'a scheme that is not a code'],
    ['country=E\u0001', 'a control character'],
  ])('%s (%s) is 400 invalid_request_params at query', (query) => {
    expect(refused(parseQueryFilter(query, QUERY_FIELDS.accounts))).toEqual([
      ['invalid_request_params', 'query'],
    ]);
  });

  it('exists from v2026-03-02; a list that takes only query refuses anything else, naming it', () => {
    expect(refused(listQueryConditions('transports', '2025-10-13', { query: 'code=email' }))).toEqual([
      ['invalid_request_params', 'query'],
    ]);
    expect(listQueryConditions('transports', '2026-03-02', { query: 'code=email', limit: '5' }).success).toBe(
      true,
    );
    expect(refused(listQueryConditions('transports', '2026-04-20', { code: 'email' }))).toEqual([
      ['invalid_request_params', 'code'],
    ]);
    expect(unknownListParams({ offset: '0', limit: '1', name: 'x' }, ['name'])).toEqual([]);
  });
});

describe('the contacts’ filters (the official PHP client’s ContactService::all)', () => {
  it('name searches name, address and TIN; is_client and is_provider are flags; integration_code is refused', () => {
    const parsed = contactListConditions('2026-03-02', { name: 'example', is_client: '1' });
    expect(parsed.success).toBe(true);
    const conditions = parsed.success ? parsed.data : [];
    expect(recordMatches({ name: 'N', address: 'Example St', is_client: true }, conditions)).toBe(true);
    expect(recordMatches({ name: 'Example SL', is_client: false }, conditions)).toBe(false);
    expect(refused(contactListConditions('2026-03-02', { integration_code: 'X' }))).toEqual([
      ['invalid_request_params', 'integration_code'],
    ]);
    expect(refused(contactListConditions('2026-03-02', { is_provider: 'yes' }))).toEqual([
      ['invalid_request_params', 'is_provider'],
    ]);
  });
});

describe('the invoice list’s filters', () => {
  it('taxcode before v2026-03-02, query from it; each refused in the other’s versions', () => {
    expect(invoiceListQuery('2025-10-13', { taxcode: '9920:ESB12345678' })).toMatchObject({
      success: true,
      data: {
        conditions: [
          { field: ['type'], op: 'eq', value: 'IssuedInvoice' },
          { field: ['contact', 'tin_scheme'], op: 'eq', value: '9920' },
          { field: ['contact', 'tin_value'], op: 'eq', value: 'ESB12345678' },
        ],
      },
    });
    expect(refused(invoiceListQuery('2026-03-02', { taxcode: 'ESB12345678' }))).toEqual([
      ['invalid_request_params', 'taxcode'],
    ]);
    expect(refused(invoiceListQuery('2025-10-13', { query: 'tin_value=ESB12345678' }))).toEqual([
      ['invalid_request_params', 'query'],
    ]);
  });

  it('updated_at is an instant in UTC: a date’s first instant, an offset moved back', () => {
    expect(updatedAtInstant('2026-04-20')).toBe('2026-04-20T00:00:00.000Z');
    expect(updatedAtInstant('2026-04-20T10:15:30.123456Z')).toBe('2026-04-20T10:15:30.123Z');
    expect(updatedAtInstant('2026-04-20T01:00+02:00')).toBe('2026-04-19T23:00:00.000Z');
    expect(updatedAtInstant('2026-12-31T23:30:00-01:00')).toBe('2027-01-01T00:30:00.000Z');
    expect(updatedAtInstant('2026-02-30')).toBeNull();
    expect(updatedAtInstant('2026-04-20 10:00')).toBeNull();
    expect(refused(invoiceListQuery('2026-04-20', { updated_at: 'now' }))).toEqual([
      ['invalid_request_params', 'updated_at'],
    ]);
  });
});
