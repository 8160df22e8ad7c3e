/**
 * How the Facturae reader reads values and refuses what it cannot carry (issue #22 "Reading them
 * back"): one issue list per document, each issue `parameter_invalid` at `file` with the XPath of the
 * element in its message and a `facturae.read.*` rule id, as the e-invoice validator locates its
 * findings (`src/einvoice/facturae/element.ts`).
 *
 * @module
 */
import type { ValidationIssue } from '../../../errors/validationIssue.js';
import { Decimal } from '../../../money/decimal.js';
import { documentIssue } from '../../../xml/guards.js';
import type { FacturaeElement } from '../element.js';

/** The param every reader issue is at: the document as a whole (the importer's `file`). */
export const READ_PARAM = 'file';

/**
 * What the reader collects while it reads one document: every refusal, in document order, so that one
 * answer names all of a document's problems.
 *
 * @example
 * ```ts
 * const issues = new ReadIssues();
 * issues.refuse('facturae.read.batch', '/fe:Facturae/Invoices', 'holds 2 invoices …');
 * issues.list[0]?.param; // 'file'
 * ```
 */
export class ReadIssues {
  /** The issues so far, in document order. */
  readonly list: ValidationIssue[] = [];

  /**
   * Records one issue about the element at `path` (its XPath) and gives undefined.
   *
   * @example
   * ```ts
   * issues.refuse('facturae.read.subsidies', '/fe:Facturae/…/Subsidies', 'has a subsidy, which fiscalkit’s invoice has no amount for');
   * ```
   */
  refuse(rule: string, path: string, message: string): undefined {
    this.list.push(documentIssue(rule, READ_PARAM, `${path} ${message}`));
    return undefined;
  }
}

/**
 * The trimmed text of the child at `names`, or undefined when absent or blank.
 *
 * @example
 * ```ts
 * textAt(invoice, 'InvoiceHeader', 'InvoiceNumber'); // 'F-1'
 * ```
 */
export function textAt(element: FacturaeElement, ...names: string[]): string | undefined {
  const text = element.text(...names);
  return text === undefined || text === '' ? undefined : text;
}

/**
 * The decimal at `names` in plain notation without trailing zeros (`21.0` → `21`, `1E2` → `100`), or
 * undefined when absent; a text that is no number, or has more than `maxDecimals` decimals, is refused
 * (`facturae.read.number`).
 *
 * @example
 * ```ts
 * decimalAt(issues, line, 6, 'Quantity'); // '20'
 * ```
 */
export function decimalAt(
  issues: ReadIssues,
  element: FacturaeElement,
  maxDecimals: number,
  ...names: string[]
): string | undefined {
  const figure = element.amount(...names);
  if (figure.kind === 'absent') return undefined;
  const path = [element.path, ...names].join('/');
  if (figure.kind === 'invalid')
    return issues.refuse(
      'facturae.read.number',
      path,
      'is not a number fiscalkit reads (xs:double in plain notation)',
    );
  const value = figure.value;
  if (value.decimalPlaces() > maxDecimals)
    return issues.refuse(
      'facturae.read.number',
      path,
      `is ${figure.text}, with ${String(value.decimalPlaces())} decimals; fiscalkit's invoice keeps at most ${String(maxDecimals)} here`,
    );
  return value.isZero() ? '0' : value.toString();
}

/**
 * Whether two decimal strings are the same number (`4000.00` and `4000`).
 *
 * @example
 * ```ts
 * sameNumber('4000.00', '4000'); // true
 * ```
 */
export function sameNumber(a: string, b: string): boolean {
  return new Decimal(a).eq(new Decimal(b));
}
