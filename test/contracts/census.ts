/**
 * The contract of the `CensusClient` port (ports.ts "Census"; es-tin.md §4): one answer per query in
 * query order, the census name for a known NIF, and calls of 1 to 10,000 pairs. Register it from a
 * `*.test.ts` file with a factory that gives a census knowing exactly the given NIFs.
 */
import { describe, expect, it } from 'vitest';
import {
  type CensusClient,
  CensusError,
  type CensusQuery,
  MAX_CENSUS_PAIRS_PER_CALL,
} from '../../src/ports.js';

/** A NIF the census under test must know. */
export interface CensusSeed {
  nif: string;
  name: string;
  /** `Resultado`; `IDENTIFICADO` when absent. */
  result?: string;
}

const SEEDS: CensusSeed[] = [
  { nif: 'B12345674', name: 'ACME SOCIEDAD LIMITADA' },
  { nif: 'A58818501', name: 'PROVEEDOR EJEMPLO SA' },
  { nif: 'B76543214', name: 'DISTRIBUCIONES NORTE SA', result: 'IDENTIFICADO-BAJA' },
];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * Registers the census contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeCensusContract('memoryCensus', (entries) => memoryCensus({ entries }));
 * ```
 */
export function describeCensusContract(
  name: string,
  make: (entries: readonly CensusSeed[]) => CensusClient | Promise<CensusClient>,
): void {
  describe(`CensusClient contract: ${name}`, () => {
    it('answers one pair per query, in query order: the census name for a known NIF, the submitted one otherwise', async () => {
      const census = await make(SEEDS);
      const queries: CensusQuery[] = [
        { nif: '12345678Z', name: 'Juan Nadie' },
        { nif: 'B12345674', name: 'acme' },
        { nif: 'B76543214', name: 'Norte' },
        { nif: 'A58818501', name: 'Proveedor' },
        { nif: 'B12345674', name: 'Acme again' },
      ];
      expect(await census.check(queries)).toEqual([
        { name: 'Juan Nadie', result: 'NO IDENTIFICADO' },
        { name: 'ACME SOCIEDAD LIMITADA', result: 'IDENTIFICADO' },
        { name: 'DISTRIBUCIONES NORTE SA', result: 'IDENTIFICADO-BAJA' },
        { name: 'PROVEEDOR EJEMPLO SA', result: 'IDENTIFICADO' },
        { name: 'ACME SOCIEDAD LIMITADA', result: 'IDENTIFICADO' },
      ]);
    });

    it(`takes ${String(MAX_CENSUS_PAIRS_PER_CALL)} pairs in one call, in order`, async () => {
      const census = await make(SEEDS);
      const queries = Array.from({ length: MAX_CENSUS_PAIRS_PER_CALL }, (_, index) =>
        index % 1000 === 0
          ? { nif: 'B12345674', name: `n${String(index)}` }
          : { nif: '12345678Z', name: `n${String(index)}` },
      );
      const answers = await census.check(queries);
      expect(answers).toHaveLength(MAX_CENSUS_PAIRS_PER_CALL);
      expect(answers[1]).toEqual({ name: 'n1', result: 'NO IDENTIFICADO' });
      expect(answers[1000]).toEqual({ name: 'ACME SOCIEDAD LIMITADA', result: 'IDENTIFICADO' });
      expect(answers[9_999]).toEqual({ name: 'n9999', result: 'NO IDENTIFICADO' });
    });

    it('refuses a call of more pairs than one call takes, or of none, as rejected (not retryable)', async () => {
      const census = await make(SEEDS);
      const tooMany = Array.from({ length: MAX_CENSUS_PAIRS_PER_CALL + 1 }, () => ({
        nif: 'B12345674',
        name: 'x',
      }));
      for (const queries of [tooMany, []]) {
        const error = await rejection(census.check(queries));
        expect(error).toBeInstanceOf(CensusError);
        expect(error).toMatchObject({ failure: 'rejected', retryable: false });
      }
    });
  });
}
