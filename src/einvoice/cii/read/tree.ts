/**
 * How the CII reader takes values out of a parsed document (`parseXdm`): every element it reads is
 * marked, so that at the end whatever it did not read is known — refused when it carries an amount,
 * listed as left out otherwise (`CiiTree.leftOver`). Values are checked as they are taken (decimals,
 * dates in format 102, codes), each problem an issue at the element's path (`SupplyChainTradeTransaction/
 * IncludedSupplyChainTradeLineItem[2]/SpecifiedLineTradeDelivery/BilledQuantity`), the way the FA(3)
 * import names its elements.
 *
 * @module
 */
import type { ErrorCode } from '../../../errors/catalog.js';
import type { ValidationIssue } from '../../../errors/validationIssue.js';
import { isIsoDate } from '../../../model/isoDate.js';
import { formatUnits } from '../../../money/fixedPoint.js';
import type { XdmDocument, XdmElement } from '../../../xpath/document.js';
import { CII_NAMESPACES } from '../specification.js';

const RAM = CII_NAMESPACES.ram;

/** A plain decimal as XML Schema's `xs:decimal` writes one: sign, digits, optional fraction. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The parts of a decimal text, or null. */
function decimalParts(text: string): { negative: boolean; integer: string; fraction: string } | null {
  const match = DECIMAL.exec(text);
  if (match === null) return null;
  const integer = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (integer === '' && fraction === '') return null;
  return { negative: match[1] === '-', integer: integer.replace(/^0+(?=\d)/, '') || '0', fraction };
}

/**
 * The reader's view of one document: the marked elements and the issues found so far.
 *
 * @example
 * ```ts
 * const tree = new CiiTree(parseXdm(xml));
 * const context = tree.child(tree.root, 'ExchangedDocumentContext', CII_NAMESPACES.rsm);
 * tree.issues; // [] while every value is fine
 * ```
 */
export class CiiTree {
  /** The issues found, in the order the reader met them. */
  readonly issues: ValidationIssue[] = [];
  /** The invoice currency (BT-5) once known: an amount stating another `@currencyID` is refused. */
  currency: string | undefined;
  private readonly taken = new Set<XdmElement>();
  private readonly leftOut = new Set<string>();

  constructor(
    private readonly document: XdmDocument,
    /** The document element (`rsm:CrossIndustryInvoice`), marked as read. */
    readonly root: XdmElement = document.root as XdmElement,
  ) {
    this.taken.add(root);
  }

  /** The first child `ns:name` of `parent` (marked as read), or undefined. */
  child(parent: XdmElement | undefined, name: string, namespace: string = RAM): XdmElement | undefined {
    if (parent === undefined) return undefined;
    for (const node of parent.children) {
      if (node.kind === 'element' && node.local === name && node.namespace === namespace) {
        this.taken.add(node);
        return node;
      }
    }
    return undefined;
  }

  /** The first child `ns:name` of `parent` without marking it as read, or undefined. */
  peek(parent: XdmElement | undefined, name: string, namespace: string = RAM): XdmElement | undefined {
    if (parent === undefined) return undefined;
    for (const node of parent.children)
      if (node.kind === 'element' && node.local === name && node.namespace === namespace) return node;
    return undefined;
  }

  /** Every child `ns:name` of `parent`, in order, each marked as read. */
  children(parent: XdmElement | undefined, name: string, namespace: string = RAM): XdmElement[] {
    const found: XdmElement[] = [];
    if (parent === undefined) return found;
    for (const node of parent.children) {
      if (node.kind === 'element' && node.local === name && node.namespace === namespace) {
        this.taken.add(node);
        found.push(node);
      }
    }
    return found;
  }

  /** Marks an element (and none of its children) as read. */
  take(element: XdmElement): void {
    this.taken.add(element);
  }

  /**
   * Leaves an element out on purpose, amounts and all: for what enters no total and the model keeps in
   * another form (a gross price whose discount contradicts the net price). Listed by
   * {@link CiiTree.leftOver} with the rest.
   */
  leaveOut(element: XdmElement): void {
    this.takeAll(element);
    this.leftOut.add(this.path(element).replace(/\[\d+\]/g, ''));
  }

  /** Marks an element and everything inside it as read. */
  takeAll(element: XdmElement): void {
    this.taken.add(element);
    for (const node of element.children) if (node.kind === 'element') this.takeAll(node);
  }

  /** The child's text as written (free text: notes, names, descriptions), or undefined when absent or blank. */
  text(parent: XdmElement | undefined, name: string): string | undefined {
    const element = this.child(parent, name);
    if (element === undefined) return undefined;
    const value = element.stringValue;
    return value.trim() === '' ? undefined : value;
  }

  /** The child's text trimmed (identifiers and codes), or undefined when absent or blank. */
  token(parent: XdmElement | undefined, name: string): string | undefined {
    const element = this.child(parent, name);
    if (element === undefined) return undefined;
    const value = element.stringValue.trim();
    return value === '' ? undefined : value;
  }

  /** An attribute's trimmed value (`schemeID`, `unitCode`, `currencyID`), or undefined when absent or blank. */
  attribute(element: XdmElement, name: string): string | undefined {
    for (const attribute of element.attributes)
      if (attribute.local === name && attribute.namespace === '') {
        const value = attribute.value.trim();
        return value === '' ? undefined : value;
      }
    return undefined;
  }

  /** Like {@link CiiTree.token}, with an issue when the child is missing. */
  requiredToken(parent: XdmElement | undefined, name: string, term: string): string | undefined {
    const value = this.token(parent, name);
    if (value === undefined && parent !== undefined) this.missing(parent, name, term);
    return value;
  }

  /** Like {@link CiiTree.text}, with an issue when the child is missing. */
  requiredText(parent: XdmElement | undefined, name: string, term: string): string | undefined {
    const value = this.text(parent, name);
    if (value === undefined && parent !== undefined) this.missing(parent, name, term);
    return value;
  }

  /**
   * A decimal (quantity, price, percentage, rate) as a plain decimal string: a leading `+` and
   * leading zeros dropped, the fraction kept as written (`'12.50'` stays `'12.50'`).
   */
  decimal(element: XdmElement | undefined): string | undefined {
    if (element === undefined) return undefined;
    const text = element.stringValue.trim();
    const parts = decimalParts(text);
    if (parts === null) {
      this.invalid(
        element,
        'en16931.cii.read.decimal',
        `must be a decimal number, not ${JSON.stringify(text)}`,
      );
      return undefined;
    }
    const written = parts.fraction === '' ? parts.integer : `${parts.integer}.${parts.fraction}`;
    return parts.negative ? `-${written}` : written;
  }

  /**
   * An amount with exactly `scale` decimals (the currency's minor units, as the model keeps amounts):
   * `'12.6'` → `'12.60'`, `'1000.000'` → `'1000.00'`. Digits past `scale` that are not zeros are
   * refused: rounding them away would change the amount. A `@currencyID` other than `currency` is
   * refused too (an amount in another currency than the document's, CII-DT-031).
   */
  amount(
    element: XdmElement | undefined,
    scale: number,
    currency: string | undefined = this.currency,
  ): string | undefined {
    if (element === undefined) return undefined;
    const text = element.stringValue.trim();
    const parts = decimalParts(text);
    if (parts === null) {
      this.invalid(element, 'en16931.cii.read.decimal', `must be an amount, not ${JSON.stringify(text)}`);
      return undefined;
    }
    const stated = this.attribute(element, 'currencyID');
    if (stated !== undefined && currency !== undefined && stated !== currency) {
      this.invalid(
        element,
        'en16931.cii.read.amount-currency',
        `is an amount in ${stated}, and the invoice's amounts are in ${currency}: EN 16931 gives only the VAT total (BT-111) in another currency`,
      );
      return undefined;
    }
    let fraction = parts.fraction;
    if (fraction.length > scale) {
      if (/[^0]/.test(fraction.slice(scale))) {
        this.invalid(
          element,
          'en16931.cii.read.amount-decimals',
          `is ${text}, with more decimals than the ${String(scale)} of the currency: rounding it would change the amount`,
        );
        return undefined;
      }
      fraction = fraction.slice(0, scale);
    }
    const units = BigInt(parts.integer + fraction.padEnd(scale, '0'));
    return formatUnits(parts.negative ? -units : units, scale);
  }

  /**
   * The date inside a date element (`ram:IssueDateTime/udt:DateTimeString`, `ram:TaxPointDate/
   * udt:DateString`, `ram:FormattedIssueDateTime/qdt:DateTimeString`) as an ISO date. EN 16931-3-3
   * writes every date with `format="102"` (CCYYMMDD, CII-DT-097); another format (a month, a week) is
   * not a date and is refused.
   */
  date(container: XdmElement | undefined, name: string, namespace: string): string | undefined {
    if (container === undefined) return undefined;
    const element = this.child(container, name, namespace);
    if (element === undefined) {
      this.missing(container, name, 'the date');
      return undefined;
    }
    const format = this.attribute(element, 'format');
    const text = element.stringValue.trim();
    if (format !== '102') {
      this.invalid(
        element,
        'en16931.cii.read.date-format',
        `has format ${JSON.stringify(format ?? '')}: EN 16931 dates are written with format "102" (CCYYMMDD)`,
      );
      return undefined;
    }
    const iso = /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : '';
    if (!isIsoDate(iso)) {
      this.invalid(
        element,
        'en16931.cii.read.date-format',
        `is ${JSON.stringify(text)}, not a calendar date CCYYMMDD`,
      );
      return undefined;
    }
    return iso;
  }

  /** A `udt:Indicator` inside `ram:ChargeIndicator`: true for a charge, false for an allowance. */
  chargeIndicator(parent: XdmElement): boolean | undefined {
    const wrapper = this.child(parent, 'ChargeIndicator');
    if (wrapper === undefined) {
      this.missing(parent, 'ChargeIndicator', 'the charge indicator');
      return undefined;
    }
    const element = this.child(wrapper, 'Indicator', CII_NAMESPACES.udt);
    const value = element?.stringValue.trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    this.invalid(
      element ?? wrapper,
      'en16931.cii.read.charge-indicator',
      `must be udt:Indicator "true" (charge) or "false" (allowance), not ${JSON.stringify(value ?? '')}`,
    );
    return undefined;
  }

  /** An issue: the element `name` is missing under `parent` (`parameter_blank`). */
  missing(parent: XdmElement, name: string, term: string): void {
    const at = this.path(parent);
    const param = at === '' ? name : `${at}/${name}`;
    this.issues.push({
      rule: 'en16931.cii.read.required',
      code: 'parameter_blank',
      param,
      message: `${param} is missing: ${term} is mandatory in EN 16931`,
    });
  }

  /** An issue about `element` (`parameter_invalid` unless told), the message after its path. */
  invalid(element: XdmElement, rule: string, message: string, code: ErrorCode = 'parameter_invalid'): void {
    const param = this.path(element) || 'file';
    this.issues.push({ rule, code, param, message: `${param} ${message}` });
  }

  /**
   * The element's path from the document element, by local names, with `[n]` (from 1) where the
   * parent has more than one child of that name.
   */
  path(element: XdmElement): string {
    const steps: string[] = [];
    let current: XdmElement = element;
    while (current !== this.root) {
      const parent = current.parent;
      if (parent.kind !== 'element') break;
      let index = 0;
      let count = 0;
      for (const node of parent.children) {
        if (node.kind !== 'element' || node.local !== current.local || node.namespace !== current.namespace)
          continue;
        count += 1;
        if (node === current) index = count;
      }
      steps.push(count > 1 ? `${current.local}[${String(index)}]` : current.local);
      current = parent;
    }
    return steps.reverse().join('/');
  }

  /**
   * What the reader did not read: each unread subtree once, at its top. One that holds an amount (an
   * element named `…Amount`) is refused — the model has no place for it, and reading the invoice
   * without it would change what the document says is owed or taxed (a logistics charge, a
   * sub-line, an advance payment, a line total the norm does not know). The others change no amount
   * and are returned as left out, by their path without positions, each once.
   */
  leftOver(): string[] {
    const ignored = new Set<string>(this.leftOut);
    const elements = this.document.elements;
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index] as XdmElement;
      if (this.taken.has(element)) continue;
      let amount: XdmElement | undefined;
      let next = index;
      while (next < elements.length && (elements[next] as XdmElement).order <= element.end) {
        const inside = elements[next] as XdmElement;
        if (amount === undefined && inside.local.endsWith('Amount')) amount = inside;
        next += 1;
      }
      index = next - 1;
      if (amount !== undefined)
        this.invalid(
          element,
          'en16931.cii.read.unsupported-amount',
          `carries an amount (${amount === element ? amount.local : this.path(amount)}) that EN 16931 and fiscalkit's invoice ` +
            'have no place for: reading the document without it would change its amounts, so it is refused',
        );
      else ignored.add(this.path(element).replace(/\[\d+\]/g, ''));
    }
    return [...ignored];
  }
}
