import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import { parseInvoice } from '../../src/model/invoice.js';
import { parseJsonBody } from '../../src/versions/jsonBody.js';
import { toJson } from '../../src/versions/serialize.js';

describe('parseJsonBody: requests are read losslessly (DESIGN.md; issue 4 serialization details)', () => {
  it('keeps every number as its exact text, trailing zeros and long digits included', () => {
    const result = parseJsonBody('{"a":12.50,"b":0.1,"c":12345678901234567890,"d":1e3}');
    expect(result.success).toBe(true);
    if (!result.success) return;
    const data = result.data as Record<string, LosslessNumber>;
    expect(data.a).toBeInstanceOf(LosslessNumber);
    expect([data.a?.value, data.b?.value, data.c?.value, data.d?.value]).toEqual([
      '12.50',
      '0.1',
      '12345678901234567890',
      '1e3',
    ]);
  });

  it('feeds the model: a JSON number amount becomes the decimal string it was written as', () => {
    const text =
      '{"number":"F-1","date":"2026-04-20","contact_id":3,"invoice_lines_attributes":[{"quantity":1.500,"price":0.10,"taxes_attributes":[{"name":"IVA","percent":21}]}]}';
    const body = parseJsonBody(text);
    expect(body.success).toBe(true);
    if (!body.success) return;
    const invoice = parseInvoice(body.data, 'create');
    expect(invoice.success && invoice.data.invoice_lines_attributes[0]).toMatchObject({
      quantity: '1.500',
      price: '0.10',
    });
    expect(invoice.success && invoice.data.contact_id).toBe(3);
  });

  it('round-trips with toJson digit for digit', () => {
    const text = '{"total":121.00,"rate":4.12345678,"big":98765432109876543.21}';
    const body = parseJsonBody(text);
    expect(body.success && toJson(body.data)).toBe(text);
  });

  it.each(['{"a":1,', '', 'nope', '{"a":1}{"b":2}', '{"a":1,"a":2}', "{'a':1}", '{"a":NaN}'])(
    'malformed JSON %j → 400 invalid_request_params with param null',
    (text) => {
      const result = parseJsonBody(text);
      expect(result.success).toBe(false);
      if (result.success) return;
      const error = apiErrorFromIssues(result.issues);
      expect([error.status, error.code, error.param]).toEqual([400, 'invalid_request_params', null]);
    },
  );

  it('refuses a body over maxBytes, counting UTF-8 bytes (a 2-byte character counts twice)', () => {
    expect(parseJsonBody('"aaaa"', { maxBytes: 6 }).success).toBe(true);
    expect(parseJsonBody('"aaaaa"', { maxBytes: 6 }).success).toBe(false);
    expect(parseJsonBody('"ññ"', { maxBytes: 6 }).success).toBe(true);
    expect(parseJsonBody('"ñññ"', { maxBytes: 6 }).success).toBe(false);
    const refused = parseJsonBody('"ñññ"', { maxBytes: 6 });
    expect(refused.success ? '' : refused.issues[0]?.message).toContain('larger than 6 bytes');
  });
});
