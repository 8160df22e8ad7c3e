import type { TotalsInput, TotalsMode, TotalsResult } from '../../src/index.js';
import { hasShared, readSharedJson } from './shared.js';

/** Expected output of one mode, as in taxmath-vectors.json. */
export type ExpectedMode = Omit<TotalsResult, 'lines'> & {
  account: { apply_taxes_per_line: boolean; skip_line_taxable_base_rounding: boolean };
  lines?: TotalsResult['lines'];
  lines_omitted?: string;
};

export interface GoldenVector {
  id: string;
  title: string;
  input: TotalsInput & { rounding_method: string };
  expected: Record<TotalsMode, ExpectedMode>;
  summary: Record<'total' | 'tax_outputs' | 'withheld', Record<TotalsMode, string>>;
  rounding_variants?: {
    rounding_method: string;
    expected: Record<
      TotalsMode,
      { groups: { key: string; base: string; tax: string }[]; totals: TotalsResult['totals'] }
    >;
  }[];
  advance_split?: { base: string; tax: string; gross: string };
}

export interface ErrorVector {
  id: string;
  title: string;
  input: TotalsInput;
  account?: { apply_taxes_per_line: boolean; skip_line_taxable_base_rounding: boolean };
  expect: { http_status?: number; error?: string };
}

interface VectorFile {
  vectors: GoldenVector[];
  error_vectors: ErrorVector[];
  float_pitfalls: { expr: string; value: string; correct_half_up?: string }[];
}

/** The golden vectors, or empty lists when shared/ is absent. */
export const taxmathVectors: VectorFile = hasShared
  ? readSharedJson<VectorFile>('vectors', 'taxmath-vectors.json')
  : { vectors: [], error_vectors: [], float_pitfalls: [] };
