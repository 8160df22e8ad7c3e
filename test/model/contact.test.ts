/**
 * parseContact (spec §2.3, §7.2): required fields on create, partial updates, the v2025-10-13 field
 * names (old ones dropped), routing codes inside their wrapper, bank account as an object, parent_id.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import { parseContact } from '../../src/model/contact.js';
import { lossless, removeAt, setAt, VALID_IBAN, validContactBody } from '../support/fixtures.js';

function issuesOf(result: ReturnType<typeof parseContact>) {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.issues;
}

function dataOf(result: ReturnType<typeof parseContact>) {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

describe('parseContact: create (POST /accounts/{account}/contacts)', () => {
  it('accepts the valid fixture', () => {
    const data = dataOf(parseContact(validContactBody(), 'create'));
    expect(data.name).toBe('Distribuciones Norte SA');
    expect(data.tin_scheme).toBe('9920');
    expect(data.bank_account).toEqual({ iban: VALID_IBAN, bic: 'CAIXESBBXXX', bank_name: 'CaixaBank' });
  });

  it('the minimal contact is name and country', () => {
    expect(dataOf(parseContact({ name: 'Ana', country: 'pt' }, 'create'))).toEqual({
      name: 'Ana',
      country: 'PT',
    });
  });

  it.each(['name', 'country'])('a missing %s is parameter_blank at %s', (field) => {
    expect(issuesOf(parseContact(removeAt(validContactBody(), [field]), 'create'))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: field }),
    ]);
  });

  it('a blank name (spaces) is parameter_blank', () => {
    expect(issuesOf(parseContact(setAt(validContactBody(), ['name'], ' \t '), 'create'))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'name' }),
    ]);
  });

  it('on update nothing is required', () => {
    expect(dataOf(parseContact({ email: 'x@example.com' }, 'update'))).toEqual({ email: 'x@example.com' });
  });
});

describe('field names of v2025-10-13 (spec §2.3 rule 3)', () => {
  it.each([
    ['taxcode', '9920:ESB76543214'],
    ['company_identifier', 'X'],
    ['old_channel', 'email'],
    ['sepa_type', 'CORE'],
    ['iban', VALID_IBAN],
    ['bic', 'CAIXESBBXXX'],
    ['bank_name', 'CaixaBank'],
    ['posta_elettronica_certificata', 'pec@example.it'],
    ['codice_destinatario', 'ABC1234'],
    ['cin1_value', 'X'],
    ['standard_documents', true],
  ])('the removed field %s is silently dropped', (field, value) => {
    const data = dataOf(parseContact({ [field]: value }, 'update'));
    expect(data).toEqual({});
  });

  it('certified_email and recipient_code replace the Italian fields', () => {
    const data = dataOf(
      parseContact({ certified_email: 'pec@example.it', recipient_code: 'ABC1234' }, 'update'),
    );
    expect(data).toEqual({ certified_email: 'pec@example.it', recipient_code: 'ABC1234' });
  });

  it('recipient_code longer than 7 characters is parameter_invalid', () => {
    expect(issuesOf(parseContact({ recipient_code: 'ABC12345' }, 'update'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'recipient_code' }),
    ]);
  });

  it('bank_account must be an object: a flat string is invalid_request_params', () => {
    const issues = issuesOf(parseContact({ bank_account: VALID_IBAN }, 'update'));
    expect(issues).toEqual([
      expect.objectContaining({ code: 'invalid_request_params', param: 'bank_account' }),
    ]);
  });

  it('a bad IBAN parses (its check digits are a rule, bankAccountIssues)', () => {
    expect(
      dataOf(parseContact({ bank_account: { iban: 'ES00 not an iban' } }, 'update')).bank_account,
    ).toEqual({
      iban: 'ES00 not an iban',
    });
  });
});

describe('wrong JSON types are 400 at the exact param', () => {
  it.each([
    ['tin_value', 12345678],
    ['email', false],
    ['is_client', 'yes'],
    ['parent_id', true],
    ['parent_id', 'seven'],
    ['bank_account', ['ES91']],
  ])('%s = %j', (field, value) => {
    const issues = issuesOf(parseContact(setAt(validContactBody(), [field], value), 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'invalid_request_params', param: field })]);
    expect(apiErrorFromIssues(issues).status).toBe(400);
  });

  it('a nested wrong type names the nested param: bank_account.iban', () => {
    const issues = issuesOf(parseContact({ bank_account: { iban: 1234 } }, 'update'));
    expect(issues).toEqual([
      expect.objectContaining({ code: 'invalid_request_params', param: 'bank_account.iban' }),
    ]);
  });
});

describe('parent_id (spec §2.3: makes the contact an office)', () => {
  it.each([
    [7, 7],
    ['7', 7],
  ])('accepts %j as %j', (input, output) => {
    expect(dataOf(parseContact({ parent_id: input }, 'update')).parent_id).toBe(output);
  });

  it('accepts a lossless JSON number', () => {
    expect(dataOf(parseContact({ parent_id: lossless('7') }, 'update')).parent_id).toBe(7);
  });

  it('0 and -3 are parameter_invalid at parent_id', () => {
    expect(issuesOf(parseContact({ parent_id: 0 }, 'update'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'parent_id' }),
    ]);
    expect(issuesOf(parseContact({ parent_id: -3 }, 'update'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'parent_id' }),
    ]);
  });

  it('null is kept (an explicit "no parent")', () => {
    expect(dataOf(parseContact({ parent_id: null }, 'update'))).toEqual({ parent_id: null });
  });
});

describe('routing_codes (spec §2.3: always inside the wrapper)', () => {
  it('schemes are zero-padded', () => {
    expect(
      dataOf(parseContact({ routing_codes: { cin4_value: '5560360793', cin4_scheme: '7' } }, 'update'))
        .routing_codes,
    ).toEqual({
      cin4_value: '5560360793',
      cin4_scheme: '0007',
    });
  });

  it('cin6_value is parameter_invalid at routing_codes.cin6_value', () => {
    expect(issuesOf(parseContact({ routing_codes: { cin6_value: 'X' } }, 'update'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'routing_codes.cin6_value' }),
    ]);
  });

  it('cin0_value is not a slot either: parameter_invalid (a numbered slot outside 1–5)', () => {
    expect(issuesOf(parseContact({ routing_codes: { cin0_value: 'X' } }, 'update'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'routing_codes.cin0_value' }),
    ]);
  });

  it('an unknown key is invalid_request_params at routing_codes.<key>', () => {
    const issues = issuesOf(
      parseContact({ routing_codes: { cin1_value: 'X', cin1_scheme: '0088', note: 'x' } }, 'update'),
    );
    expect(issues).toEqual([
      expect.objectContaining({ code: 'invalid_request_params', param: 'routing_codes.note' }),
    ]);
  });
});
