/** timestamp(): read-only instants, RFC 3339 in UTC (fiscalkit convention; the spec fixes only dates, §2.1). */
import { describe, expect, it } from 'vitest';
import { isTimestamp, timestamp } from '../../src/model/timestamp.js';

describe('isTimestamp', () => {
  it.each(['2026-04-20T10:15:00Z', '2026-04-20T23:59:59.123456Z', '2028-02-29T00:00:00Z'])(
    'accepts %s',
    (value) => {
      expect(isTimestamp(value)).toBe(true);
    },
  );

  it.each([
    '2026-04-20',
    '2026-04-20T10:15:00',
    '2026-04-20T10:15:00+02:00',
    '2026-04-20 10:15:00Z',
    '2026-02-29T00:00:00Z',
    '2026-04-20T24:00:00Z',
    '2026-04-20T10:60:00Z',
    '2026-04-20T10:15:00.1234567Z',
  ])('refuses %s', (value) => {
    expect(isTimestamp(value)).toBe(false);
  });

  it('the field answers parameter_invalid', () => {
    const result = timestamp().safeParse('yesterday');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { code: 'parameter_invalid' } });
  });
});
