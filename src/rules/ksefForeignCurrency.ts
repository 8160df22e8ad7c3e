import {
  KSEF_BUCKET_OF_RATE,
  KSEF_BUCKETS_WITH_LOCAL_TAX,
  type KsefTaxRate,
} from '../codelists/ksefRates.js';
import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/** What the rule reads of a Ksef tax report. */
export interface KsefForeignCurrencyCandidate {
  invoice_type_code?: string | null | undefined;
  currency?: string | null | undefined;
  exchange_rate?: string | null | undefined;
  tax_breakdowns?:
    | readonly {
        bucket?: string | null | undefined;
        tax_amount?: string | null | undefined;
        tax_amount_pln?: string | null | undefined;
      }[]
    | null
    | undefined;
  lines?:
    | readonly { tax_category?: string | null | undefined; exchange_rate?: string | null | undefined }[]
    | null
    | undefined;
}

/** Whether a rate code is a percentage with VAT (buckets 1–4, the ones with `P_14_xW`). */
function isPercentRate(category: unknown): boolean {
  if (typeof category !== 'string' || !Object.hasOwn(KSEF_BUCKET_OF_RATE, category)) return false;
  return KSEF_BUCKETS_WITH_LOCAL_TAX.includes(KSEF_BUCKET_OF_RATE[category as KsefTaxRate]);
}

/** The elements of a list field that are objects (an unchecked report may hold anything). */
function objectsOf<T>(value: readonly T[] | null | undefined): [T, number][] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item, index): [T, number] => [item, index])
    .filter(([item]) => item !== null && typeof item === 'object');
}

/**
 * An invoice in a currency other than PLN states its conversion to PLN (art. 106e ust. 11 ustawy o
 * VAT: the tax amount in PLN; art. 31a: the rate it was converted at; ksef-fa3.md §6.6):
 *
 * - every bucket 1–4 with a tax amount has `tax_amount_pln` (`P_14_xW`), else `parameter_blank` at
 *   `tax_breakdowns[i].tax_amount_pln` (`fiscalkit.ksef.tax-amount-pln`);
 * - every line at a percentage rate has a rate (`KursWaluty`): its own `exchange_rate` or the
 *   report's, else `parameter_blank` at `lines[i].exchange_rate` (`fiscalkit.ksef.line-exchange-rate`);
 * - a `ZAL` has `exchange_rate` (`KursWalutyZ`, the advance's rate), else `parameter_blank` at
 *   `exchange_rate` (`fiscalkit.ksef.advance-exchange-rate`).
 *
 * A **fiscalkit rule** for reports created directly or generated: the three elements are optional in
 * the XSD and KSeF does not ask for them (`P_14_xW`: proposed and postponed, CIRFMF/ksef-api #837;
 * ksef-fa3.md §4), so an imported document without them is recorded and written back as it is
 * (issue #18 item 12).
 *
 * @example
 * ```ts
 * ksefForeignCurrencyIssues({ currency: 'EUR', tax_breakdowns: [{ bucket: '1', tax_amount: '23', tax_amount_pln: '98.03' }] }); // []
 * ksefForeignCurrencyIssues({ currency: 'EUR', tax_breakdowns: [{ bucket: '1', tax_amount: '23' }] });
 * // [{ rule: 'fiscalkit.ksef.tax-amount-pln', code: 'parameter_blank', param: 'tax_breakdowns[0].tax_amount_pln', … }]
 * ```
 */
export function ksefForeignCurrencyIssues(report: KsefForeignCurrencyCandidate): ValidationIssue[] {
  const currency = report.currency;
  if (typeof currency !== 'string' || !isPresent(currency) || currency === 'PLN') return [];
  const issues: ValidationIssue[] = [];
  if (report.invoice_type_code === 'ZAL' && !isPresent(report.exchange_rate))
    issues.push(
      issueAt(
        'fiscalkit.ksef.advance-exchange-rate',
        'parameter_blank',
        ['exchange_rate'],
        `is required on a ZAL invoice in ${currency}: the advance's rate (art. 106e ust. 11 ustawy o VAT; FA(3) Fa/KursWalutyZ)`,
      ),
    );
  for (const [breakdown, index] of objectsOf(report.tax_breakdowns)) {
    const bucket = breakdown.bucket;
    if (
      typeof bucket === 'string' &&
      (KSEF_BUCKETS_WITH_LOCAL_TAX as readonly string[]).includes(bucket) &&
      isPresent(breakdown.tax_amount) &&
      !isPresent(breakdown.tax_amount_pln)
    )
      issues.push(
        issueAt(
          'fiscalkit.ksef.tax-amount-pln',
          'parameter_blank',
          ['tax_breakdowns', index, 'tax_amount_pln'],
          `is required for bucket ${bucket} of an invoice in ${currency}: the tax in PLN (art. 106e ust. 11 ustawy o VAT; FA(3) Fa/P_14_${bucket}W)`,
        ),
      );
  }
  for (const [line, index] of objectsOf(report.lines)) {
    if (
      isPercentRate(line.tax_category) &&
      !isPresent(line.exchange_rate) &&
      !isPresent(report.exchange_rate)
    )
      issues.push(
        issueAt(
          'fiscalkit.ksef.line-exchange-rate',
          'parameter_blank',
          ['lines', index, 'exchange_rate'],
          `is required at rate ${String(line.tax_category)} in ${currency}, unless the report has exchange_rate (art. 31a ustawy o VAT; FA(3) Fa/FaWiersz/KursWaluty)`,
        ),
      );
  }
  return issues;
}
