/**
 * A read-only view of a Facturae element that knows its own XPath and line (issue #21: every finding
 * has a location). Built on the XDM tree of `parseXdm` (`src/xpath/document.ts`), the tree the
 * e-invoice validator parses once for every rule set. Children are found by local name: Facturae's
 * children are unqualified (its schemas leave `elementFormDefault` unset), and a child in another
 * namespace is the XSD layer's to report.
 *
 * @module
 */
import type { XdmElement } from '../../xpath/document.js';
import { type Figure, readAmount } from './amounts.js';

/**
 * One element of the document, with its XPath (`/fe:Facturae/Invoices/Invoice[1]`): the children a
 * rule reads, by local name.
 *
 * @example
 * ```ts
 * const root = new FacturaeElement(parseXdm(xml).root, '/fe:Facturae');
 * root.amount('FileHeader', 'Batch', 'TotalInvoicesAmount', 'TotalAmount');
 * // { kind: 'amount', value: Decimal('902.33'), text: '902.33',
 * //   path: '/fe:Facturae/FileHeader/Batch/TotalInvoicesAmount/TotalAmount', line: 10 }
 * ```
 */
export class FacturaeElement {
  constructor(
    /** The element. */
    readonly element: XdmElement,
    /** Its XPath, with the document's root prefix and 1-based positions of repeatable elements. */
    readonly path: string,
  ) {}

  /** The line of the element's start tag (its end, as the parser reports it). */
  get line(): number {
    return this.element.line;
  }

  /** The child elements named `name`, in document order. */
  private named(name: string): XdmElement[] {
    const found: XdmElement[] = [];
    for (const child of this.element.children)
      if (child.kind === 'element' && child.local === name) found.push(child);
    return found;
  }

  /**
   * Every child named `name`, each with its position in the path (`Tax[1]`, `Tax[2]`): for the
   * elements the schema lets repeat.
   *
   * @example
   * ```ts
   * invoices.all('Invoice').map((invoice) => invoice.path);
   * // ['/fe:Facturae/Invoices/Invoice[1]', '/fe:Facturae/Invoices/Invoice[2]']
   * ```
   */
  all(name: string): FacturaeElement[] {
    return this.named(name).map(
      (child, index) => new FacturaeElement(child, `${this.path}/${name}[${String(index + 1)}]`),
    );
  }

  /**
   * The one child named `name` (path without a position), undefined when absent, `many` when it
   * occurs more than once (the schema allows it once: its layer reports that).
   *
   * @example
   * ```ts
   * invoice.one('InvoiceTotals')?.path; // '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals'
   * ```
   */
  one(name: string): FacturaeElement | undefined | 'many' {
    const found = this.named(name);
    if (found.length > 1) return 'many';
    const [child] = found;
    return child === undefined ? undefined : new FacturaeElement(child, `${this.path}/${name}`);
  }

  /**
   * Follows single children down `names` and reads the last one's text, trimmed.
   *
   * @example
   * ```ts
   * invoice.text('InvoiceIssueData', 'InvoiceCurrencyCode'); // 'EUR'
   * ```
   */
  text(...names: string[]): string | undefined {
    const found = this.descend(names);
    return found === undefined || found === 'many' ? undefined : found.element.stringValue.trim();
  }

  /**
   * Follows single children down `names` and reads the last one as an amount: `absent` (with the path
   * it would have) when a step is missing, `invalid` when a step repeats or the text is no number.
   *
   * @example
   * ```ts
   * totals.amount('TotalGrossAmount'); // { kind: 'amount', value: Decimal('862.04'), text: '862.04', path: '…/TotalGrossAmount', line: 123 }
   * tax.amount('TaxAmount', 'TotalAmount').kind; // 'absent' when the tax has no TaxAmount
   * ```
   */
  amount(...names: string[]): Figure {
    let current: FacturaeElement = this;
    for (const name of names) {
      const next = current.one(name);
      if (next === 'many') return { kind: 'invalid' };
      if (next === undefined)
        return { kind: 'absent', path: [this.path, ...names].join('/'), line: current.line };
      current = next;
    }
    return readAmount(current.element.stringValue, current.path, current.line);
  }

  /**
   * Follows single children down `names`: the element there, undefined when a step is missing, `many`
   * when a step repeats.
   *
   * @example
   * ```ts
   * root.at('FileHeader', 'Modality')?.line; // 5
   * ```
   */
  at(...names: string[]): FacturaeElement | undefined | 'many' {
    return this.descend(names);
  }

  private descend(names: readonly string[]): FacturaeElement | undefined | 'many' {
    let current: FacturaeElement | undefined | 'many' = this;
    for (const name of names) {
      if (current === undefined || current === 'many') return current;
      current = current.one(name);
    }
    return current;
  }
}
