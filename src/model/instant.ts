// money-safe-file: calendar and clock arithmetic on integer milliseconds, days and years; no amounts.
import { isIsoDate } from './isoDate.js';

/** An instant as `isTimestamp` reads it; the fraction is captured separately. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.(\d{1,6}))?Z$/;

const MS_PER_DAY = 86_400_000;

/**
 * Writes an instant given in milliseconds since the Unix epoch as `isTimestamp` reads it,
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` in UTC (milliseconds always written, so instants compare as strings).
 * Computed by calendar arithmetic (the days-from-civil algorithm of H. Hinnant), not through the
 * platform's Date, so the core stays free of clocks and timezones: the milliseconds come from the
 * `Clock` port. Years 1970–9999; anything else is a programmer error and throws.
 *
 * @example
 * ```ts
 * instantFromMillis(0); // '1970-01-01T00:00:00.000Z'
 * instantFromMillis(1776681600000); // '2026-04-20T10:40:00.000Z'
 * ```
 */
export function instantFromMillis(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0 || ms >= 253_402_300_800_000)
    throw new RangeError(`instantFromMillis: ${String(ms)} is not an instant of years 1970–9999 in ms`);
  const days = Math.floor(ms / MS_PER_DAY);
  const inDay = ms - days * MS_PER_DAY;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const hours = Math.floor(inDay / 3_600_000);
  const minutes = Math.floor((inDay % 3_600_000) / 60_000);
  const seconds = Math.floor((inDay % 60_000) / 1000);
  const millis = inDay % 1000;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}Z`;
}

/**
 * Reads an instant written as `isTimestamp` accepts back into milliseconds since the Unix
 * epoch (fractions beyond milliseconds are truncated); the inverse of {@link instantFromMillis}. A
 * string that is not such an instant is a programmer error and throws.
 *
 * @example
 * ```ts
 * millisFromInstant('2026-04-20T10:40:00Z'); // 1776681600000
 * ```
 */
export function millisFromInstant(instant: string): number {
  const match = INSTANT.exec(instant);
  if (match === null || !isIsoDate(match[1] ?? ''))
    throw new RangeError(`millisFromInstant: ${JSON.stringify(instant)} is not a UTC instant`);
  const [year, month, day] = (match[1] ?? '').split('-').map(Number) as [number, number, number];
  const [hours, minutes, seconds] = [match[2], match[3], match[4]].map(Number) as [number, number, number];
  const millis = Number((match[5] ?? '').padEnd(3, '0').slice(0, 3));
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const days = era * 146_097 + dayOfEra - 719_468;
  return days * MS_PER_DAY + hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + millis;
}
