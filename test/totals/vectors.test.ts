import { describe, expect, it } from 'vitest';
import { ApiError, computeTotals, type RoundingMethod, TOTALS_MODES } from '../../src/index.js';
import { hasShared } from '../support/shared.js';
import { taxmathVectors } from '../support/vectors.js';

const { vectors, error_vectors: errorVectors } = taxmathVectors;

describe.skipIf(!hasShared)('golden vectors (shared/vectors/taxmath-vectors.json)', () => {
  it('has the 25 vectors and 4 error vectors of taxmath.md §4', () => {
    expect(vectors.map((v) => v.id).sort()).toEqual(
      Array.from({ length: 25 }, (_, i) => `V${String(i + 1).padStart(2, '0')}`),
    );
    expect(errorVectors.map((v) => v.id)).toEqual(['E01', 'E02', 'E03', 'E04']);
  });

  for (const vector of vectors) {
    describe(`${vector.id} ${vector.title}`, () => {
      for (const mode of TOTALS_MODES) {
        it(`${mode}: groups, totals, lines and extras exactly`, () => {
          const { account, lines_omitted: linesOmitted, ...expected } = vector.expected[mode];
          const result = computeTotals({ ...vector.input, ...account });
          if (linesOmitted === undefined) {
            expect(result).toEqual(expected);
          } else {
            // V22/V25 omit their 100 and 435 printed lines; everything else is asserted exactly,
            // and the printed lines must add up to the groups.
            const { lines, ...rest } = result;
            expect(rest).toEqual(expected);
            expect(linesOmitted).toBe(`${vector.input.lines.length} lines`);
            expect(lines).toHaveLength(vector.input.lines.length);
            for (const group of result.groups) {
              const cents = lines.reduce(
                (sum, line) => sum + BigInt((line.taxes[group.key] ?? '0').replace('.', '')),
                0n,
              );
              expect(cents).toBe(BigInt(group.tax.replace('.', '')));
            }
          }
        });
      }

      it('summary agrees with every mode', () => {
        for (const mode of TOTALS_MODES) {
          const result = computeTotals({ ...vector.input, ...vector.expected[mode].account });
          expect({
            total: result.totals.total,
            tax_outputs: result.totals.tax_outputs,
            withheld: result.totals.withheld,
          }).toEqual({
            total: vector.summary.total[mode],
            tax_outputs: vector.summary.tax_outputs[mode],
            withheld: vector.summary.withheld[mode],
          });
        }
      });

      for (const variant of vector.rounding_variants ?? []) {
        for (const mode of TOTALS_MODES) {
          it(`${mode} with rounding_method ${variant.rounding_method}`, () => {
            const result = computeTotals({
              ...vector.input,
              ...vector.expected[mode].account,
              rounding_method: variant.rounding_method as RoundingMethod,
            });
            expect(result.groups.map(({ key, base, tax }) => ({ key, base, tax }))).toEqual(
              variant.expected[mode].groups,
            );
            expect(result.totals).toEqual(variant.expected[mode].totals);
          });
        }
      }

      if (vector.advance_split !== undefined) {
        const split = vector.advance_split;
        it('advance_split matches the single advance group', () => {
          const result = computeTotals(vector.input);
          const [group] = result.advance_groups ?? [];
          expect({ base: group?.base, tax: group?.tax, gross: group?.gross }).toEqual(split);
        });
      }
    });
  }

  describe('error vectors', () => {
    for (const vector of errorVectors) {
      it(`${vector.id} ${vector.title}`, () => {
        let thrown: unknown;
        try {
          computeTotals({ ...vector.input, ...vector.account });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ApiError);
        const error = thrown as ApiError;
        expect(error.status).toBe(vector.expect.http_status ?? 422);
        if (vector.expect.error !== undefined) expect(error.message).toContain(vector.expect.error);
      });
    }

    it('name the offending field', () => {
      const params = errorVectors.map((vector) => {
        try {
          computeTotals({ ...vector.input, ...vector.account });
          return 'no error';
        } catch (error) {
          return (error as ApiError).param;
        }
      });
      expect(params).toEqual([
        'skip_line_taxable_base_rounding',
        'total_amount_due',
        'total_amount_due',
        'lines[0].taxes',
      ]);
    });
  });
});
