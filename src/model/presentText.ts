/**
 * A text value as it counts for presence (spec §7.2: absent, null, empty and blank are all "not
 * given"): trimmed, or null when absent, blank or not a string at all (a report or resource that was
 * not parsed may hold anything). The one definition the generators, the builders and the importers
 * share, so a blank never counts as a value in one place and not in another.
 *
 * @example
 * ```ts
 * presentText('  ul. Polna 1 '); // 'ul. Polna 1'
 * presentText('   '); // null
 * presentText(undefined); // null
 * ```
 */
export function presentText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
