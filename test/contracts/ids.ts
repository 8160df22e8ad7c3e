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
  /** The generator has the optional `nextMany`. */
  many?: boolean;
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

    it.runIf(options.many === true)(
      'nextMany: count ids, increasing, unique among concurrent next and nextMany calls',
      async () => {
        const ids = await make();
        if (ids.nextMany === undefined) throw new Error('expected nextMany');
        const nextMany = ids.nextMany.bind(ids);
        expect(await nextMany('ledger', 0)).toEqual([]);
        const asked = await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            index % 3 === 0 ? ids.next('ledger').then((id) => [id]) : nextMany('ledger', index % 7),
          ),
        );
        asked.forEach((taken, index) => {
          expect(taken).toHaveLength(index % 3 === 0 ? 1 : index % 7);
          expect([...taken].sort((x, y) => x - y)).toEqual(taken);
        });
        const all = asked.flat();
        for (const id of all) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
        expect(new Set(all).size).toBe(all.length);
        // Kinds are counted apart: another kind's ids do not skip this one's.
        const other = await nextMany('tax_report', 5);
        expect(new Set(other).size).toBe(5);
        for (const count of [-1, 1.5, Number.NaN])
          await expect(nextMany('ledger', count)).rejects.toBeInstanceOf(RangeError);
      },
    );

    it.runIf(options.many === true && options.increasing === true)(
      'nextMany: one call’s ids come after every id handed out before it, and before every later one',
      async () => {
        const ids = await make();
        if (ids.nextMany === undefined) throw new Error('expected nextMany');
        const before = await ids.next('ledger');
        const [many, after] = await Promise.all([ids.nextMany('ledger', 10), ids.next('ledger')]);
        expect(Math.min(...many)).toBeGreaterThan(before);
        expect(after).toBeGreaterThan(Math.max(...many));
      },
    );

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
