/**
 * The golden vectors of docs/totals.md (test/totals/vectors/allowances.json, V26 …, E05 …): the
 * allowances, charges, base quantities, reimbursable expenses, prepaid and rounding amounts, each
 * worked by hand in docs/totals.md §5 and asserted here exactly in all three modes, with the mapping
 * of the older versions' flat fields where a vector has one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  computeTotals,
  type FlatTotalsInput,
  flatToAllowanceCharges,
  modeFlags,
  TOTALS_MODES,
  type TotalsInput,
  type TotalsMode,
  type TotalsResult,
} from '../../src/index.js';
import { legacyView } from './legacyView.js';

interface AllowanceVector {
  id: string;
  title: string;
  source: string;
  input: TotalsInput;
  flat_input?: FlatTotalsInput;
  expected: Record<TotalsMode, TotalsResult & { account: ReturnType<typeof modeFlags> }>;
  summary: Record<'total' | 'tax_outputs' | 'withheld' | 'payable_amount', Record<TotalsMode, string>>;
  hand_check: string;
}

interface AllowanceErrorVector {
  id: string;
  title: string;
  input: TotalsInput;
  expect: { http_status: number; param: string; error: string };
}

const file = JSON.parse(readFileSync(new URL('./vectors/allowances.json', import.meta.url), 'utf8')) as {
  vectors: AllowanceVector[];
  error_vectors: AllowanceErrorVector[];
};

/** A decimal string as an integer number of minor units (all amounts of a vector share the exponent). */
const units = (value: string | undefined) => BigInt((value ?? '0').replace('.', ''));
const sum = (values: readonly (string | undefined)[]) =>
  values.reduce((acc, value) => acc + units(value), 0n);

describe('allowance vectors (test/totals/vectors/allowances.json)', () => {
  it('has V26 … V38 and E05 … E10, each with a hand check', () => {
    expect(file.vectors.map((vector) => vector.id)).toEqual(
      Array.from({ length: 13 }, (_, i) => `V${String(26 + i)}`),
    );
    expect(file.error_vectors.map((vector) => vector.id)).toEqual(['E05', 'E06', 'E07', 'E08', 'E09', 'E10']);
    for (const vector of file.vectors) expect(vector.hand_check.length).toBeGreaterThan(40);
  });

  for (const vector of file.vectors) {
    describe(`${vector.id} ${vector.title}`, () => {
      for (const mode of TOTALS_MODES) {
        it(`${mode}: the whole result exactly`, () => {
          const { account, ...expected } = vector.expected[mode];
          expect(account).toEqual(modeFlags(mode));
          const result = computeTotals({ ...vector.input, ...account });
          expect(result).toEqual(expected);
        });

        it(`${mode}: BR-CO-10 … BR-CO-16 and BR-S-08`, () => {
          const { account: _account, ...result } = vector.expected[mode];
          // V28 (flat fields only) is an older version's input: no EN 16931 names, which then equal
          // the older fields (docs/totals.md §1, "Result").
          const totals = {
            subtotal: result.totals.net_total,
            allowance_total_amount: '0',
            charge_total_amount: '0',
            tax_exclusive_amount: result.totals.net_total,
            tax_inclusive_amount: result.totals.tax_inclusive,
            ...result.totals,
          };
          const entries = result.allowance_charges ?? [];
          const taxed = entries.filter((entry) => entry.is_reimbursable_expense !== true);
          const byIndicator = (indicator: string) =>
            sum(taxed.filter((e) => e.allowance_charge_indicator === indicator).map((e) => e.amount));
          expect(sum(result.lines.map((line) => line.amount ?? line.net))).toBe(units(totals.subtotal)); // BR-CO-10
          expect(byIndicator('allowance')).toBe(units(totals.allowance_total_amount)); // BR-CO-11
          expect(byIndicator('charge')).toBe(units(totals.charge_total_amount)); // BR-CO-12
          expect(
            units(totals.subtotal) - units(totals.allowance_total_amount) + units(totals.charge_total_amount),
          ).toBe(units(totals.tax_exclusive_amount)); // BR-CO-13
          const outputs = result.groups.filter((group) => group.kind !== 'withholding');
          expect(sum(outputs.map((group) => group.tax))).toBe(units(totals.tax_outputs)); // BR-CO-14
          expect(units(totals.tax_exclusive_amount) + units(totals.tax_outputs)).toBe(
            units(totals.tax_inclusive_amount),
          ); // BR-CO-15
          const reimbursable = sum(
            entries.filter((e) => e.is_reimbursable_expense === true).map((e) => e.amount),
          );
          const paid = units(totals.prepaid_amount) + units(totals.withheld) - reimbursable;
          expect(units(totals.tax_inclusive_amount) - paid + units(totals.payable_rounding_amount)).toBe(
            units(totals.payable_amount),
          ); // BR-CO-16
          for (const group of result.groups.filter((g) => g.kind === 'vat')) {
            const lines = result.lines.filter((line) => line.taxes[group.key] !== undefined);
            const pieces = taxed.filter((entry) => entry.taxes[group.key] !== undefined);
            const signed = pieces.map(
              (e) => (e.allowance_charge_indicator === 'allowance' ? -1n : 1n) * units(e.amount),
            );
            expect(
              sum(lines.map((line) => line.amount ?? line.net)) + signed.reduce((a, b) => a + b, 0n),
            ).toBe(units(group.base)); // BR-S-08
          }
        });
      }

      it('summary agrees with every mode', () => {
        for (const mode of TOTALS_MODES) {
          const { totals } = computeTotals({ ...vector.input, ...modeFlags(mode) });
          for (const field of ['total', 'tax_outputs', 'withheld', 'payable_amount'] as const)
            expect(totals[field], `${mode} ${field}`).toBe(vector.summary[field][mode]);
        }
      });

      if (vector.flat_input !== undefined) {
        const flat = vector.flat_input;
        it('its flat fields map onto its input (flatToAllowanceCharges)', () => {
          expect(flatToAllowanceCharges(flat)).toEqual(vector.input);
        });
      }
    });
  }

  it('V28: the flat line fields and their mapping compute the same, in every mode', () => {
    const vector = file.vectors.find((v) => v.id === 'V28') as AllowanceVector;
    for (const mode of TOTALS_MODES) {
      const input = { ...vector.input, ...modeFlags(mode) };
      const mapped = computeTotals(flatToAllowanceCharges(input));
      expect(legacyView(mapped)).toEqual(computeTotals(input));
      // The list form also gets the EN 16931 fields and the printed allowance and charge.
      expect(mapped.totals.subtotal).toBe(vector.expected[mode].totals.net_total);
      expect(mapped.lines[0]?.allowance_charges).toEqual([
        { allowance_charge_indicator: 'allowance', amount: '2.47', percentage: '5' },
        { allowance_charge_indicator: 'charge', amount: '1.23', percentage: '2.5' },
      ]);
    }
  });

  it('the EN 16931 names are there exactly when the input uses a field of docs/totals.md', () => {
    for (const vector of file.vectors) {
      const input = vector.input;
      const uses =
        input.allowance_charges != null ||
        input.payable_rounding_amount != null ||
        input.lines.some((line) => line.allowance_charges != null || line.base_quantity != null);
      const { totals, lines } = vector.expected.accumulated;
      expect(totals.subtotal !== undefined, vector.id).toBe(uses);
      expect(
        lines.every((line) => (line.amount !== undefined) === uses),
        vector.id,
      ).toBe(true);
    }
  });

  it('V37 is V27 negated, amount for amount', () => {
    const v27 = file.vectors.find((v) => v.id === 'V27') as AllowanceVector;
    const v37 = file.vectors.find((v) => v.id === 'V37') as AllowanceVector;
    const negate = (text: string) =>
      text.replace(/"(-?)(\d+\.\d+)"/g, (_, minus: string, digits: string) =>
        /^0\.0+$/.test(digits) ? `"${digits}"` : `"${minus === '-' ? '' : '-'}${digits}"`,
      );
    for (const mode of TOTALS_MODES) {
      const { lines: lines27, ...rest27 } = v27.expected[mode];
      const { lines: lines37, ...rest37 } = v37.expected[mode];
      expect(negate(JSON.stringify(rest27.totals))).toBe(JSON.stringify(rest37.totals));
      expect(negate(JSON.stringify(rest27.groups))).toBe(JSON.stringify(rest37.groups));
      expect(lines37.map((line) => line.amount)).toEqual(
        lines27.map((line) => negate(`"${line.amount}"`).slice(1, -1)),
      );
    }
  });

  describe('error vectors', () => {
    for (const vector of file.error_vectors) {
      it(`${vector.id} ${vector.title}`, () => {
        let thrown: unknown;
        try {
          computeTotals(vector.input);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ApiError);
        const error = thrown as ApiError;
        expect(error.status).toBe(vector.expect.http_status);
        expect(error.param).toBe(vector.expect.param);
        expect(error.message).toContain(vector.expect.error);
      });
    }
  });
});
