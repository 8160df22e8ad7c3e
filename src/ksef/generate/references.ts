import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { documentNumber, type IndexedReference } from '../../generate/references.js';
import type { Invoice } from '../../model/invoice.js';
import type { KsefCorrectedInvoice } from '../../model/ksefCorrectedInvoice.js';
import type { PrepaymentReferenceInput } from '../../model/ksefTaxReport.js';
import { presentText as present } from '../../model/presentText.js';
import { decimalPlaces, isDecimalString, toUnits } from '../../money/fixedPoint.js';
import { isPresent, issueAt } from '../../rules/issue.js';

/** The correction block of a Ksef report (ksef-fa3.md §6.7). */
export interface CorrectionFields {
  corrected_invoices: KsefCorrectedInvoice[];
  correction_reason: string | null;
  correction_type: '1' | '2' | '3' | null;
  corrected_period: string | null;
}

/**
 * The correction block of `KOR`, `KOR_ZAL` and `KOR_ROZ` from the amend reference (ksef-fa3.md §6.7):
 * `DaneFaKorygowanej` = `{date, number (+ series_code), registration_code: tax_registration_code}`
 * (with a KSeF number the builder writes `NrKSeF=1`, without one `NrKSeFN=1`), `PrzyczynaKorekty` =
 * `reason`, `TypKorekty` = `tax_correction_code` when it is `1`, `2` or `3` (the field is shared with
 * SII, whose `R1`…`R5` mean nothing to KSeF and are left out), and `OkresFaKorygowanej` = the
 * write-only `invoicing_period_start` / `_end` written as an ISO 8601 interval (`2026-01-01/2026-06-30`,
 * a **fiscalkit choice** for the free-text element). A correction without an amend reference is
 * `parameter_blank` at `invoice_references`; a reference without `date` or `number` is
 * `parameter_blank` at that field (FA(3) requires both).
 *
 * @example
 * ```ts
 * correctionFields(undefined);
 * // { success: false, issues: [{ rule: 'ksef.6.7.amend-reference', code: 'parameter_blank', param: 'invoice_references', … }] }
 * ```
 */
export function correctionFields(amend: IndexedReference | undefined): Validated<CorrectionFields> {
  if (amend === undefined)
    return {
      success: false,
      issues: [
        issueAt(
          'ksef.6.7.amend-reference',
          'parameter_blank',
          ['invoice_references'],
          'needs an amend reference (the corrected invoice: date, number and, when it has one, its KSeF number) on a correction',
        ),
      ],
    };
  const { reference, index } = amend;
  const issues: ValidationIssue[] = [];
  const number = documentNumber(reference.number, reference.series_code);
  if (!isPresent(reference.date))
    issues.push(
      issueAt(
        'fa3.Fa.DaneFaKorygowanej.DataWystFaKorygowanej',
        'parameter_blank',
        ['invoice_references', index, 'date'],
        'is required: it is DataWystFaKorygowanej',
      ),
    );
  if (number === null)
    issues.push(
      issueAt(
        'fa3.Fa.DaneFaKorygowanej.NrFaKorygowanej',
        'parameter_blank',
        ['invoice_references', index, 'number'],
        'is required: it is NrFaKorygowanej',
      ),
    );
  if (issues.length > 0 || number === null || typeof reference.date !== 'string')
    return { success: false, issues };
  const code = present(reference.tax_correction_code);
  const start = present(reference.invoicing_period_start);
  const end = present(reference.invoicing_period_end);
  return {
    success: true,
    data: {
      corrected_invoices: [
        { date: reference.date, number, registration_code: present(reference.tax_registration_code) },
      ],
      correction_reason: present(reference.reason),
      correction_type: code === '1' || code === '2' || code === '3' ? code : null,
      corrected_period: start === null && end === null ? null : `${start ?? ''}/${end ?? ''}`,
    },
  };
}

/**
 * A reference's `total_amount` as units of the invoice currency, checked: given (`parameter_blank`),
 * in the invoice currency when the reference names one, and with no more decimals than the currency
 * has (`parameter_invalid`), because the report does arithmetic with it in the invoice currency.
 *
 * @example
 * ```ts
 * referenceTotal({ reference, index: 0 }, 'PLN', 2); // { success: true, data: 2000000n } for 20000
 * ```
 */
export function referenceTotal(
  amend: IndexedReference,
  currency: string,
  exponent: number,
): Validated<bigint> {
  const { reference, index } = amend;
  const at = ['invoice_references', index];
  const total = present(reference.total_amount);
  if (total === null)
    return {
      success: false,
      issues: [
        issueAt(
          'spec.2.7.3',
          'parameter_blank',
          [...at, 'total_amount'],
          'is required: it is the total of the referenced invoice the report computes with (spec §2.7 rule 3)',
        ),
      ],
    };
  if (isPresent(reference.currency) && reference.currency !== currency)
    return {
      success: false,
      issues: [
        issueAt(
          'fiscalkit.ksef.reference-currency',
          'parameter_invalid',
          [...at, 'currency'],
          `is ${String(reference.currency)}, but the invoice is in ${currency}: the referenced total must be in the invoice currency`,
        ),
      ],
    };
  if (!isDecimalString(total, 8) || decimalPlaces(total) > exponent)
    return {
      success: false,
      issues: [
        issueAt(
          'fiscalkit.ksef.reference-total-decimals',
          'parameter_invalid',
          [...at, 'total_amount'],
          `must be an amount with at most ${exponent} decimals (${currency})`,
        ),
      ],
    };
  return { success: true, data: toUnits(total, exponent) };
}

/** The advance invoices a settlement settles, for FA(3) `FakturaZaliczkowa` and the remainder. */
export interface SettledAdvances {
  references: PrepaymentReferenceInput[];
  /** `prepayment_references[k]` → index in `invoice_references`. */
  sources: number[];
  /** Σ of the advances' gross, units of the invoice currency. */
  total: bigint;
}

/**
 * The advances of a settlement (`ROZ`, `KOR_ROZ`; ksef-fa3.md §6.9): each `prepayment` reference
 * becomes a `prepayment_references` element (`tax_registration_code` → `registration_code`, the KSeF
 * number; `number` with its series → `number`), and their `total_amount` add up to the amount already
 * paid. When not every reference carries a `total_amount`, the invoice's `prepaid_amount` (EN 16931
 * BT-113) stands for the sum (a **fiscalkit choice**); without either the first reference lacking it
 * is `parameter_blank` at its `total_amount`. No prepayment reference is `parameter_blank` at
 * `invoice_references`; one without `number` and `tax_registration_code` is `parameter_blank` at its
 * `number` (spec §2.7: one of the two is required).
 *
 * @example
 * ```ts
 * const advances = settledAdvances(invoice, 'PLN', 2);
 * advances.success && advances.data.total; // 3000000n for one advance of 30000
 * ```
 */
export function settledAdvances(
  invoice: Pick<Invoice, 'invoice_references' | 'prepaid_amount'>,
  currency: string,
  exponent: number,
): Validated<SettledAdvances> {
  const issues: ValidationIssue[] = [];
  const references: PrepaymentReferenceInput[] = [];
  const sources: number[] = [];
  const missingTotal: IndexedReference[] = [];
  let total = 0n;
  invoice.invoice_references.forEach((reference, index) => {
    if (reference.reference_type !== 'prepayment') return;
    const number = documentNumber(reference.number, reference.series_code);
    const registration = present(reference.tax_registration_code);
    if (number === null && registration === null)
      issues.push(
        issueAt(
          'spec.2.7.prepayment-reference-number',
          'parameter_blank',
          ['invoice_references', index, 'number'],
          'is required when tax_registration_code is absent: FakturaZaliczkowa names the advance invoice by one of them',
        ),
      );
    references.push({ number, registration_code: registration });
    sources.push(index);
    if (!isPresent(reference.total_amount)) {
      missingTotal.push({ reference, index });
      return;
    }
    const amount = referenceTotal({ reference, index }, currency, exponent);
    if (amount.success) total += amount.data;
    else issues.push(...amount.issues);
  });
  if (sources.length === 0)
    return {
      success: false,
      issues: [
        issueAt(
          'spec.2.7.prepayment-references',
          'parameter_blank',
          ['invoice_references'],
          'needs the prepayment references of the advance invoices a settlement settles (FakturaZaliczkowa)',
        ),
      ],
    };
  if (missingTotal.length > 0) {
    const prepaid = present(invoice.prepaid_amount);
    const first = missingTotal[0] as IndexedReference;
    if (prepaid === null) {
      issues.push(
        issueAt(
          'ksef.6.9.advance-total',
          'parameter_blank',
          ['invoice_references', first.index, 'total_amount'],
          'is required (or prepaid_amount on the invoice): the settlement subtracts the advances already paid (ksef-fa3.md §6.9)',
        ),
      );
    } else if (!isDecimalString(prepaid, 8) || decimalPlaces(prepaid) > exponent) {
      issues.push(
        issueAt(
          'fiscalkit.ksef.reference-total-decimals',
          'parameter_invalid',
          ['prepaid_amount'],
          `must be an amount with at most ${exponent} decimals (${currency})`,
        ),
      );
    } else total = toUnits(prepaid, exponent);
  }
  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: { references, sources, total } };
}
