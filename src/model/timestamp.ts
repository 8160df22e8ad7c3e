import { z } from 'zod';
import { isIsoDate } from './isoDate.js';

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,6})?Z$/;

/**
 * Whether `value` is an instant written as RFC 3339 in UTC, `YYYY-MM-DDTHH:MM:SS[.ffffff]Z`. The
 * spec shows no timestamp format (§2.1 fixes only dates); fiscalkit writes instants in UTC with a
 * `Z` so that they compare as strings and never depend on the server's timezone. The clock is a port
 * (DESIGN.md), so the core only checks the text.
 *
 * @example
 * ```ts
 * isTimestamp('2026-04-20T10:15:00Z'); // true
 * isTimestamp('2026-04-20T10:15:00+02:00'); // false: UTC only
 * isTimestamp('2026-02-30T00:00:00Z'); // false: no such day
 * ```
 */
export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  return match !== null && isIsoDate(match[1] ?? '');
}

/**
 * A read-only instant field (`created_at`, `finished_at`, …): see {@link isTimestamp}.
 *
 * @example
 * ```ts
 * timestamp().parse('2026-04-20T10:15:00.123Z'); // '2026-04-20T10:15:00.123Z'
 * timestamp().safeParse('2026-04-20').success; // false
 * ```
 */
export function timestamp() {
  return z.string().refine(isTimestamp, {
    message: 'must be an instant written YYYY-MM-DDTHH:MM:SSZ (UTC)',
    params: { code: 'parameter_invalid' },
  });
}
