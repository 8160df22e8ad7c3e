/**
 * The contract of the `IdGenerator` port (ports.ts "Clock and ids"): positive safe integers, unique
 * per kind and never reused, also when asked concurrently; a sequential generator's ids increase.
 */
import { describe, expect, it } from 'vitest';
import type { IdGenerator } from '../../src/ports.js';

/** Options of {@link describeIdGeneratorContract}. */
export interface IdGeneratorContractOptions {
  /** The generator promises increasing ids per kind (a sequence), not only unique ones. */
  increasing?: boolean;
}

/**
 * Registers the id generator contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeIdGeneratorContract('sequentialIds', () => sequentialIds(), { increasing: true });
 * ```
 */
export function describeIdGeneratorContract(
  name: string,
  make: () => IdGenerator | Promise<IdGenerator>,
  options: IdGeneratorContractOptions = {},
): void {
  describe(`IdGenerator contract: ${name}`, () => {
    it('hands out positive safe integers, unique per kind, also to concurrent callers', async () => {
      const ids = await make();
      const ledgers = await Promise.all(Array.from({ length: 300 }, () => ids.next('ledger')));
      const reports = await Promise.all(Array.from({ length: 300 }, () => ids.next('tax_report')));
      for (const id of [...ledgers, ...reports]) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      expect(new Set(ledgers).size).toBe(300);
      expect(new Set(reports).size).toBe(300);
      const later = await ids.next('ledger');
      expect(ledgers).not.toContain(later);
    });

    it.runIf(options.increasing === true)('hands out increasing ids per kind', async () => {
      const ids = await make();
      const sequence: number[] = [];
      for (let index = 0; index < 100; index += 1) {
        sequence.push(await ids.next('ledger'));
        await ids.next('event');
      }
      expect([...sequence].sort((x, y) => x - y)).toEqual(sequence);
      expect(new Set(sequence).size).toBe(100);
    });
  });
}
