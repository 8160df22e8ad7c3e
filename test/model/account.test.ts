/**
 * parseAccount (spec §2.2, §4.4, §7.2): required fields on create, partial updates, routing codes as
 * parsed (five slots, scheme padding), unknown fields dropped, wrong JSON types as 400.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import { parseAccount } from '../../src/model/account.js';
import { removeAt, setAt, validAccountBody } from '../support/fixtures.js';

function issuesOf(result: ReturnType<typeof parseAccount>) {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.issues;
}

function dataOf(result: ReturnType<typeof parseAccount>) {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

describe('parseAccount: create (POST /accounts, spec §4.4)', () => {
  it('accepts the valid fixture and normalizes codes', () => {
    const data = dataOf(
      parseAccount({ ...validAccountBody(), country: 'es', currency: 'eur', language: 'ES' }, 'create'),
    );
    expect(data.country).toBe('ES');
    expect(data.currency).toBe('EUR');
    expect(data.language).toBe('es');
    expect(data.name).toBe('ACME Servicios SL');
    expect(data.routing_codes).toEqual({ cin1_value: '8412345678905', cin1_scheme: '0088' });
  });

  it('the minimal account is name and country', () => {
    const data = dataOf(parseAccount({ name: 'ACME', country: 'BE' }, 'create'));
    expect(data).toEqual({ name: 'ACME', country: 'BE' });
  });

  it.each(['name', 'country'])('a missing %s is parameter_blank at that param', (field) => {
    const issues = issuesOf(parseAccount(removeAt(validAccountBody(), [field]), 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'parameter_blank', param: field })]);
  });

  it.each(['name', 'country'])('a null %s is parameter_blank', (field) => {
    const issues = issuesOf(parseAccount(setAt(validAccountBody(), [field], null), 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'parameter_blank', param: field })]);
  });

  it('an empty name is parameter_blank; a name of spaces as well', () => {
    expect(issuesOf(parseAccount(setAt(validAccountBody(), ['name'], ''), 'create'))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'name' }),
    ]);
    expect(issuesOf(parseAccount(setAt(validAccountBody(), ['name'], '   '), 'create'))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'name' }),
    ]);
  });

  it('both required fields missing: two issues, one per field', () => {
    const issues = issuesOf(parseAccount({}, 'create'));
    expect(issues.map((issue) => [issue.code, issue.param]).sort()).toEqual([
      ['parameter_blank', 'country'],
      ['parameter_blank', 'name'],
    ]);
  });

  it('an unknown country is parameter_inclusion at country', () => {
    const issues = issuesOf(parseAccount(setAt(validAccountBody(), ['country'], 'XX'), 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'parameter_inclusion', param: 'country' })]);
  });

  it('an unknown tin_scheme is parameter_inclusion (spec §7.2: "e.g. scheme")', () => {
    const issues = issuesOf(parseAccount(setAt(validAccountBody(), ['tin_scheme'], 'IVA'), 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'parameter_inclusion', param: 'tin_scheme' })]);
  });

  it('a tin_scheme word of spec §2.3 (VAT, TAX) parses, upper case, for the rules to read with the country', () => {
    expect(dataOf(parseAccount(setAt(validAccountBody(), ['tin_scheme'], 'vat'), 'create')).tin_scheme).toBe(
      'VAT',
    );
  });

  it('tin_scheme 7 is stored zero-padded as 0007', () => {
    expect(dataOf(parseAccount(setAt(validAccountBody(), ['tin_scheme'], '7'), 'create')).tin_scheme).toBe(
      '0007',
    );
  });
});

describe('parseAccount: update', () => {
  it('every field is optional: an empty body parses to an empty update', () => {
    expect(dataOf(parseAccount({}, 'update'))).toEqual({});
  });

  it('a single flag parses alone', () => {
    expect(dataOf(parseAccount({ auto_remittance: true }, 'update'))).toEqual({ auto_remittance: true });
  });

  it('a sent name must still not be blank', () => {
    expect(issuesOf(parseAccount({ name: '' }, 'update'))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'name' }),
    ]);
  });

  it('null clears an optional field (kept as null, not dropped)', () => {
    expect(dataOf(parseAccount({ routing_codes: null, currency: null }, 'update'))).toEqual({
      routing_codes: null,
      currency: null,
    });
  });
});

describe('unknown fields are dropped (spec §2.2 rule 3, §9)', () => {
  it('prefer_xslt_pdf (removed in v2025-10-13) is silently ignored', () => {
    const data = dataOf(parseAccount({ ...validAccountBody(), prefer_xslt_pdf: true }, 'create'));
    expect(data).not.toHaveProperty('prefer_xslt_pdf');
  });

  it('standard_documents (removed in v2026-04-20) and arbitrary keys are silently ignored', () => {
    const data = dataOf(
      parseAccount({ standard_documents: ['x'], whatever: 1, auto_remittance: false }, 'update'),
    );
    expect(data).toEqual({ auto_remittance: false });
  });
});

describe('wrong JSON types are 400 invalid_request_params at the exact param (spec §7.2)', () => {
  it.each([
    ['auto_remittance', 'true'],
    ['apply_taxes_per_line', 1],
    ['skip_line_taxable_base_rounding', 'false'],
    ['name', 42],
    ['country', 34],
    ['routing_codes', 'cin1'],
    ['routing_codes', []],
    ['rounding_method', 1],
  ])('%s = %j', (field, value) => {
    const issues = issuesOf(parseAccount(setAt(validAccountBody(), [field], value), 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'invalid_request_params', param: field })]);
    expect(apiErrorFromIssues(issues).status).toBe(400);
  });

  it('a body that is not an object is invalid_request_params at the whole input', () => {
    const issues = issuesOf(parseAccount(['name'], 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'invalid_request_params', param: '' })]);
    expect(apiErrorFromIssues(issues).param).toBeNull();
  });

  it('rounding_method outside the catalogue is parameter_inclusion', () => {
    const issues = issuesOf(parseAccount({ rounding_method: 'ceiling' }, 'update'));
    expect(issues).toEqual([
      expect.objectContaining({ code: 'parameter_inclusion', param: 'rounding_method' }),
    ]);
  });
});

describe('routing_codes as parsed (spec §2.2, §8: five additional identifiers)', () => {
  it('all five slots are accepted, schemes zero-padded', () => {
    const routing_codes = {
      cin1_value: 'A',
      cin1_scheme: '88',
      cin2_value: 'B',
      cin2_scheme: '7',
      cin3_value: 'C',
      cin3_scheme: '9920',
      cin4_value: 'D',
      cin4_scheme: '0060',
      cin5_value: 'E',
      cin5_scheme: '9925',
    };
    const data = dataOf(parseAccount({ routing_codes }, 'update'));
    expect(data.routing_codes).toEqual({
      cin1_value: 'A',
      cin1_scheme: '0088',
      cin2_value: 'B',
      cin2_scheme: '0007',
      cin3_value: 'C',
      cin3_scheme: '9920',
      cin4_value: 'D',
      cin4_scheme: '0060',
      cin5_value: 'E',
      cin5_scheme: '9925',
    });
  });

  it('nulls are kept (they clear a slot)', () => {
    const data = dataOf(parseAccount({ routing_codes: { cin2_value: null, cin2_scheme: null } }, 'update'));
    expect(data.routing_codes).toEqual({ cin2_value: null, cin2_scheme: null });
  });

  it('a sixth slot cin6_value is parameter_invalid at routing_codes.cin6_value (the limit of 5)', () => {
    const issues = issuesOf(
      parseAccount({ routing_codes: { cin6_value: 'X', cin6_scheme: '0088' } }, 'update'),
    );
    expect(issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['parameter_invalid', 'routing_codes.cin6_value'],
      ['parameter_invalid', 'routing_codes.cin6_scheme'],
    ]);
    expect(apiErrorFromIssues(issues).status).toBe(422);
  });

  it('an unknown key inside routing_codes is invalid_request_params (unexpected structure)', () => {
    const issues = issuesOf(parseAccount({ routing_codes: { gln: '8412345678905' } }, 'update'));
    expect(issues).toEqual([
      expect.objectContaining({ code: 'invalid_request_params', param: 'routing_codes.gln' }),
    ]);
    expect(apiErrorFromIssues(issues).status).toBe(400);
  });

  it('a flat cin1_value outside the wrapper (removed in v2025-10-13) is dropped, not read', () => {
    const data = dataOf(parseAccount({ cin1_value: 'X', cin1_scheme: '0088' }, 'update'));
    expect(data).toEqual({});
  });

  it('an unknown routing scheme is parameter_inclusion at its slot', () => {
    const issues = issuesOf(
      parseAccount({ routing_codes: { cin3_value: 'X', cin3_scheme: 'GLN' } }, 'update'),
    );
    expect(issues).toEqual([
      expect.objectContaining({ code: 'parameter_inclusion', param: 'routing_codes.cin3_scheme' }),
    ]);
  });

  it('a routing value that is a number is invalid_request_params at its slot', () => {
    const issues = issuesOf(
      parseAccount({ routing_codes: { cin1_value: 8412345678905, cin1_scheme: '0088' } }, 'update'),
    );
    expect(issues).toEqual([
      expect.objectContaining({ code: 'invalid_request_params', param: 'routing_codes.cin1_value' }),
    ]);
  });
});
