import { text, type XmlElement } from './xml.js';

/** The range of `Naglowek/DataWytworzeniaFa` (XSD: `minInclusive` / `maxInclusive`, ksef-fa3.md §1). */
const CREATED_MIN = '2025-09-01T00:00:00Z';
const CREATED_MAX = '2050-01-01T23:59:59Z';

/**
 * `DataWytworzeniaFa` for a moment: `xsd:dateTime` in UTC to the second (`2026-02-01T12:00:00Z`,
 * as the MF samples write it; fractions of a second dropped), or null when the date is invalid or
 * outside the schema's range 2025-09-01T00:00:00Z – 2050-01-01T23:59:59Z.
 *
 * @example
 * ```ts
 * fa3DateTime(clock.now()); // at 2026-02-01T12:00:00.250Z: '2026-02-01T12:00:00Z'
 * fa3DateTime(clock.now()); // at 2024-01-01T00:00:00Z: null, before FA(3)
 * ```
 */
export function fa3DateTime(now: Date): string | null {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) return null;
  const written = now.toISOString().replace(/\.\d+Z$/, 'Z');
  // Same-shaped ISO strings compare in time order; a year beyond 9999 is written `+0…` and sorts first.
  return written >= CREATED_MIN && written <= CREATED_MAX ? written : null;
}

/**
 * `Naglowek` (ksef-fa3.md §1): `KodFormularza` `FA` with the fixed attributes `kodSystemowy="FA (3)"`
 * (with the space) and `wersjaSchemy="1-0E"`, `WariantFormularza` 3, `DataWytworzeniaFa`, and
 * `SystemInfo` when there is one.
 *
 * @example
 * ```ts
 * naglowek('2026-02-01T12:00:00Z', 'fiscalkit');
 * // { KodFormularza: { '@_kodSystemowy': 'FA (3)', '@_wersjaSchemy': '1-0E', '#text': 'FA' }, WariantFormularza: '3', … }
 * ```
 */
export function naglowek(createdAt: string, systemInfo: string | null | undefined): XmlElement {
  return {
    KodFormularza: { '@_kodSystemowy': 'FA (3)', '@_wersjaSchemy': '1-0E', '#text': 'FA' },
    WariantFormularza: '3',
    DataWytworzeniaFa: createdAt,
    SystemInfo: text(systemInfo),
  };
}
