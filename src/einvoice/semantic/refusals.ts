/**
 * What EN 16931 cannot say about a fiscalkit invoice, refused before anything is mapped, each at the
 * field the client can change, so that no amount of the invoice is silently left out of its document
 * (issue #22; docs/einvoice-documents.md "The EN 16931 mapping"):
 *
 * | rule | what | why |
 * |---|---|---|
 * | `en16931.write.currency-decimals` | a currency with more than 2 decimals (BHD, KWD, …), as the invoice's or the VAT accounting currency | BR-DEC-01…28 allow 2 decimals on every amount; rounding them would change the amounts (taxmath.md §2.5) |
 * | `en16931.write.withholding` | a withholding tax (Spanish IRPF) | EN 16931 has VAT only; a withholding changes the amount due (`total` = BT-112 − withheld). The Facturae document carries it (`TaxesWithheld`) |
 * | `en16931.write.surcharge` | a surcharge (recargo de equivalencia) | not a VAT category of UNCL5305 and added to the amount due; Facturae carries it (`EquivalenceSurcharge`) |
 * | `en16931.write.total-override` | a total set by `total_amount_due` (an advance, spec §2.4) | the document's lines would describe the order, not the advance received; KSeF's `ZAL` is where advances are reported |
 * | `en16931.write.stored-total` | a stored total its lines no longer give (the account's rounding settings changed since) | the document would show other amounts than the invoice |
 * | `en16931.write.not-subject-mixed` | category `O` (`NS`, `apply_taxes: false`) beside other categories | BR-O-11…14: an invoice with an `O` breakdown has no other |
 * | `en16931.write.reimbursable-exempt` | reimbursable expenses beside other exempt (`E`) amounts | both would be the one `E` breakdown, with one exemption reason (BR-E-08, BR-E-10; `allowanceCharges.ts`) |
 *
 * A line with more than one VAT tax never gets here: the totals engine refuses it (taxmath.md §3.11 E04).
 *
 * @module
 */
import type { ValidationIssue } from '../../errors/validationIssue.js';
import type { Invoice } from '../../model/invoice.js';
import type { LineTax } from '../../model/invoiceLine.js';
import { currencyExponent } from '../../money/currencies.js';
import { issueAt } from '../../rules/issue.js';
import type { TotalsResult } from '../../totals/result.js';
import { groupCategory } from './allowanceCharges.js';
import { sameAmount } from './amounts.js';
import { taxKind } from './lines.js';

/** The words of a non-VAT tax kind's refusal. */
const KIND_REFUSALS = {
  withholding: {
    rule: 'en16931.write.withholding',
    message:
      'is a withholding tax: EN 16931 documents (UBL, CII) have VAT only and no withheld amount, so the amount due would be wrong; write the invoice as Facturae, which carries it',
  },
  surcharge: {
    rule: 'en16931.write.surcharge',
    message:
      'is a surcharge (recargo de equivalencia): it is not an EN 16931 VAT category and changes the amount due; write the invoice as Facturae, which carries it',
  },
} as const;

function kindIssues(
  taxes: readonly Pick<LineTax, 'kind' | 'percent'>[] | null | undefined,
  path: readonly PropertyKey[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  (taxes ?? []).forEach((tax, index) => {
    const kind = taxKind(tax);
    if (kind !== 'vat') {
      const refusal = KIND_REFUSALS[kind];
      issues.push(issueAt(refusal.rule, 'parameter_invalid', [...path, index], refusal.message));
    }
  });
  return issues;
}

/**
 * The invoice's withholding and surcharge taxes, on its lines and its document-level entries.
 *
 * @example
 * ```ts
 * nonVatTaxIssues({ ...invoice, lines: [{ ...line, taxes_attributes: [{ name: 'IVA', percent: '21' }, { name: 'IRPF', percent: '-15' }] }] });
 * // [{ rule: 'en16931.write.withholding', code: 'parameter_invalid', param: 'lines[0].taxes_attributes[1]', … }]
 * ```
 */
export function nonVatTaxIssues(
  invoice: Pick<Invoice, 'lines' | 'allowance_charges_attributes'>,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  invoice.lines.forEach((line, index) => {
    issues.push(...kindIssues(line.taxes_attributes, ['lines', index, 'taxes_attributes']));
  });
  (invoice.allowance_charges_attributes ?? []).forEach((entry, index) => {
    issues.push(
      ...kindIssues(entry.taxes_attributes, ['allowance_charges_attributes', index, 'taxes_attributes']),
    );
    if (entry.tax_attributes)
      issues.push(
        ...kindIssues([entry.tax_attributes], ['allowance_charges_attributes', index, 'tax_attributes']).map(
          (issue) => ({
            ...issue,
            param: issue.param.replace(/\[0\]$/, ''),
            message: issue.message.replace(/^(\S+)\[0\]/, '$1'),
          }),
        ),
      );
  });
  return issues;
}

/**
 * A currency whose amounts have more decimals than EN 16931 allows (BR-DEC-*: 2), at `param`.
 *
 * @example
 * ```ts
 * currencyIssues('BHD', 'currency'); // [{ rule: 'en16931.write.currency-decimals', … }]
 * currencyIssues('JPY', 'currency'); // []
 * ```
 */
export function currencyIssues(currency: string, param: string): ValidationIssue[] {
  return currencyExponent(currency) > 2
    ? [
        issueAt(
          'en16931.write.currency-decimals',
          'parameter_invalid',
          [param],
          `is ${currency}, whose amounts have ${currencyExponent(currency)} decimals: EN 16931 allows 2 on every amount (BR-DEC-01 … BR-DEC-28), and rounding them would change the invoice`,
        ),
      ]
    : [];
}

/** KSeF's advance invoice codes, the only ones `total_amount_due` is accepted on (taxmath.md §3.9). */
const ADVANCE_TYPE_CODES: ReadonlySet<string> = new Set(['ZAL', 'KOR_ZAL']);

/**
 * An invoice whose stored total is not its lines' total: an advance whose total `total_amount_due` set
 * (`en16931.write.total-override`), or an invoice stored before the account's rounding settings changed
 * (`en16931.write.stored-total`: the document would show other amounts than the invoice).
 *
 * @example
 * ```ts
 * totalOverrideIssues({ ...invoice, type_code: 'ZAL', total: '1000.00' }, totals); // [{ rule: 'en16931.write.total-override', param: 'total_amount_due', … }]
 * ```
 */
export function totalOverrideIssues(
  invoice: Pick<Invoice, 'total' | 'type_code'>,
  totals: TotalsResult,
): ValidationIssue[] {
  if (sameAmount(invoice.total, totals.totals.total)) return [];
  if (ADVANCE_TYPE_CODES.has(invoice.type_code ?? ''))
    return [
      issueAt(
        'en16931.write.total-override',
        'parameter_invalid',
        ['total_amount_due'],
        `set the invoice's total to ${invoice.total}, while its lines add up to ${totals.totals.total}: an EN 16931 invoice states the amounts of its lines, and an advance is not expressible in it (KSeF ZAL carries advances)`,
      ),
    ];
  return [
    issueAt(
      'en16931.write.stored-total',
      'parameter_invalid',
      ['total'],
      `is ${invoice.total}, while the invoice's lines give ${totals.totals.total} with the account's settings now: the invoice was computed before they changed; update it (PUT) so that its document shows its own amounts`,
    ),
  ];
}

/**
 * Category `O` beside other categories (BR-O-11…14), and reimbursable expenses beside other exempt
 * amounts (one `E` breakdown, one reason), at the entry or line that brings the `O` or the suplido.
 *
 * @example
 * ```ts
 * categoryMixIssues(invoice, totals); // [] for an invoice of category S only
 * ```
 */
export function categoryMixIssues(
  invoice: Pick<Invoice, 'lines' | 'allowance_charges_attributes'>,
  totals: TotalsResult,
): ValidationIssue[] {
  const categories = totals.groups
    .filter((group) => group.kind === 'vat')
    .map((group) => groupCategory(group.key)?.category);
  const reimbursable = (totals.allowance_charges ?? []).find(
    (piece) => piece.is_reimbursable_expense === true,
  );
  const issues: ValidationIssue[] = [];
  if (categories.includes('O') && (categories.some((category) => category !== 'O') || reimbursable)) {
    const piece = (totals.allowance_charges ?? []).find((candidate) =>
      Object.keys(candidate.taxes).some(
        (key) => key.startsWith('vat|') && groupCategory(key)?.category === 'O',
      ),
    );
    const lineIndex = invoice.lines.findIndex((line) =>
      line.taxes_attributes.some(
        (tax) =>
          taxKind(tax) === 'vat' &&
          groupCategory(`vat|${tax.category ?? ''}|${tax.name}|${tax.percent}`)?.category === 'O',
      ),
    );
    const path =
      lineIndex >= 0
        ? ['lines', lineIndex, 'taxes_attributes']
        : piece === undefined
          ? ['allowance_charges_attributes']
          : ['allowance_charges_attributes', piece.index];
    issues.push(
      issueAt(
        'en16931.write.not-subject-mixed',
        'parameter_invalid',
        path,
        'is not subject to VAT (category O) on an invoice with other VAT categories: EN 16931 BR-O-11 … BR-O-14 allow no other category on an invoice with an O breakdown; give it a VAT category (E with a reason, Z) or invoice it separately',
      ),
    );
  }
  if (reimbursable !== undefined && categories.includes('E'))
    issues.push(
      issueAt(
        'en16931.write.reimbursable-exempt',
        'parameter_invalid',
        ['allowance_charges_attributes', reimbursable.index, 'is_reimbursable_expense'],
        'is a reimbursable expense on an invoice with exempt (E) amounts: EN 16931 writes both in the one exempt breakdown, whose exemption reason (BR-E-10) cannot be both article 79(c) and the exemption of the other amounts',
      ),
    );
  return issues;
}
