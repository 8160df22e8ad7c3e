/**
 * The field types of src/model/fields.ts (spec §2.1 conventions, §7.2 codes) and the two helpers they
 * are built on (isoDate.ts, losslessNumber.ts). Each field is parsed inside an object, as it is in a
 * request body, so the issue's `param` and code are the ones a client would receive.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSchemeCode } from '../../src/codelists/schemes.js';
import { errorStatus } from '../../src/errors/catalog.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import {
  codeIn,
  countryCode,
  currencyCode,
  decimal,
  email,
  httpUrl,
  identifier,
  isoDate,
  languageCode,
  oneOf,
  requiredText,
  schemeCodeField,
  text,
} from '../../src/model/fields.js';
import { isIsoDate } from '../../src/model/isoDate.js';
import { parseWith } from '../../src/model/parse.js';
import { isLosslessNumber, plainNumberText } from '../../src/money/losslessNumber.js';
import { lossless } from '../support/fixtures.js';

/** Parses `{ field: value }` (or `{}` when `value` is omitted) with `{ field: schema }`. */
function parseField(schema: z.ZodType, ...value: [] | [unknown]) {
  const body = value.length === 0 ? {} : { field: value[0] };
  return parseWith(z.object({ field: schema }), body);
}

/** The parsed value of a field that must be accepted. */
function accepted(schema: z.ZodType, value: unknown): unknown {
  const result = parseField(schema, value);
  if (!result.success)
    throw new Error(`expected ${JSON.stringify(value)} to be accepted: ${JSON.stringify(result.issues)}`);
  return (result.data as { field: unknown }).field;
}

/** The issues of a field that must be refused. */
function refused(schema: z.ZodType, ...value: [] | [unknown]): ValidationIssue[] {
  const result = parseField(schema, ...value);
  if (result.success)
    throw new Error(`expected ${JSON.stringify(value)} to be refused, got ${JSON.stringify(result.data)}`);
  return result.issues;
}

/** The single issue of a refused field, with its code and param. */
function refusedWith(schema: z.ZodType, value: unknown): ValidationIssue {
  const issues = refused(schema, value);
  expect(issues.length).toBeGreaterThanOrEqual(1);
  for (const issue of issues) expect(issue.param).toBe('field');
  const [first] = issues;
  if (first === undefined) throw new Error('no issue');
  return first;
}

describe('decimal() (spec §2.1 amounts; DESIGN.md "Money is never a JS number")', () => {
  it.each([
    ['12.50', '12.50'],
    ['0', '0'],
    ['-3.25', '-3.25'],
    ['0.00000001', '0.00000001'],
    ['1000000', '1000000'],
  ])('accepts the decimal string %j unchanged (trailing zeros kept)', (input, output) => {
    expect(accepted(decimal(), input)).toBe(output);
  });

  it.each([
    ['1.5E-2', '0.015'],
    ['12.50', '12.50'],
    ['1e3', '1000'],
    ['2E+2', '200'],
    ['-7.5e1', '-75'],
    ['42', '42'],
  ])('accepts the lossless JSON number %j as the plain decimal %j', (input, output) => {
    expect(accepted(decimal(), lossless(input))).toBe(output);
  });

  it('refuses a lossless number whose exponent overflows (1e999) with parameter_invalid, never expanding it', () => {
    const issue = refusedWith(decimal(), lossless('1e999'));
    expect(issue.code).toBe('parameter_invalid');
    expect(errorStatus(issue.code)).toBe(422);
  });

  it('refuses a lossless number expanding to more than 16 integer digits (1e16 has 17)', () => {
    expect(accepted(decimal(), lossless('1e15'))).toBe('1000000000000000');
    expect(refusedWith(decimal(), lossless('1e16')).code).toBe('parameter_invalid');
  });

  it('refuses a lossless number expanding to more decimals than allowed (1e-9 has 9 decimals, limit 8)', () => {
    expect(accepted(decimal(), lossless('1e-8'))).toBe('0.00000001');
    expect(refusedWith(decimal(), lossless('1e-9')).code).toBe('parameter_invalid');
  });

  it('refuses a JS number with 400 invalid_request_params and the "never JS numbers" hint', () => {
    const issue = refusedWith(decimal(), 12.5);
    expect(issue.code).toBe('invalid_request_params');
    expect(errorStatus(issue.code)).toBe(400);
    expect(issue.message).toContain('never JS numbers');
    expect(issue.message.startsWith('field ')).toBe(true);
  });

  it('refuses an integer JS number as well (it may already have lost digits)', () => {
    expect(refusedWith(decimal(), 100).code).toBe('invalid_request_params');
  });

  it('refuses a boolean with invalid_request_params, without the number hint', () => {
    const issue = refusedWith(decimal(), true);
    expect(issue.code).toBe('invalid_request_params');
    expect(issue.message).not.toContain('never JS numbers');
  });

  it.each(['1e3', '+1', '.5', '1.', ' 1', '1 ', '1,5', '12.50 EUR', 'abc', '--1', '0x10', 'NaN', 'Infinity'])(
    'refuses the string %j with parameter_invalid',
    (input) => {
      expect(refusedWith(decimal(), input).code).toBe('parameter_invalid');
    },
  );

  it('a missing or null required decimal is parameter_blank', () => {
    const missing = refused(decimal());
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ code: 'parameter_blank', param: 'field' });
    expect(refusedWith(decimal(), null).code).toBe('parameter_blank');
  });

  it('default limit is 8 decimals', () => {
    expect(accepted(decimal(), '0.12345678')).toBe('0.12345678');
    expect(refusedWith(decimal(), '0.123456789').code).toBe('parameter_invalid');
  });

  it.each([
    [0, '1', '1.0'],
    [2, '1.23', '1.234'],
    [4, '1.2345', '1.23456'],
    [6, '0.000001', '0.0000001'],
  ])('maxDecimals %i accepts %j and refuses %j', (maxDecimals, ok, tooMany) => {
    expect(accepted(decimal({ maxDecimals }), ok)).toBe(ok);
    expect(refusedWith(decimal({ maxDecimals }), tooMany).code).toBe('parameter_invalid');
  });

  it('16 integer digits are accepted, 17 are not (taxmath.md §3.1)', () => {
    expect(accepted(decimal(), '9999999999999999')).toBe('9999999999999999');
    expect(accepted(decimal(), '-9999999999999999.99999999')).toBe('-9999999999999999.99999999');
    expect(refusedWith(decimal(), '10000000000000000').code).toBe('parameter_invalid');
    expect(refusedWith(decimal(), '-10000000000000000').code).toBe('parameter_invalid');
  });

  describe("sign: 'positive'", () => {
    const positive = decimal({ sign: 'positive' });
    it.each(['0.01', '1', '1000.5'])('accepts %j', (input) => {
      expect(accepted(positive, input)).toBe(input);
    });
    it.each(['0', '0.00', '-0', '-1', '-0.01'])('refuses %j with parameter_invalid', (input) => {
      const issues = refused(positive, input);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ code: 'parameter_invalid', param: 'field' });
    });
    it('a malformed value gets one issue (the shape), not a second one for the sign', () => {
      expect(refused(positive, 'abc')).toHaveLength(1);
    });
  });

  describe("sign: 'non_negative'", () => {
    const nonNegative = decimal({ sign: 'non_negative' });
    it.each(['0', '0.00', '5.5'])('accepts %j', (input) => {
      expect(accepted(nonNegative, input)).toBe(input);
    });
    it.each(['-0.01', '-1'])('refuses %j with parameter_invalid', (input) => {
      expect(refusedWith(nonNegative, input).code).toBe('parameter_invalid');
    });
  });

  it('without a sign option negative amounts are accepted (credit notes, withholdings)', () => {
    expect(accepted(decimal(), '-15')).toBe('-15');
  });
});

describe('identifier() (spec §2: ids are positive integers)', () => {
  it.each([
    [42, 42],
    ['42', 42],
    [' 42 ', 42],
    [1, 1],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    ['999999999999999', 999_999_999_999_999],
  ])('accepts %j as %j', (input, output) => {
    expect(accepted(identifier(), input)).toBe(output);
  });

  it('accepts a lossless JSON number 42 as the number 42', () => {
    expect(accepted(identifier(), lossless('42'))).toBe(42);
  });

  it.each([0, -1])('refuses %j with parameter_invalid (422: a number, but not a valid id)', (input) => {
    expect(refusedWith(identifier(), input).code).toBe('parameter_invalid');
  });

  it('refuses 2**53 (not a safe integer) with parameter_invalid', () => {
    const issues = refused(identifier(), 2 ** 53);
    expect(issues.length).toBeGreaterThanOrEqual(1);
    for (const issue of issues) expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'field' });
  });

  it('refuses 1.5 as the wrong type (an id is an integer): 400 invalid_request_params', () => {
    expect(refusedWith(identifier(), 1.5).code).toBe('invalid_request_params');
  });

  it.each(['4x', 'abc', '-1', '1.5', '1e3'])(
    'refuses the string %j as the wrong type (invalid_request_params)',
    (input) => {
      expect(refusedWith(identifier(), input).code).toBe('invalid_request_params');
    },
  );

  it.each([true, [], {}])('refuses %j as the wrong type', (input) => {
    expect(refusedWith(identifier(), input).code).toBe('invalid_request_params');
  });

  it('a missing or null required id is parameter_blank', () => {
    expect(refused(identifier())[0]?.code).toBe('parameter_blank');
    expect(refusedWith(identifier(), null).code).toBe('parameter_blank');
  });
});

describe('isoDate() (spec §2.1: YYYY-MM-DD)', () => {
  it.each(['2024-02-29', '2000-02-29', '2026-04-20', '2026-12-31', '2026-01-01', '0001-01-01', '9999-12-31'])(
    'accepts %j',
    (input) => {
      expect(accepted(isoDate(), input)).toBe(input);
    },
  );

  it.each([
    ['2026-02-29', '2026 is not a leap year'],
    ['1900-02-29', '1900 is divisible by 100 but not by 400'],
    ['2026-13-01', 'month 13'],
    ['2026-00-10', 'month 0'],
    ['2026-04-31', 'April has 30 days'],
    ['2026-04-00', 'day 0'],
    ['2026-4-1', 'one-digit month and day'],
    ['20260420', 'no dashes'],
    ['20-04-2026', 'day first'],
    ['2026-04-20T00:00:00Z', 'a timestamp'],
    ['0000-01-01', 'year 0'],
  ])('refuses %j (%s) with parameter_invalid', (input) => {
    expect(refusedWith(isoDate(), input).code).toBe('parameter_invalid');
  });

  it.each([20260420, true, {}])('refuses the non-string %j with 400 invalid_request_params', (input) => {
    const issue = refusedWith(isoDate(), input);
    expect(issue.code).toBe('invalid_request_params');
    expect(errorStatus(issue.code)).toBe(400);
  });
});

describe('isIsoDate (src/model/isoDate.ts)', () => {
  it('follows the Gregorian leap year rule', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2400-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2100-02-29')).toBe(false);
    expect(isIsoDate('2024-02-30')).toBe(false);
  });

  it('knows the length of every month', () => {
    const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    lengths.forEach((days, index) => {
      const month = String(index + 1).padStart(2, '0');
      expect(isIsoDate(`2026-${month}-${String(days)}`)).toBe(true);
      expect(isIsoDate(`2026-${month}-${String(days + 1)}`)).toBe(false);
    });
  });

  it('agrees with the UTC calendar on every day of 2023–2024 and refuses the rolled-over dates', () => {
    let checked = 0;
    for (let time = Date.UTC(2023, 0, 1); time < Date.UTC(2025, 0, 1); time += 86_400_000) {
      const date = new Date(time).toISOString().slice(0, 10);
      expect(isIsoDate(date)).toBe(true);
      checked += 1;
    }
    expect(checked).toBe(365 + 366);
  });

  it.each([
    '2026-4-01',
    '2026-04-1',
    '26-04-01',
    '+2026-04-01',
    '2026/04/01',
    ' 2026-04-01',
    '2026-04-01 ',
    '２０２６-04-01',
  ])('refuses the malformed %j', (input) => {
    expect(isIsoDate(input)).toBe(false);
  });
});

describe('losslessNumber.ts', () => {
  it('isLosslessNumber recognises the lossless-json shape only', () => {
    expect(isLosslessNumber(lossless('1'))).toBe(true);
    expect(isLosslessNumber({ isLosslessNumber: true, value: 1 })).toBe(false);
    expect(isLosslessNumber({ isLosslessNumber: 'true', value: '1' })).toBe(false);
    expect(isLosslessNumber({ value: '1' })).toBe(false);
    expect(isLosslessNumber(1)).toBe(false);
    expect(isLosslessNumber('1')).toBe(false);
    expect(isLosslessNumber(null)).toBe(false);
    expect(isLosslessNumber(undefined)).toBe(false);
  });

  it.each([
    ['1.5E-2', '0.015'],
    ['12.50', '12.50'],
    ['1e3', '1000'],
    ['1E+3', '1000'],
    ['-1.25e2', '-125'],
    ['123.456e-3', '0.123456'],
    ['0', '0'],
    ['-0.5', '-0.5'],
    ['1e40', `1${'0'.repeat(40)}`],
    ['1e-40', `0.${'0'.repeat(39)}1`],
  ])('plainNumberText(%j) is %j', (input, output) => {
    expect(plainNumberText(input)).toBe(output);
  });

  it.each(['1e999', '1e41', '1e-41', '1e9999999999', '1e0041'])(
    'refuses the out-of-range exponent %j',
    (input) => {
      expect(plainNumberText(input)).toBeNull();
    },
  );

  it.each(['', 'abc', '01', '+1', '.5', '1.', '1e', '--1', '0x10', 'NaN', 'Infinity', ' 1'])(
    'refuses %j, which is not JSON number text',
    (input) => {
      expect(plainNumberText(input)).toBeNull();
    },
  );
});

describe('countryCode() (spec §2.1: ISO 3166-1 alpha-2)', () => {
  it.each([
    ['ES', 'ES'],
    ['es', 'ES'],
    [' be ', 'BE'],
    ['Pl', 'PL'],
  ])('accepts %j as %j', (input, output) => {
    expect(accepted(countryCode(), input)).toBe(output);
  });

  it.each([
    ['XX', 'not assigned'],
    ['AC', 'exceptionally reserved, not assigned'],
    ['XK', 'user-assigned (Kosovo)'],
    ['ESP', 'alpha-3'],
    ['E', 'one letter'],
    ['UK', 'exceptionally reserved (GB is the code)'],
  ])('refuses %j (%s) with parameter_inclusion', (input) => {
    expect(refusedWith(countryCode(), input).code).toBe('parameter_inclusion');
  });

  it('refuses a number with invalid_request_params', () => {
    expect(refusedWith(countryCode(), 34).code).toBe('invalid_request_params');
  });

  it('a missing required country is parameter_blank', () => {
    expect(refused(countryCode())[0]).toMatchObject({ code: 'parameter_blank', param: 'field' });
  });
});

describe('currencyCode() (spec §2.1: ISO 4217)', () => {
  it.each([
    ['EUR', 'EUR'],
    ['eur', 'EUR'],
    ['PLN', 'PLN'],
    ['jpy', 'JPY'],
  ])('accepts %j as %j', (input, output) => {
    expect(accepted(currencyCode(), input)).toBe(output);
  });

  it.each(['XAU', 'EURO', 'XXX', 'ABC', 'E'])('refuses %j with parameter_inclusion', (input) => {
    expect(refusedWith(currencyCode(), input).code).toBe('parameter_inclusion');
  });

  it('refuses a number with invalid_request_params', () => {
    expect(refusedWith(currencyCode(), 978).code).toBe('invalid_request_params');
  });
});

describe('languageCode() (ISO 639-1)', () => {
  it.each([
    ['es', 'es'],
    ['ES', 'es'],
    [' Pl ', 'pl'],
    ['ae', 'ae'],
  ])('accepts %j as %j', (input, output) => {
    expect(accepted(languageCode(), input)).toBe(output);
  });

  it.each(['mo', 'xx', 'spa', 'e'])('refuses %j with parameter_inclusion', (input) => {
    expect(refusedWith(languageCode(), input).code).toBe('parameter_inclusion');
  });

  it('refuses a boolean with invalid_request_params', () => {
    expect(refusedWith(languageCode(), false).code).toBe('invalid_request_params');
  });
});

describe('schemeCodeField() (spec §2.2: zero-padded 4-character scheme codes; §7.2 parameter_inclusion)', () => {
  it("'7' is stored '0007' (0007 is the Swedish Organisationsnummer scheme)", () => {
    expect(isSchemeCode('0007')).toBe(true);
    expect(accepted(schemeCodeField(), '7')).toBe('0007');
  });

  it.each([
    ['9920', '9920'],
    ['0088', '0088'],
    ['88', '0088'],
    [' 88 ', '0088'],
    ['0007', '0007'],
  ])('accepts %j as %j', (input, output) => {
    expect(accepted(schemeCodeField(), input)).toBe(output);
  });

  it('accepts a lossless JSON number 88 as 0088', () => {
    expect(accepted(schemeCodeField(), lossless('88'))).toBe('0088');
  });

  it.each([
    ['VAT', 'a tax-type word, not a scheme code'],
    ['0001', 'not an assigned scheme'],
    ['1', 'pads to 0001, not assigned'],
    ['12345', 'five digits'],
    ['99999', 'five digits'],
  ])('refuses %j (%s) with parameter_inclusion', (input) => {
    expect(refusedWith(schemeCodeField(), input).code).toBe('parameter_inclusion');
  });

  it('refuses a JS number with invalid_request_params', () => {
    expect(refusedWith(schemeCodeField(), 9920).code).toBe('invalid_request_params');
  });
});

describe('httpUrl()', () => {
  it.each([
    'https://example.com/hooks',
    'http://example.com',
    'https://hooks.example.com:8443/b2b?x=1#frag',
    'http://localhost:3000/webhook',
    'https://127.0.0.1/x',
    'https://[::1]:8080/x',
    'HTTPS://EXAMPLE.COM/',
  ])('accepts %j', (input) => {
    expect(accepted(httpUrl(), input)).toBe(input);
  });

  it.each([
    'ftp://example.com',
    'example.com/hooks',
    'https://',
    'https:///path',
    'https://exa mple.com',
    'https://example.com/a b',
    'mailto:a@example.com',
    'javascript:alert(1)',
    '//example.com',
  ])('refuses %j with parameter_invalid', (input) => {
    expect(refusedWith(httpUrl(), input).code).toBe('parameter_invalid');
  });

  it('refuses a URL longer than 2048 characters', () => {
    expect(refusedWith(httpUrl(), `https://example.com/${'a'.repeat(2048)}`).code).toBe('parameter_invalid');
  });
});

describe('email()', () => {
  it.each(['billing@example.com', 'a.b+c@sub.example.es', 'x@y'])('accepts %j', (input) => {
    expect(accepted(email(), input)).toBe(input);
  });

  it.each(['billing.example.com', 'a b@example.com', '@example.com', 'billing@', 'a@b@c', 'a@ b'])(
    'refuses %j with parameter_invalid',
    (input) => {
      expect(refusedWith(email(), input).code).toBe('parameter_invalid');
    },
  );

  it('refuses an address longer than 255 characters', () => {
    expect(refusedWith(email(), `${'a'.repeat(250)}@example.com`).code).toBe('parameter_invalid');
  });
});

describe('text(), requiredText(), codeIn(), oneOf()', () => {
  it('text(max) refuses a longer string with parameter_invalid and accepts exactly max', () => {
    expect(accepted(text(3), 'abc')).toBe('abc');
    expect(refusedWith(text(3), 'abcd').code).toBe('parameter_invalid');
  });

  it('text refuses a number as the wrong type', () => {
    expect(refusedWith(text(), 12).code).toBe('invalid_request_params');
  });

  it('requiredText: missing, null and empty are parameter_blank (spec §7.2 "missing or blank")', () => {
    expect(refused(requiredText())[0]?.code).toBe('parameter_blank');
    expect(refusedWith(requiredText(), null).code).toBe('parameter_blank');
    expect(refusedWith(requiredText(), '').code).toBe('parameter_blank');
  });

  it('requiredText: a whitespace-only string is blank too (parameter_blank), with one issue', () => {
    const issues = refused(requiredText(), '   ');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'parameter_blank', param: 'field' });
  });

  it('requiredText keeps surrounding spaces of a real value and enforces max', () => {
    expect(accepted(requiredText(), ' ACME ')).toBe(' ACME ');
    expect(refusedWith(requiredText(4), 'ACME SL').code).toBe('parameter_invalid');
  });

  it('codeIn: a value outside the catalogue is parameter_inclusion', () => {
    const schema = codeIn((code) => code === 'A0', 'a communication type');
    expect(accepted(schema, 'A0')).toBe('A0');
    const issue = refusedWith(schema, 'A9');
    expect(issue.code).toBe('parameter_inclusion');
    expect(issue.message).toContain('a communication type');
  });

  it('oneOf: a value outside the list is parameter_inclusion, a wrong type invalid_request_params', () => {
    const schema = oneOf(['amend', 'prepayment']);
    expect(accepted(schema, 'prepayment')).toBe('prepayment');
    expect(refusedWith(schema, 'credit').code).toBe('parameter_inclusion');
    expect(refusedWith(schema, 'AMEND').code).toBe('parameter_inclusion');
    expect(refusedWith(schema, 1).code).toBe('invalid_request_params');
  });
});

describe('a blank string is parameter_blank whatever the field checks (spec §7.2 "missing or blank")', () => {
  const fields: [string, z.ZodType][] = [
    ['decimal', decimal()],
    ['identifier', identifier()],
    ['isoDate', isoDate()],
    ['countryCode', countryCode()],
    ['currencyCode', currencyCode()],
    ['languageCode', languageCode()],
    ['schemeCodeField', schemeCodeField()],
    ['httpUrl', httpUrl()],
    ['email', email()],
    ['requiredText', requiredText()],
  ];
  it.each(fields.flatMap(([name, schema]) => ['', '   '].map((blank) => [name, schema, blank] as const)))(
    '%s refuses %j with parameter_blank',
    (_name, schema, blank) => {
      const issue = refusedWith(schema, blank);
      expect(issue.code).toBe('parameter_blank');
      expect(issue.message).toBe('field must not be blank');
    },
  );

  it('an identifier "0" is a number, but not an id: 422 parameter_invalid, like the integer 0', () => {
    expect(refusedWith(identifier(), '0').code).toBe('parameter_invalid');
    expect(refusedWith(identifier(), 0).code).toBe('parameter_invalid');
  });

  it('a 16-digit id up to Number.MAX_SAFE_INTEGER is read exactly; beyond it is refused', () => {
    expect(accepted(identifier(), '9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(accepted(identifier(), lossless('9007199254740991'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(refusedWith(identifier(), '9007199254740993').code).toBe('parameter_invalid');
  });
});

describe('the body itself', () => {
  it.each([null, undefined, 'text', 42, []])('%j as the whole body is 400 invalid_request_params', (body) => {
    const result = parseWith(z.object({ name: requiredText() }), body);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues.map((issue) => [issue.code, issue.param])).toEqual([['invalid_request_params', '']]);
  });
});
