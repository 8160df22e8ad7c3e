import { parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesFromZod } from '../../src/errors/zodIssues.js';
import {
  ApiError,
  apiErrorFromIssues,
  ERROR_CATALOG,
  ERROR_TYPE,
  type ErrorCode,
  errorBody,
  errorStatus,
  formatParam,
  isApiError,
  isErrorCode,
  type ValidationIssue,
} from '../../src/index.js';

// Spec §7.2, row by row. `unsupported_type` is per record in a batch (422 for a single record);
// `rate_limited` is fiscalkit's name for the "(no code) · 429" row.
const SPEC_TABLE: Record<string, number> = {
  unauthorized: 401,
  missing_api_key: 401,
  invalid_api_key: 401,
  expired_api_key: 401,
  no_account_group: 403,
  resource_missing: 404,
  invalid_request_params: 400,
  invalid_api_version: 400,
  missing_api_version: 400,
  api_version_subdomain_mismatch: 400,
  parameter_blank: 422,
  parameter_empty: 422,
  parameter_inclusion: 422,
  parameter_taken: 422,
  parameter_cannot_change: 422,
  parameter_invalid: 422,
  conflict: 409,
  unsupported_type: 422,
  rate_limited: 429,
  // fiscalkit's own rows: the spec has no code for an oversize body (issue #8: 413 with an error body)
  // nor for a storage outage (issue #24: 503 with Retry-After).
  request_too_large: 413,
  service_unavailable: 503,
};

describe('ERROR_CATALOG (spec §7.2)', () => {
  it('has exactly the codes of the spec (plus the 413 of an oversize body and the 503 of an outage) with their statuses', () => {
    const statuses = Object.fromEntries(
      Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status]),
    );
    expect(statuses).toEqual(SPEC_TABLE);
  });

  it('gives every code a non-empty cause', () => {
    for (const entry of Object.values(ERROR_CATALOG)) expect(entry.cause.length).toBeGreaterThan(0);
  });

  it('answers errorStatus and isErrorCode from the table', () => {
    expect(errorStatus('resource_missing')).toBe(404);
    expect(errorStatus('rate_limited')).toBe(429);
    expect(isErrorCode('conflict')).toBe(true);
    expect(isErrorCode('teapot')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('PARAMETER_INVALID')).toBe(false);
  });

  it('uses invalid_request_error as the one error type', () => {
    expect(ERROR_TYPE).toBe('invalid_request_error');
  });
});

describe('ApiError', () => {
  it('carries code, status from the catalog, param and type', () => {
    const error = new ApiError('parameter_invalid', 'lines[2].price must be a decimal string', {
      param: 'lines[2].price',
    });
    expect(error.code).toBe('parameter_invalid');
    expect(error.status).toBe(422);
    expect(error.param).toBe('lines[2].price');
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toBe('lines[2].price must be a decimal string');
    expect(error.name).toBe('ApiError');
  });

  it('takes its status from the code', () => {
    for (const [code, status] of Object.entries(SPEC_TABLE)) {
      expect(new ApiError(code as ErrorCode, 'x').status, code).toBe(status);
    }
  });

  it('has a null param by default and for an explicit null', () => {
    expect(new ApiError('conflict', 'state rejects it').param).toBeNull();
    expect(new ApiError('conflict', 'state rejects it', {}).param).toBeNull();
    expect(new ApiError('conflict', 'state rejects it', { param: null }).param).toBeNull();
  });

  it('is an Error with a stack and a readable toString', () => {
    const error = new ApiError('resource_missing', 'no such invoice');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.stack).toContain('no such invoice');
    expect(String(error)).toBe('ApiError: no such invoice');
  });

  it('keeps the cause, and has none when none was given', () => {
    const cause = new TypeError('underlying');
    expect(new ApiError('conflict', 'wrapped', { cause }).cause).toBe(cause);
    expect(Object.hasOwn(new ApiError('conflict', 'plain'), 'cause')).toBe(false);
  });
});

describe('isApiError', () => {
  it('accepts an ApiError', () => {
    expect(isApiError(new ApiError('parameter_blank', 'currency is required'))).toBe(true);
  });

  it('accepts a structurally equal plain object (an ApiError of another bundle copy)', () => {
    const copy = {
      name: 'ApiError',
      code: 'conflict',
      status: 409,
      type: 'invalid_request_error',
      param: null,
    };
    expect(isApiError(copy)).toBe(true);
  });

  it.each([
    ['a TypeError', new TypeError('x')],
    ['an Error named ApiError without code', Object.assign(new Error('x'), { name: 'ApiError' })],
    ['an object with another type', { name: 'ApiError', code: 'conflict', status: 409, type: 'api_error' }],
    [
      'an object with a string status',
      { name: 'ApiError', code: 'conflict', status: '409', type: ERROR_TYPE },
    ],
    ['an object with another name', { name: 'Error', code: 'conflict', status: 409, type: ERROR_TYPE }],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'ApiError'],
  ])('rejects %s', (_, value) => {
    expect(isApiError(value)).toBe(false);
  });
});

describe('errorBody (spec §7.1)', () => {
  it('always has the five keys, null where they do not apply', () => {
    const body = errorBody(new ApiError('conflict', 'invoice is already sent'));
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'request_log_url', 'type']);
    expect(body).toEqual({
      error: {
        code: 'conflict',
        message: 'invoice is already sent',
        param: null,
        request_log_url: null,
        type: 'invalid_request_error',
      },
    });
  });

  it('passes param and request_log_url through', () => {
    const error = new ApiError('parameter_blank', 'contact needs tin_value or cin_value', {
      param: 'contact',
    });
    const body = errorBody(error, { requestLogUrl: 'https://app.example/request_logs/42' });
    expect(body.error.param).toBe('contact');
    expect(body.error.request_log_url).toBe('https://app.example/request_logs/42');
    expect(body.error.code).toBe('parameter_blank');
  });

  it('writes request_log_url null for an explicit null', () => {
    expect(
      errorBody(new ApiError('conflict', 'x'), { requestLogUrl: null }).error.request_log_url,
    ).toBeNull();
  });

  it('writes code null for rate_limited, which the service sends without a code', () => {
    const body = errorBody(new ApiError('rate_limited', 'slow down'));
    expect(body.error.code).toBeNull();
    expect(body.error.message).toBe('slow down');
    expect(Object.keys(body.error)).toHaveLength(5);
  });

  it('never serializes the cause', () => {
    const body = errorBody(new ApiError('conflict', 'x', { cause: new Error('secret') }));
    expect(JSON.stringify(body)).not.toContain('secret');
  });
});

describe('formatParam', () => {
  it.each([
    [['lines', 2, 'price'], 'lines[2].price'],
    [['lines', 2, 'taxes', 0, 'percent'], 'lines[2].taxes[0].percent'],
    [['currency'], 'currency'],
    [['contact', 'address', 'city'], 'contact.address.city'],
    [['matrix', 0, 1], 'matrix[0][1]'],
    [[3, 'name'], '[3].name'],
    [[], ''],
  ] as [PropertyKey[], string][])('%j → %j', (path, expected) => {
    expect(formatParam(path)).toBe(expected);
  });
});

describe('apiErrorFromIssues', () => {
  const issues: ValidationIssue[] = [
    {
      rule: 'fiscalkit.schema.required',
      code: 'parameter_blank',
      param: 'currency',
      message: 'currency is required',
    },
    {
      rule: 'fiscalkit.schema.value',
      code: 'parameter_invalid',
      param: 'lines[0].price',
      message: 'lines[0].price must be …',
    },
  ];

  it('answers with the first issue', () => {
    const error = apiErrorFromIssues(issues);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('parameter_blank');
    expect(error.param).toBe('currency');
    expect(error.message).toBe('currency is required');
    expect(error.status).toBe(422);
  });

  it('turns an empty param (the whole input) into null', () => {
    const error = apiErrorFromIssues([
      {
        rule: 'fiscalkit.schema.type',
        code: 'invalid_request_params',
        param: '',
        message: 'the input must be an object',
      },
    ]);
    expect(error.param).toBeNull();
    expect(error.status).toBe(400);
  });

  it('throws a TypeError on an empty list', () => {
    expect(() => apiErrorFromIssues([])).toThrow(TypeError);
  });
});

describe('issuesFromZod (zod v4)', () => {
  const Line = z.strictObject({ quantity: z.string(), price: z.string() });
  const Invoice = z.strictObject({
    currency: z.string(),
    status: z.enum(['draft', 'sent']).optional(),
    lines: z.array(Line).min(1),
  });

  function issuesOf(input: unknown): ValidationIssue[] {
    const result = Invoice.safeParse(input, { reportInput: true });
    if (result.success) throw new Error('expected the input to be rejected');
    return issuesFromZod(result.error);
  }
  const line = { quantity: '1', price: '10.00' };

  it('reports a missing field as parameter_blank', () => {
    expect(issuesOf({ lines: [line] })).toEqual([
      {
        rule: 'fiscalkit.schema.required',
        code: 'parameter_blank',
        param: 'currency',
        message: 'currency is required',
      },
    ]);
  });

  it('reports a wrong JSON type as invalid_request_params (spec §7.2), with a hint for a JS number', () => {
    const [issue, ...rest] = issuesOf({ currency: 'EUR', lines: [{ quantity: '1', price: 10 }] });
    expect(rest).toEqual([]);
    expect(issue?.code).toBe('invalid_request_params');
    expect(issue?.param).toBe('lines[0].price');
    expect(issue?.message).toContain('lines[0].price must be a string, not the number 10');
    expect(issue?.message).toContain('never JS numbers');
  });

  it('gives no number hint when something else of the wrong type was given', () => {
    const [issue] = issuesOf({ currency: true, lines: [line] });
    expect(issue?.code).toBe('invalid_request_params');
    expect(issue?.message).toBe('currency must be a string, not a value of type boolean');
  });

  it('reports a value outside an enum as parameter_inclusion, naming the allowed values', () => {
    const [issue] = issuesOf({ currency: 'EUR', status: 'paid', lines: [line] });
    expect(issue?.code).toBe('parameter_inclusion');
    expect(issue?.param).toBe('status');
    expect(issue?.message).toBe('status must be one of "draft", "sent", not the string "paid"');
  });

  it('reports a missing enum field as parameter_blank, not parameter_inclusion', () => {
    const Status = z.strictObject({ status: z.enum(['a', 'b']) });
    const result = Status.safeParse({}, { reportInput: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesFromZod(result.error)).toEqual([
      {
        rule: 'fiscalkit.schema.required',
        code: 'parameter_blank',
        param: 'status',
        message: 'status is required',
      },
    ]);
  });

  it('tells missing from wrong without reportInput when given the input', () => {
    const input = { lines: [{ quantity: 1, price: '1' }] };
    const result = Invoice.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesFromZod(result.error, { input }).map(({ code, param }) => [code, param])).toEqual([
      ['parameter_blank', 'currency'],
      ['invalid_request_params', 'lines[0].quantity'],
    ]);
    expect(issuesFromZod(result.error, { input })[1]?.message).toContain('not the number 1');
  });

  it('names a lossless JSON number as the number it is, and an object as an object', () => {
    const Named = z.object({ name: z.string(), tags: z.string() });
    const input = parse('{"name": 1.50, "tags": {"a": 1}}');
    const result = Named.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    const messages = issuesFromZod(result.error, { input }).map((issue) => issue.message);
    expect(messages[0]).toContain('not the number 1.50');
    expect(messages[1]).toContain('not an object');
  });

  it('writes expected types with an article', () => {
    const [issue] = issuesOf('not an object');
    expect(issue?.message).toBe('the input must be an object, not the string "not an object"');
  });

  it('reports an empty required array (.min(1)) as parameter_empty', () => {
    expect(issuesOf({ currency: 'EUR', lines: [] })).toEqual([
      {
        rule: 'fiscalkit.schema.min-items',
        code: 'parameter_empty',
        param: 'lines',
        message: 'lines needs at least 1 element(s)',
      },
    ]);
  });

  it('reports a too-short array with a minimum above 1 as parameter_invalid', () => {
    const Pair = z.object({ items: z.array(z.string()).min(2) });
    const result = Pair.safeParse({ items: ['a'] }, { reportInput: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    const [issue] = issuesFromZod(result.error);
    expect(issue?.code).toBe('parameter_invalid');
    expect(issue?.message).toBe('items needs at least 2 element(s)');
  });

  it('reports an unknown key of a strict object at the key’s own path', () => {
    expect(issuesOf({ currency: 'EUR', lines: [line], colour: 'red' })).toEqual([
      {
        rule: 'fiscalkit.schema.unknown-field',
        code: 'invalid_request_params',
        param: 'colour',
        message: 'colour is not a known field',
      },
    ]);
    expect(issuesOf({ currency: 'EUR', lines: [line, { ...line, unit: 'kg' }] })).toEqual([
      {
        rule: 'fiscalkit.schema.unknown-field',
        code: 'invalid_request_params',
        param: 'lines[1].unit',
        message: 'lines[1].unit is not a known field',
      },
    ]);
  });

  it('reports each of several unknown keys', () => {
    const params = issuesOf({ currency: 'EUR', lines: [line], a: 1, b: 2 }).map((issue) => issue.param);
    expect(params).toEqual(['a', 'b']);
  });

  it('writes nested array index paths like lines[2].price', () => {
    const [issue] = issuesOf({ currency: 'EUR', lines: [line, line, { quantity: '1' }] });
    expect(issue).toEqual({
      rule: 'fiscalkit.schema.required',
      code: 'parameter_blank',
      param: 'lines[2].price',
      message: 'lines[2].price is required',
    });
  });

  it('keeps document order across several issues', () => {
    const issues = issuesOf({ currency: 1, lines: [{ quantity: 2, price: '1' }] });
    expect(issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['invalid_request_params', 'currency'],
      ['invalid_request_params', 'lines[0].quantity'],
    ]);
  });

  it('reports null for a required field, and an empty required string, as parameter_blank', () => {
    expect(issuesOf({ currency: null, lines: [line] })).toEqual([
      {
        rule: 'fiscalkit.schema.required',
        code: 'parameter_blank',
        param: 'currency',
        message: 'currency is required',
      },
    ]);
    const Named = z.object({ name: z.string().min(1) });
    const result = Named.safeParse({ name: '' }, { reportInput: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesFromZod(result.error)).toEqual([
      {
        rule: 'fiscalkit.schema.required',
        code: 'parameter_blank',
        param: 'name',
        message: 'name must not be blank',
      },
    ]);
  });

  it('uses the code a custom check asks for, and parameter_invalid when it asks for none', () => {
    const Scheme = z.object({
      scheme: z.string().refine((value) => value === '9920', {
        message: 'must be a known scheme',
        params: { code: 'parameter_inclusion' },
      }),
      other: z.string().refine((value) => value === 'x', { message: 'must be x' }),
      bogus: z
        .string()
        .refine((value) => value === 'x', { message: 'must be x', params: { code: 'teapot' } }),
    });
    const result = Scheme.safeParse({ scheme: 'VAT', other: 'y', bogus: 'y' }, { reportInput: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesFromZod(result.error)).toEqual([
      {
        rule: 'fiscalkit.schema.enum',
        code: 'parameter_inclusion',
        param: 'scheme',
        message: 'scheme must be a known scheme',
      },
      {
        rule: 'fiscalkit.schema.value',
        code: 'parameter_invalid',
        param: 'other',
        message: 'other must be x',
      },
      {
        rule: 'fiscalkit.schema.value',
        code: 'parameter_invalid',
        param: 'bogus',
        message: 'bogus must be x',
      },
    ]);
  });

  it('names the rule a custom check gives in params.rule, unless the value is missing (issue #20 §4)', () => {
    const Dated = z.object({
      date: z.string().refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), {
        message: 'must be a date',
        params: { code: 'parameter_invalid', rule: 'spec.2.1.dates' },
      }),
      typo: z.string().refine((value) => value === 'x', {
        message: 'must be x',
        params: { code: 'parameter_invalid', rule: 'spce.2.1' },
      }),
    });
    const result = Dated.safeParse({ date: '20-04-2026', typo: 'x' }, { reportInput: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesFromZod(result.error).map(({ rule, param }) => [rule, param])).toEqual([
      ['spec.2.1.dates', 'date'],
    ]);
    // A rule that is no rule id is the schema's bug: it throws rather than pass as another rule.
    const typo = Dated.safeParse({ date: '2026-04-20', typo: 'y' });
    if (typo.success) throw new Error('expected the typo to be refused');
    expect(() => issuesFromZod(typo.error)).toThrow('params.rule "spce.2.1" is not a rule id');
    const input = { date: ' ', typo: 'x' };
    const blank = Dated.safeParse(input);
    if (blank.success) throw new Error('expected the blank date to be refused');
    expect(issuesFromZod(blank.error, { input })).toMatchObject([
      { rule: 'fiscalkit.schema.required', code: 'parameter_blank', param: 'date' },
    ]);
  });

  it('names the schema rule of a wrong JSON type, and of a value outside an enum', () => {
    expect(issuesOf({ currency: true, lines: [line] })[0]).toMatchObject({
      rule: 'fiscalkit.schema.type',
      code: 'invalid_request_params',
    });
    expect(issuesOf({ currency: 'EUR', status: 'paid', lines: [line] })[0]).toMatchObject({
      rule: 'fiscalkit.schema.enum',
      code: 'parameter_inclusion',
    });
  });

  it('answers a malformed request with 400 before any field-level 422', () => {
    const error = apiErrorFromIssues(issuesOf({ lines: [{ quantity: 2, price: '1' }] }));
    expect({ status: error.status, code: error.code, param: error.param }).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: 'lines[0].quantity',
    });
  });

  it('prefixes paths when given a prefix', () => {
    const result = Line.safeParse({ quantity: '1' }, { reportInput: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesFromZod(result.error, { prefix: ['lines', 4] }).map((issue) => issue.param)).toEqual([
      'lines[4].price',
    ]);
  });

  it('speaks of "the input" and has an empty param for a problem with the whole input', () => {
    const [issue] = issuesOf('not an object');
    expect(issue?.param).toBe('');
    expect(issue?.message.startsWith('the input must be')).toBe(true);
    expect(apiErrorFromIssues(issuesOf('not an object')).param).toBeNull();
  });

  it('feeds apiErrorFromIssues: the first zod issue becomes the 422', () => {
    const error = apiErrorFromIssues(issuesOf({ currency: 'EUR', lines: [] }));
    expect({ status: error.status, code: error.code, param: error.param }).toEqual({
      status: 422,
      code: 'parameter_empty',
      param: 'lines',
    });
  });
});
