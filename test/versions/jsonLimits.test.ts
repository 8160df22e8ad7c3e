/**
 * Issue #24 item 5: a JSON body is held to its endpoint's limits — depth, number of values, string
 * length — in one linear pass before the lossless tree is built, and each refusal names its limit. The
 * endpoints' limits (examples/http/bodyLimits.ts) accept what their largest legitimate body holds.
 * Also: a lossless tree crosses a thread as text and comes back the same (`jsonTransfer.ts`).
 */
import { isLosslessNumber, LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { bodyLimitFor } from '../../examples/http/bodyLimits.js';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import { parseJsonBody } from '../../src/versions/jsonBody.js';
import { jsonLimitIssue, MAX_JSON_DEPTH } from '../../src/versions/jsonLimits.js';
import { decodeJsonTree, encodeJsonTree } from '../../src/versions/jsonTransfer.js';
import { benchBatchRecords, benchTinPairs } from '../bench/engineWorkload.js';

const TEN_MIB = 10 * 1024 * 1024;
const roomy = { max_values: 1_000_000, max_string_length: 1_000_000 };

/** The 400 a refused body answers: status, code, param and message. */
function refusal(text: string, limits: Parameters<typeof jsonLimitIssue>[1]) {
  const parsed = parseJsonBody(text, { maxBytes: TEN_MIB, limits });
  if (parsed.success) return null;
  const error = apiErrorFromIssues(parsed.issues);
  return { status: error.status, code: error.code, param: error.param, message: error.message };
}

describe('jsonLimitIssue: the limits before the tree (issue #24 item 5)', () => {
  it('depth: 64 levels pass, 65 are refused with 400 naming the limit', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonLimitIssue(nested(64), roomy)).toBeNull();
    expect(refusal(nested(65), roomy)).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: null,
      message: 'the request body nests arrays and objects deeper than 64 levels (at character 64)',
    });
    // Objects count as arrays do, and brackets inside strings do not count at all.
    expect(jsonLimitIssue(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, roomy)?.message).toContain(
      'deeper than 64 levels',
    );
    expect(jsonLimitIssue(`{"a":"${'['.repeat(1000)}"}`, roomy)).toBeNull();
    // Even without limits of its own, parseJsonBody refuses a body deeper than 64.
    expect(parseJsonBody(nested(65)).success).toBe(false);
  });

  it('values: every object, array, string, number and literal counts, keys do not', () => {
    const limits = { max_values: 7, max_string_length: 100 };
    // {} + "x" + 1 + [] + true + null + "z" = 7 values; the keys a, b, c, d don't count.
    const seven = '{"a":"x","b":1,"c":[true,null],"d":"z"}';
    expect(jsonLimitIssue(seven, limits)).toBeNull();
    expect(refusal('{"a":"x","b":1,"c":[true,null,false],"d":"z"}', limits)).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: null,
      message:
        'the request body holds more than 7 values (objects, arrays, strings, numbers, true, false, null): this endpoint takes no more',
    });
    // The issue's attack: a 10 MB array of numbers sent to POST /accounts.
    const attack = `{"account":[${'1,'.repeat(5_000_000)}1]}`;
    expect(jsonLimitIssue(attack, bodyLimitFor('POST', '/accounts', TEN_MIB).json)?.message).toContain(
      'more than 10000 values',
    );
  });

  it('string length: keys and values, escapes counted as written', () => {
    const limits = { max_values: 100, max_string_length: 8 };
    expect(jsonLimitIssue('{"abcdefgh":"12345678"}', limits)).toBeNull();
    expect(refusal('{"a":"123456789"}', limits)).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: null,
      message: 'the request body holds a string longer than 8 characters (at character 5)',
    });
    expect(jsonLimitIssue('{"abcdefghi":1}', limits)?.message).toContain('longer than 8 characters');
    // An escaped quote does not end the string; an escaped backslash before the quote does not escape it.
    expect(jsonLimitIssue('["ab\\"cd"]', limits)).toBeNull();
    expect(jsonLimitIssue('["ab\\"cdefgh"]', limits)?.message).toContain('longer than 8');
    expect(jsonLimitIssue('["abc\\\\","x"]', limits)).toBeNull();
    // `\u00e9` is six characters as written.
    expect(jsonLimitIssue('["\\u00e9\\u00e9"]', limits)?.message).toContain('longer than 8');
  });

  it('leaves syntax to the parser: malformed bodies within the limits are the parser’s 400', () => {
    for (const text of ['{"a":1,', '"unterminated', '[1 2]', '{1:2}', '{"a":NaN}'])
      expect(jsonLimitIssue(text, roomy)).toBeNull();
    expect(refusal('{1:2}', roomy)?.message).toMatch(/not valid JSON/);
  });

  it('a realistic 5,000-record batch and 20,000 TIN pairs pass their endpoints’ limits', () => {
    const batch = JSON.stringify({ tax_reports: benchBatchRecords(5000) });
    expect(batch.length).toBeGreaterThan(5_000_000);
    const batchLimit = bodyLimitFor('POST', '/accounts/7/tax_report_batches', TEN_MIB);
    expect(batch.length).toBeLessThan(batchLimit.max_bytes);
    const parsed = parseJsonBody(batch, { maxBytes: batchLimit.max_bytes, limits: batchLimit.json });
    expect(parsed.success).toBe(true);
    expect(
      (parsed.success ? (parsed.data as { tax_reports: unknown[] }) : { tax_reports: [] }).tax_reports,
    ).toHaveLength(5000);
    const pairs = JSON.stringify(benchTinPairs(20_000).pairs);
    const tinLimit = bodyLimitFor('POST', '/tin_verifications', TEN_MIB);
    expect(jsonLimitIssue(pairs, tinLimit.json)).toBeNull();
  });
});

describe('bodyLimitFor: one table, route → limits (issue #24 item 5)', () => {
  it('small bodies 1 MiB, documents with lines 8 MiB, engines and uploads the server’s limit', () => {
    const bytes = (method: string, path: string) => bodyLimitFor(method, path, TEN_MIB).max_bytes;
    expect(bytes('POST', '/accounts')).toBe(1024 * 1024);
    expect(bytes('PUT', '/accounts/3')).toBe(1024 * 1024);
    expect(bytes('POST', '/accounts/3/contacts')).toBe(1024 * 1024);
    expect(bytes('POST', '/invoices/3/mark_as')).toBe(1024 * 1024);
    expect(bytes('POST', '/accounts/3/invoices')).toBe(8 * 1024 * 1024);
    expect(bytes('PATCH', '/invoices/3')).toBe(8 * 1024 * 1024);
    expect(bytes('POST', '/accounts/3/tax_reports')).toBe(8 * 1024 * 1024);
    for (const path of [
      '/accounts/3/tax_report_batches',
      '/tin_verifications',
      '/accounts/3/tax_reports/import',
      '/accounts/3/ledgers/import',
      '/documents/validate',
      '/invoices/3/add_attachments',
      '/accounts/3/logo',
    ])
      expect(bytes('POST', path), path).toBe(TEN_MIB);
    // A legacy path is looked up as the canonical one it maps to; no row is above the server's limit.
    expect(bytes('POST', '/projects/3/tax_report_batches.json')).toBe(TEN_MIB);
    expect(bodyLimitFor('POST', '/accounts/3/invoices', 2000).max_bytes).toBe(2000);
    // A document upload's JSON may hold one string as long as the body.
    expect(bodyLimitFor('POST', '/documents/validate', TEN_MIB).json.max_string_length).toBe(TEN_MIB);
  });
});

describe('encodeJsonTree / decodeJsonTree: a lossless tree across a thread', () => {
  it('numbers come back as LosslessNumbers with their exact text; strings, keys and __proto__ as they were', () => {
    const text =
      '{"a":12.50,"b":[1e3,-0.0,123456789012345678901234567890],"c":"\\u0000x","d":"\\u0000","__proto__":{"e":1}}';
    const parsed = parseJsonBody(text);
    if (!parsed.success) throw new Error('valid JSON');
    const back = decodeJsonTree(encodeJsonTree(parsed.data)) as Record<string, unknown>;
    expect(back).toEqual(parsed.data);
    const b = back.b as LosslessNumber[];
    expect(b.every((item) => isLosslessNumber(item) && item instanceof LosslessNumber)).toBe(true);
    expect(b.map((item) => item.value)).toEqual(['1e3', '-0.0', '123456789012345678901234567890']);
    expect([back.c, back.d]).toEqual(['\u0000x', '\u0000']);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    const proto = Object.getOwnPropertyDescriptor(back, '__proto__')?.value as { e: LosslessNumber };
    expect(proto.e.value).toBe('1');
  });

  it('an object shaped like a LosslessNumber stays an object', () => {
    const parsed = parseJsonBody('{"n":{"isLosslessNumber":true,"value":"5"}}');
    if (!parsed.success) throw new Error('valid JSON');
    const back = decodeJsonTree(encodeJsonTree(parsed.data)) as { n: object };
    expect(Object.getPrototypeOf(back.n)).toBe(Object.prototype);
  });
});
