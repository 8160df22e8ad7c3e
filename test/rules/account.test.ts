/**
 * Account rules (spec §2.2 rules 1–2): the routing code pairs and the rounding flags, alone and
 * through accountIssues, and the HTTP status they answer with (§7.2).
 */
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import { parseAccount } from '../../src/model/account.js';
import { accountIssues } from '../../src/rules/account.js';
import { primaryCinIssues } from '../../src/rules/primaryCin.js';
import { routingCodeIssues } from '../../src/rules/routingCodes.js';
import { taxableBaseRoundingIssues } from '../../src/rules/taxableBaseRounding.js';
import { tinSchemeIssues } from '../../src/rules/tinScheme.js';
import { storedAccount, validAccountBody } from '../support/fixtures.js';

const SLOTS = [1, 2, 3, 4, 5] as const;

function pairs(issues: { code: string; param: string }[]): [string, string][] {
  return issues.map((issue) => [issue.code, issue.param]);
}

describe('§2.2 rule 1: routing_codes cinN_value needs cinN_scheme and the reverse', () => {
  it.each(SLOTS)(
    '§2.2 rule 1: cin%i_value without its scheme → parameter_blank at routing_codes.cinN_scheme',
    (slot) => {
      const issues = routingCodeIssues({ [`cin${slot}_value`]: 'B12345674' });
      expect(pairs(issues)).toEqual([['parameter_blank', `routing_codes.cin${slot}_scheme`]]);
      expect(issues[0]?.message.startsWith(`routing_codes.cin${slot}_scheme `)).toBe(true);
    },
  );

  it.each(SLOTS)(
    '§2.2 rule 1: cin%i_scheme without its value → parameter_blank at routing_codes.cinN_value',
    (slot) => {
      const issues = routingCodeIssues({ [`cin${slot}_scheme`]: '0088' });
      expect(pairs(issues)).toEqual([['parameter_blank', `routing_codes.cin${slot}_value`]]);
    },
  );

  it.each(SLOTS)('§2.2 rule 1: a complete pair in slot %i has no issue', (slot) => {
    expect(
      routingCodeIssues({ [`cin${slot}_value`]: '8412345678905', [`cin${slot}_scheme`]: '0088' }),
    ).toEqual([]);
  });

  it('§2.2 rule 1: a value with a null scheme is as incomplete as a missing one', () => {
    expect(pairs(routingCodeIssues({ cin2_value: 'X', cin2_scheme: null }))).toEqual([
      ['parameter_blank', 'routing_codes.cin2_scheme'],
    ]);
  });

  it('§2.2 rule 1: an empty or blank value counts as missing', () => {
    expect(pairs(routingCodeIssues({ cin3_value: '  ', cin3_scheme: '0088' }))).toEqual([
      ['parameter_blank', 'routing_codes.cin3_value'],
    ]);
    expect(pairs(routingCodeIssues({ cin3_value: '', cin3_scheme: '0088' }))).toEqual([
      ['parameter_blank', 'routing_codes.cin3_value'],
    ]);
  });

  it('§2.2 rule 1: both halves null (a cleared slot) is fine', () => {
    expect(routingCodeIssues({ cin4_value: null, cin4_scheme: null })).toEqual([]);
  });

  it('§2.2 rule 1: every incomplete slot is reported, in slot order', () => {
    const issues = routingCodeIssues({
      cin5_value: 'E',
      cin1_scheme: '0088',
      cin3_value: 'C',
      cin3_scheme: '0007',
    });
    expect(pairs(issues)).toEqual([
      ['parameter_blank', 'routing_codes.cin1_value'],
      ['parameter_blank', 'routing_codes.cin5_scheme'],
    ]);
  });

  it('§2.2 rule 1: no routing_codes (absent or null) has no issue', () => {
    expect(routingCodeIssues(undefined)).toEqual([]);
    expect(routingCodeIssues(null)).toEqual([]);
    expect(routingCodeIssues({})).toEqual([]);
  });

  it('§2.2 rule 1: the param prefix follows the given path', () => {
    expect(pairs(routingCodeIssues({ cin1_value: 'X' }, ['contact', 'routing_codes']))).toEqual([
      ['parameter_blank', 'contact.routing_codes.cin1_scheme'],
    ]);
  });

  it('§2.2 rule 1 / §7.2: the answer is HTTP 422 parameter_blank', () => {
    const error = apiErrorFromIssues(routingCodeIssues({ cin1_value: 'X' }));
    expect(error.status).toBe(422);
    expect(error.code).toBe('parameter_blank');
    expect(error.param).toBe('routing_codes.cin1_scheme');
  });
});

describe('§2.2 rule 2: skip_line_taxable_base_rounding needs apply_taxes_per_line', () => {
  it.each([
    [false, 'false'],
    [undefined, 'absent'],
    [null, 'null'],
  ])(
    '§2.2 rule 2: skip true with apply_taxes_per_line %s (%s) → 422 parameter_invalid at skip_line_taxable_base_rounding',
    (apply, _label) => {
      const issues = taxableBaseRoundingIssues({
        skip_line_taxable_base_rounding: true,
        apply_taxes_per_line: apply,
      });
      expect(pairs(issues)).toEqual([['parameter_invalid', 'skip_line_taxable_base_rounding']]);
      expect(apiErrorFromIssues(issues).status).toBe(422);
    },
  );

  it('§2.2 rule 2: skip true with apply_taxes_per_line true is fine', () => {
    expect(
      taxableBaseRoundingIssues({ skip_line_taxable_base_rounding: true, apply_taxes_per_line: true }),
    ).toEqual([]);
  });

  it.each([false, null, undefined])(
    '§2.2 rule 2: skip %s never fails, whatever apply_taxes_per_line is',
    (skip) => {
      for (const apply of [true, false, null, undefined])
        expect(
          taxableBaseRoundingIssues({ skip_line_taxable_base_rounding: skip, apply_taxes_per_line: apply }),
        ).toEqual([]);
    },
  );
});

describe('accountIssues (spec §2.2, on the candidate account)', () => {
  it('the valid fixture has no issue', () => {
    const parsed = parseAccount(validAccountBody(), 'create');
    if (!parsed.success) throw new Error('fixture must parse');
    expect(accountIssues(parsed.data)).toEqual([]);
  });

  it('§2.2 rules 1–2 together: both problems are reported', () => {
    const issues = accountIssues({
      name: 'ACME',
      country: 'BE',
      routing_codes: { cin2_scheme: '0208' },
      skip_line_taxable_base_rounding: true,
    });
    expect(pairs(issues)).toEqual([
      ['parameter_blank', 'routing_codes.cin2_value'],
      ['parameter_invalid', 'skip_line_taxable_base_rounding'],
    ]);
  });

  it('§2.2 rule 2 on update: setting skip true on a stored account without apply_taxes_per_line fails', () => {
    const stored = storedAccount({ apply_taxes_per_line: false });
    const update = parseAccount({ skip_line_taxable_base_rounding: true }, 'update');
    if (!update.success) throw new Error('update must parse');
    expect(pairs(accountIssues({ ...stored, ...update.data }))).toEqual([
      ['parameter_invalid', 'skip_line_taxable_base_rounding'],
    ]);
  });

  it('§2.2 rule 2 on update: turning apply_taxes_per_line off while skip stays true fails', () => {
    const stored = storedAccount({ apply_taxes_per_line: true, skip_line_taxable_base_rounding: true });
    expect(accountIssues(stored)).toEqual([]);
    expect(pairs(accountIssues({ ...stored, apply_taxes_per_line: false }))).toEqual([
      ['parameter_invalid', 'skip_line_taxable_base_rounding'],
    ]);
  });

  it('§2.2 rule 2 on update: turning both flags on in one request is fine', () => {
    const stored = storedAccount({ apply_taxes_per_line: false, skip_line_taxable_base_rounding: false });
    expect(
      accountIssues({ ...stored, apply_taxes_per_line: true, skip_line_taxable_base_rounding: true }),
    ).toEqual([]);
  });
});

describe('rule ids (issue #20 §4): each account rule names itself', () => {
  it('§2.2 rule 1 is spec.2.2.1, both halves of a pair', () => {
    expect(routingCodeIssues({ cin1_value: 'B12345674' })[0]).toMatchObject({
      rule: 'spec.2.2.1',
      code: 'parameter_blank',
      param: 'routing_codes.cin1_scheme',
    });
    expect(routingCodeIssues({ cin2_scheme: '9920' })[0]).toMatchObject({
      rule: 'spec.2.2.1',
      param: 'routing_codes.cin2_value',
    });
  });

  it('cin and cin_value disagreeing is fiscalkit.account.cin-one-value', () => {
    expect(primaryCinIssues({ cin: '0000123456', cin_value: '0000654321' })[0]).toMatchObject({
      rule: 'fiscalkit.account.cin-one-value',
      code: 'parameter_invalid',
      param: 'cin',
    });
  });

  it('a scheme word without a code in the country is api.3.2.tin-scheme-code', () => {
    expect(tinSchemeIssues({ tin_scheme: 'VAT', country: 'US' })[0]).toMatchObject({
      rule: 'api.3.2.tin-scheme-code',
      code: 'parameter_inclusion',
      param: 'tin_scheme',
    });
  });
});
