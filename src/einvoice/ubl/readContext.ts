/**
 * The bookkeeping of the UBL reader (issue #22 "Reading them back"): a small wrapper over the parsed
 * document (`UblElement`) through which the section readers take the elements they map, and a
 * context (`UblReadContext`) that collects the issues and, at the end, looks at every element no
 * reader took. Such an element is either refused — when it holds an amount (an element with a
 * `currencyID`), because an amount the semantic model cannot carry would change what the invoice says
 * is owed — or listed as left out (`left_out`), because it changes no amount and the model has no place
 * for it (an attachment, a delivery party, an invoicing period). Nothing is dropped silently.
 *
 * Element names are written with the conventional prefixes (`cbc:ID`, `cac:Party`, `ext:UBLExtensions`)
 * whatever prefixes the document uses, because the reader looks elements up by namespace, not by prefix.
 *
 * @module
 */
import type { ValidationIssue } from '../../errors/validationIssue.js';
import { currencyExponent, isCurrencyCode } from '../../money/currencies.js';
import type { XdmElement } from '../../xpath/document.js';
import { UBL_NAMESPACES } from './specification.js';

/**
 * The rules of the UBL reader (`en16931.ubl.read.*`, docs/rule-ids.md): why a document cannot be read
 * into the EN 16931 semantic model. Each refusal names the element it is about (the issue's `param` is
 * its path, `Invoice/cac:TaxTotal[2]`).
 *
 * @example
 * ```ts
 * UBL_READ_RULES.withholdingTax; // 'en16931.ubl.read.withholding-tax'
 * ```
 */
export const UBL_READ_RULES = {
  /** The root is not a UBL 2.1 `Invoice` or `CreditNote`. */
  root: 'en16931.ubl.read.root',
  /** A term EN 16931 requires (and the model holds) is absent. */
  missing: 'en16931.ubl.read.missing',
  /** A value is not of its type: an amount, quantity, rate or date that is not one, a charge indicator. */
  value: 'en16931.ubl.read.value',
  /** An element EN 16931 allows once (and the model holds once) occurs more than once. */
  repeated: 'en16931.ubl.read.repeated',
  /** An amount in a currency that is neither the invoice currency (BT-5) nor, for BT-111, the tax currency. */
  currency: 'en16931.ubl.read.currency',
  /** A VAT category code outside EN 16931's nine (`B`, Italian split payment, for one). */
  vatCategory: 'en16931.ubl.read.vat-category',
  /** A tax category of a tax scheme other than VAT: a second tax the model cannot carry. */
  taxScheme: 'en16931.ubl.read.tax-scheme',
  /** `cac:TaxTotal` elements other than BT-110 with the breakdown and BT-111 in the tax currency. */
  taxTotal: 'en16931.ubl.read.tax-total',
  /** A withholding tax (`cac:WithholdingTaxTotal`): it changes the amount due, and EN 16931 has no term for it. */
  withholdingTax: 'en16931.ubl.read.withholding-tax',
  /** The seller's tax representative (BG-11): the VAT may be accounted under its identifier. */
  taxRepresentative: 'en16931.ubl.read.tax-representative',
  /** A charge on the item price (`cac:Price/cac:AllowanceCharge` with `ChargeIndicator` true). */
  priceCharge: 'en16931.ubl.read.price-charge',
  /** An item price discount (BT-147) that is not the gross price (BT-148) less the net price (BT-146). */
  priceDiscount: 'en16931.ubl.read.price-discount',
  /** A price base quantity (BT-149) in another unit than the invoiced quantity (BT-150 ≠ BT-130). */
  baseQuantityUnit: 'en16931.ubl.read.base-quantity-unit',
  /** Several `cac:PaymentMeans` that disagree on the means code, text or remittance information. */
  paymentMeans: 'en16931.ubl.read.payment-means',
  /** Any other element with an amount that the model has no place for. */
  unmappedAmount: 'en16931.ubl.read.unmapped-amount',
} as const;

/** The conventional prefix of each UBL namespace, for element names and paths. */
const PREFIXES: ReadonlyMap<string, string> = new Map([
  [UBL_NAMESPACES.cbc, 'cbc'],
  [UBL_NAMESPACES.cac, 'cac'],
  [UBL_NAMESPACES.ext, 'ext'],
]);

/**
 * An element's name with its conventional prefix (`cbc:ID`), or `{namespace}local` outside the UBL
 * namespaces.
 */
function conventionalName(element: XdmElement): string {
  const prefix = PREFIXES.get(element.namespace);
  return prefix === undefined ? `{${element.namespace}}${element.local}` : `${prefix}:${element.local}`;
}

/** Whether an element or one of its descendants carries a `currencyID`: an amount. */
function holdsAmount(element: XdmElement): boolean {
  for (const attribute of element.attributes) if (attribute.local === 'currencyID') return true;
  for (const child of element.children) if (child.kind === 'element' && holdsAmount(child)) return true;
  return false;
}

/**
 * What the reader refuses an unmapped element for, by its name: the specific rule of
 * `UBL_READ_RULES` and why, or the generic one.
 */
const UNMAPPED_REFUSALS: ReadonlyMap<string, { rule: string; why: string }> = new Map([
  [
    'cac:WithholdingTaxTotal',
    {
      rule: UBL_READ_RULES.withholdingTax,
      why: 'is a withholding tax, which changes the amount due and has no EN 16931 term',
    },
  ],
  [
    'cac:PrepaidPayment',
    {
      rule: UBL_READ_RULES.unmappedAmount,
      why: 'is a prepayment (a third-party payment in XRechnung) that EN 16931 has no term for beside the paid amount BT-113',
    },
  ],
  [
    'cac:SubInvoiceLine',
    {
      rule: UBL_READ_RULES.unmappedAmount,
      why: 'is a sub-line (XRechnung extension) with amounts of its own',
    },
  ],
  [
    'cac:SubCreditNoteLine',
    { rule: UBL_READ_RULES.unmappedAmount, why: 'is a sub-line with amounts of its own' },
  ],
]);

/**
 * The issues, the left-out elements and the elements read so far of one read. Made by `readUbl`, one per
 * document.
 *
 * @example
 * ```ts
 * const context = new UblReadContext();
 * const root = context.root(parseXdm(xml).root as XdmElement, 'Invoice');
 * root.text('cbc:ID'); // 'F-1'
 * context.finish(); // looks at every element no reader took
 * ```
 */
export class UblReadContext {
  readonly issues: ValidationIssue[] = [];
  /**
   * The paths of the elements left out because they change no amount and the model has no place for
   * them, in document order once `finish` has run.
   */
  readonly leftOut: string[] = [];
  /** The left-out elements with their document order, sorted into `leftOut` by `finish`. */
  private readonly leftOutAt: { readonly order: number; readonly path: string }[] = [];
  /** Every element a reader looked into, in order; their untaken children are judged by `finish`. */
  private readonly opened: UblElement[] = [];

  /**
   * The wrapper of the document element.
   *
   * @example
   * ```ts
   * context.root(document.root as XdmElement, 'Invoice').path; // 'Invoice'
   * ```
   */
  root(element: XdmElement, path: string): UblElement {
    return this.open(element, path);
  }

  /** @internal A wrapper, remembered for `finish`. */
  open(element: XdmElement, path: string): UblElement {
    const wrapper = new UblElement(this, element, path);
    this.opened.push(wrapper);
    return wrapper;
  }

  /**
   * An issue of rule `rule` about the element at `path`: `parameter_blank` for a missing term,
   * `parameter_invalid` for anything else (spec §7.2: 422 both).
   *
   * @example
   * ```ts
   * context.refuse(UBL_READ_RULES.taxScheme, 'Invoice/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory', 'is a tax category of scheme GST …');
   * ```
   */
  refuse(rule: string, path: string, message: string): void {
    this.issues.push({
      rule,
      code: rule === UBL_READ_RULES.missing ? 'parameter_blank' : 'parameter_invalid',
      param: path,
      message: `${path} ${message}`,
    });
  }

  /**
   * An element the reader does not map: refused when it holds an amount (a withholding tax, a
   * prepayment, a sub-line, anything with a `currencyID`), else listed in `leftOut`.
   *
   * @example
   * ```ts
   * context.leaveOut(attachment, 'Invoice/cac:AdditionalDocumentReference[2]');
   * ```
   */
  leaveOut(element: XdmElement, path: string): void {
    const name = conventionalName(element);
    const specific = UNMAPPED_REFUSALS.get(name);
    if (specific !== undefined) {
      this.refuse(
        specific.rule,
        path,
        `${specific.why}; fiscalkit reads no such document rather than drop it`,
      );
      return;
    }
    if (holdsAmount(element)) {
      this.refuse(
        UBL_READ_RULES.unmappedAmount,
        path,
        'holds an amount that the EN 16931 semantic model has no place for; fiscalkit reads no such document rather than drop an amount',
      );
      return;
    }
    this.listLeftOut(element, path);
  }

  /**
   * Lists an element as left out, without the amount check of `leaveOut` (the caller knows why it
   * changes no amount).
   *
   * @example
   * ```ts
   * context.listLeftOut(discount.element, discount.path);
   * ```
   */
  listLeftOut(element: XdmElement, path: string): void {
    this.leftOutAt.push({ order: element.order, path });
  }

  /**
   * Judges every child of every element read that no reader took (`leaveOut`), and lists the left-out
   * elements in document order.
   *
   * @example
   * ```ts
   * context.finish();
   * context.leftOut; // ['Invoice/cac:InvoicePeriod', …]
   * ```
   */
  finish(): void {
    for (const wrapper of this.opened) wrapper.sweep();
    this.leftOutAt.sort((a, b) => a.order - b.order);
    this.leftOut.push(...this.leftOutAt.map((entry) => entry.path));
  }
}

/** The child elements of an element by conventional name, in document order. */
function childrenByName(element: XdmElement): Map<string, XdmElement[]> {
  const children = new Map<string, XdmElement[]>();
  for (const child of element.children) {
    if (child.kind !== 'element') continue;
    const name = conventionalName(child);
    const list = children.get(name);
    if (list === undefined) children.set(name, [child]);
    else list.push(child);
  }
  return children;
}

/** The lexical form of `xs:decimal` (no exponent). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** An ISO date, `YYYY-MM-DD` (EN 16931's Date type in UBL, PEPPOL-EN16931-F001). */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One element of the document being read: its children by conventional name, which readers take by
 * name. Whatever is not taken is judged by `UblReadContext.finish`.
 *
 * @example
 * ```ts
 * const party = root.one('cac:AccountingSupplierParty')?.one('cac:Party');
 * party?.text('cbc:EndpointID'); // '0202239951'
 * ```
 */
export class UblElement {
  private children: Map<string, XdmElement[]> | undefined;
  /** The names taken; made on first use (most elements read are leaves: an id, an amount). */
  private taken: Set<string> | undefined;
  /** Set by `leaveOut`: the element as a whole is left out, so its children are not judged one by one. */
  private whole = false;

  constructor(
    readonly context: UblReadContext,
    readonly element: XdmElement,
    readonly path: string,
  ) {}

  private named(name: string): XdmElement[] {
    this.children ??= childrenByName(this.element);
    this.taken ??= new Set();
    this.taken.add(name);
    return this.children.get(name) ?? [];
  }

  /** The path of the `index`-th (0-based) of `count` children named `name`. */
  private childPath(name: string, index: number, count: number): string {
    return count === 1 ? `${this.path}/${name}` : `${this.path}/${name}[${String(index + 1)}]`;
  }

  /**
   * How many children are named `name`, without taking them.
   *
   * @example
   * ```ts
   * total.count('cac:TaxSubtotal'); // 2
   * ```
   */
  count(name: string): number {
    this.children ??= childrenByName(this.element);
    return this.children.get(name)?.length ?? 0;
  }

  /**
   * Every child named `name`, taken.
   *
   * @example
   * ```ts
   * root.all('cac:InvoiceLine').length; // 2
   * ```
   */
  all(name: string): UblElement[] {
    const found = this.named(name);
    return found.map((child, index) => this.context.open(child, this.childPath(name, index, found.length)));
  }

  /**
   * The one child named `name`, taken, or undefined; a second occurrence is refused
   * (`UBL_READ_RULES.repeated`), since the model holds the term once.
   *
   * @example
   * ```ts
   * root.one('cac:LegalMonetaryTotal')?.path; // 'Invoice/cac:LegalMonetaryTotal'
   * ```
   */
  one(name: string): UblElement | undefined {
    const found = this.named(name);
    const first = found[0];
    if (first === undefined) return undefined;
    if (found.length > 1)
      this.context.refuse(
        UBL_READ_RULES.repeated,
        this.childPath(name, 1, found.length),
        `occurs ${String(found.length)} times; EN 16931 has this term once, and fiscalkit reads no document that says two things for it`,
      );
    return this.context.open(first, this.childPath(name, 0, found.length));
  }

  /**
   * `one`, or an issue (`UBL_READ_RULES.missing`) when absent.
   *
   * @example
   * ```ts
   * root.required('cac:LegalMonetaryTotal', 'the document totals (BG-22)');
   * ```
   */
  required(name: string, term: string): UblElement | undefined {
    const found = this.one(name);
    if (found === undefined) this.missing(name, term);
    return found;
  }

  /**
   * Records a missing child `name` (`term` says which EN 16931 term it is).
   *
   * @example
   * ```ts
   * line.missing('cbc:ID', 'the invoice line identifier (BT-126)');
   * ```
   */
  missing(name: string, term: string): void {
    this.context.refuse(UBL_READ_RULES.missing, `${this.path}/${name}`, `is missing: ${term} is required`);
  }

  /**
   * The element's own text, trimmed (identifiers, codes, dates, numbers).
   *
   * @example
   * ```ts
   * element.value; // '380'
   * ```
   */
  get value(): string {
    return this.element.stringValue.trim();
  }

  /**
   * An attribute of the element (no namespace), trimmed, or undefined.
   *
   * @example
   * ```ts
   * endpoint.attribute('schemeID'); // '0208'
   * ```
   */
  attribute(local: string): string | undefined {
    for (const attribute of this.element.attributes)
      if (attribute.local === local && attribute.namespace === '') return attribute.value.trim();
    return undefined;
  }

  /**
   * The trimmed text of the one child `name`, or undefined when it is absent or blank.
   *
   * @example
   * ```ts
   * root.text('cbc:BuyerReference'); // 'REF-2025-07'
   * ```
   */
  text(name: string): string | undefined {
    const found = this.one(name);
    if (found === undefined) return undefined;
    const value = found.value;
    return value === '' ? undefined : value;
  }

  /**
   * `text`, or an issue when absent or blank.
   *
   * @example
   * ```ts
   * root.requiredText('cbc:ID', 'the invoice number (BT-1)'); // 'F-1'
   * ```
   */
  requiredText(name: string, term: string): string | undefined {
    const value = this.text(name);
    if (value === undefined) this.missing(name, term);
    return value;
  }

  /**
   * Free text as written (a note, the payment terms): not trimmed, so that line breaks KoSIT's Skonto
   * syntax needs (BR-DE-18) survive; undefined when absent or blank.
   *
   * @example
   * ```ts
   * root.one('cac:PaymentTerms')?.freeText('cbc:Note'); // 'Zahlbar …\n#SKONTO#TAGE=14#PROZENT=2.00#\n'
   * ```
   */
  freeText(name: string): string | undefined {
    const found = this.one(name);
    if (found === undefined) return undefined;
    const value = found.element.stringValue;
    return value.trim() === '' ? undefined : value;
  }

  /**
   * The trimmed text of the one child `name` as an ISO date, or undefined (an issue when it is not one).
   *
   * @example
   * ```ts
   * root.date('cbc:IssueDate'); // '2025-03-14'
   * ```
   */
  date(name: string): string | undefined {
    return this.one(name)?.dateValue();
  }

  /**
   * `date`, or an issue when absent or blank.
   *
   * @example
   * ```ts
   * root.requiredDate('cbc:IssueDate', 'the invoice issue date (BT-2)'); // '2025-03-14'
   * ```
   */
  requiredDate(name: string, term: string): string | undefined {
    const found = this.one(name);
    if (found === undefined || found.value === '') {
      this.missing(name, term);
      return undefined;
    }
    return found.dateValue();
  }

  /**
   * The element's own trimmed text as an ISO date; undefined when blank (an issue when it is not one).
   *
   * @example
   * ```ts
   * issueDate.dateValue(); // '2025-03-14'
   * ```
   */
  dateValue(): string | undefined {
    const value = this.value;
    if (value === '') return undefined;
    if (!DATE.test(value)) {
      this.context.refuse(
        UBL_READ_RULES.value,
        this.path,
        `is ${JSON.stringify(value)}, not a date YYYY-MM-DD`,
      );
      return undefined;
    }
    return value;
  }

  /**
   * The trimmed text of the one child `name` as an `xs:decimal` (a quantity, price, rate or percentage),
   * kept as written; undefined when absent (an issue when it is not a decimal).
   *
   * @example
   * ```ts
   * category.decimal('cbc:Percent'); // '21'
   * ```
   */
  decimal(name: string): string | undefined {
    return this.one(name)?.decimalValue();
  }

  /**
   * The element's own trimmed text as an `xs:decimal`, kept as written; undefined when blank (an issue
   * when it is not a decimal).
   *
   * @example
   * ```ts
   * quantity.decimalValue(); // '7'
   * ```
   */
  decimalValue(): string | undefined {
    const value = this.value;
    if (value === '') return undefined;
    if (!DECIMAL.test(value)) {
      this.context.refuse(
        UBL_READ_RULES.value,
        this.path,
        `is ${JSON.stringify(value)}, not a decimal number`,
      );
      return undefined;
    }
    return value;
  }

  /**
   * The one child `name` as an amount in `currency` (its `currencyID` must be that currency: BT-5 for
   * every amount but BT-111, PEPPOL-EN16931-R051), normalised to the model's form by
   * `normalizeAmount`; undefined when absent (an issue when it is not an amount or in another currency).
   *
   * @example
   * ```ts
   * totals.amount('cbc:PayableAmount', 'EUR'); // '1656.25' (from '1656.25'), '1300.00' (from '1300')
   * ```
   */
  amount(name: string, currency: string): string | undefined {
    const found = this.one(name);
    if (found === undefined) return undefined;
    const written = found.attribute('currencyID');
    if (written !== currency) {
      this.context.refuse(
        UBL_READ_RULES.currency,
        found.path,
        written === undefined
          ? `has no currencyID; every amount must name its currency (${currency})`
          : `is in ${written}, not in ${currency}; EN 16931 states every amount in the invoice currency (BT-5), and only the VAT total BT-111 in the VAT accounting currency (BT-6)`,
      );
      return undefined;
    }
    const normalized = normalizeAmount(found.value, currency);
    if (normalized === null)
      this.context.refuse(
        UBL_READ_RULES.value,
        found.path,
        `is ${JSON.stringify(found.value)}, not an amount`,
      );
    return normalized ?? undefined;
  }

  /**
   * `amount`, or an issue when absent.
   *
   * @example
   * ```ts
   * totals.requiredAmount('cbc:PayableAmount', 'EUR', 'the amount due for payment (BT-115)'); // '1656.25'
   * ```
   */
  requiredAmount(name: string, currency: string, term: string): string | undefined {
    const value = this.amount(name, currency);
    if (value === undefined && this.named(name).length === 0) this.missing(name, term);
    return value;
  }

  /**
   * Refuses the element as a whole (an issue of rule `rule` at its path); its children are not judged
   * one by one, so that one refusal is one issue.
   *
   * @example
   * ```ts
   * representative.refuse(UBL_READ_RULES.taxRepresentative, "is the seller's tax representative (BG-11) …");
   * ```
   */
  refuse(rule: string, message: string): void {
    this.whole = true;
    this.context.refuse(rule, this.path, message);
  }

  /**
   * Lists the element as left out without looking into it: for an amount the reader knows changes no
   * other amount (an item price discount without a gross price, which the net price already reflects).
   *
   * @example
   * ```ts
   * discount.listLeftOut();
   * ```
   */
  listLeftOut(): void {
    this.whole = true;
    this.context.listLeftOut(this.element, this.path);
  }

  /**
   * Leaves the element out as a whole, after a reader looked into it and found it is not what the model
   * holds (an `AdditionalDocumentReference` that is an attachment): refused if it holds an amount, else
   * listed once (`UblReadContext.leaveOut`), its children not judged one by one.
   *
   * @example
   * ```ts
   * attachment.leaveOut();
   * ```
   */
  leaveOut(): void {
    this.whole = true;
    this.context.leaveOut(this.element, this.path);
  }

  /**
   * Every untaken child: left out or refused (`UblReadContext.leaveOut`).
   *
   * @example
   * ```ts
   * element.sweep();
   * ```
   */
  sweep(): void {
    if (this.whole) return;
    // A leaf (an identifier, an amount, a code) has nothing to judge: no map is built for it.
    if (this.children === undefined && !this.element.children.some((child) => child.kind === 'element'))
      return;
    this.children ??= childrenByName(this.element);
    for (const [name, elements] of this.children) {
      if (this.taken?.has(name) === true) continue;
      elements.forEach((child, index) => {
        this.context.leaveOut(child, this.childPath(name, index, elements.length));
      });
    }
  }
}

/**
 * An amount as the semantic model holds it: an `xs:decimal` written with exactly the currency's ISO 4217
 * decimals (`1300` → `1300.00` in EUR, `25.0` → `25.00`), without a plus sign or leading zeros, zero
 * without a minus sign. Only zeros are added or removed: an amount written with more significant
 * decimals than its currency has (`10.125` EUR) is kept as written, never rounded (EN 16931 allows at
 * most two decimals, UBL-DT-01, and the official rules judge that). Null when the text is not a decimal.
 *
 * @example
 * ```ts
 * normalizeAmount('1300', 'EUR'); // '1300.00'
 * normalizeAmount('+012.500', 'EUR'); // '12.50'
 * normalizeAmount('-0', 'EUR'); // '0.00'
 * normalizeAmount('100.50', 'JPY'); // '100.5'
 * normalizeAmount('1e3', 'EUR'); // null
 * ```
 */
export function normalizeAmount(text: string, currency: string): string | null {
  if (!DECIMAL.test(text)) return null;
  const negative = text.startsWith('-');
  const unsigned = text.replace(/^[+-]/, '');
  const dot = unsigned.indexOf('.');
  const integer = (dot === -1 ? unsigned : unsigned.slice(0, dot)).replace(/^0+(?=\d)/, '') || '0';
  let fraction = dot === -1 ? '' : unsigned.slice(dot + 1);
  const decimals = isCurrencyCode(currency) ? currencyExponent(currency) : fraction.length;
  if (fraction.length < decimals) fraction = fraction.padEnd(decimals, '0');
  else while (fraction.length > decimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const zero = /^0*$/.test(integer + fraction);
  return `${negative && !zero ? '-' : ''}${integer}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * Whether a text is an `xs:decimal` (no exponent, no `INF`).
 *
 * @example
 * ```ts
 * isXsDecimal('-12.50'); // true
 * isXsDecimal('1e3'); // false
 * ```
 */
export function isXsDecimal(text: string): boolean {
  return DECIMAL.test(text);
}
