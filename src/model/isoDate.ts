const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days per month in a common year; February gains a day in leap years. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  // money-safe: calendar arithmetic on a year number, not an amount.
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Whether `value` is a calendar date written `YYYY-MM-DD` (spec §2.1), years 0001–9999.
 *
 * Checked by arithmetic on the digits, never through the platform's Date parser: that reads the string as UTC
 * midnight and silently rolls `2026-02-30` over to March, and the local-time readings around it shift
 * the day in timezones west of UTC. A date has no timezone.
 *
 * @example
 * ```ts
 * isIsoDate('2028-02-29'); // true
 * isIsoDate('2026-02-29'); // false: 2026 is not a leap year
 * isIsoDate('2026-4-1'); // false: two digits for month and day
 * ```
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  // money-safe: calendar fields are small integers, not amounts.
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= days;
}
