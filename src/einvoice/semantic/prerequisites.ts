/**
 * What a specification requires of an invoice before its document can be valid, as **one data table**
 * ({@link PREREQUISITES}): a row per requirement, naming fiscalkit's rule id, the official rules it
 * pre-empts (so a 422 names what is missing before any XML is written, instead of a validator's
 * finding after), the specifications (and, for national rules, the parties) it applies to, the field
 * the client changes, and the check, made on the EN 16931 invoice the mapping built.
 *
 * Which rows apply:
 *
 * - every specification: the EN 16931 rules on identifiers the mapping cannot supply (BR-CO-26, the
 *   `BR-*-02` rules of each VAT category, BR-IC-11);
 * - Peppol BIS 3 and XRechnung (which takes Peppol's R0xx rules, KoSIT's merged rule set): the
 *   electronic addresses (PEPPOL-EN16931-R010, R020), direct debits without a mandate (R061);
 * - Peppol BIS 3: a buyer reference or an order reference (R003), and the national rules Peppol runs
 *   for Dutch (NL-R-*) and Italian (IT-R-*) suppliers;
 * - XRechnung, and Peppol BIS 3 between two German parties (its DE-R rules are XRechnung's): the
 *   Leitweg-ID, payment instructions, the seller's contact and both parties' city and post code
 *   (BR-DE-1 … BR-DE-15 / DE-R-001 … DE-R-015).
 *
 * @module
 */
import type { ValidationIssue } from '../../errors/validationIssue.js';
import { Decimal } from '../../money/decimal.js';
import { issueAt } from '../../rules/issue.js';
import { isNegative } from './amounts.js';
import type { En16931Invoice, En16931VatCategory } from './en16931Invoice.js';
import type { En16931Specification } from './en16931Specification.js';
import { isEasCode } from './partyIdentifiers.js';

/** What a row is checked on. */
export interface PrerequisiteContext {
  readonly document: En16931Invoice;
  readonly specification: En16931Specification;
  /** Whether the seller's electronic address is the account's own Peppol participant (`transport.pin_*`). */
  readonly participant: boolean;
}

/** One requirement. */
export interface Prerequisite {
  /** fiscalkit's rule id (the issue's `rule`). */
  readonly rule: string;
  /** The official rules it pre-empts. */
  readonly preempts: readonly string[];
  /** Whether it applies (specification, parties' countries, categories). */
  readonly applies: (context: PrerequisiteContext) => boolean;
  /** The field the client changes (`account.phone`, `buyer_reference`). */
  readonly param: readonly PropertyKey[];
  /** The catalog code: `parameter_blank` for a missing field, `parameter_invalid` otherwise. */
  readonly code: 'parameter_blank' | 'parameter_invalid';
  /** The message after the param. */
  readonly message: string;
  /** Whether the invoice meets it, in the specification. */
  readonly holds: (document: En16931Invoice, specification: En16931Specification) => boolean;
}

const everywhere = () => true;
/** The credit note codes Peppol BIS 3 allows (PEPPOL-EN16931-P0101), which its NL rules name. */
const CREDIT_NOTE_CODES: ReadonlySet<string> = new Set(['381', '396', '81', '83', '532']);
const peppolRules = ({ specification }: PrerequisiteContext) =>
  specification === 'peppol-bis3' || specification === 'xrechnung-3.0';
const peppolOnly = ({ specification }: PrerequisiteContext) => specification === 'peppol-bis3';
const sellerIn =
  (country: string) =>
  ({ specification, document }: PrerequisiteContext) =>
    specification === 'peppol-bis3' && document.seller.address.country === country;
const bothIn =
  (country: string) =>
  ({ specification, document }: PrerequisiteContext) =>
    specification === 'peppol-bis3' &&
    document.seller.address.country === country &&
    document.buyer.address.country === country;

/**
 * Whether the German rules apply: XRechnung's BR-DE, which Peppol BIS 3 also runs (as DE-R) when both
 * parties are German.
 *
 * @example
 * ```ts
 * germanRulesApply('xrechnung-3.0', 'ES', 'FR'); // true
 * germanRulesApply('peppol-bis3', 'DE', 'DE'); // true
 * germanRulesApply('peppol-bis3', 'DE', 'AT'); // false
 * ```
 */
export function germanRulesApply(
  specification: En16931Specification,
  sellerCountry: string,
  buyerCountry: string,
): boolean {
  return (
    specification === 'xrechnung-3.0' ||
    (specification === 'peppol-bis3' && sellerCountry === 'DE' && buyerCountry === 'DE')
  );
}

const german = ({ specification, document }: PrerequisiteContext) =>
  germanRulesApply(specification, document.seller.address.country, document.buyer.address.country);

/** The VAT categories the invoice uses, on lines, document entries and breakdown. */
function categories(document: En16931Invoice): Set<En16931VatCategory> {
  return new Set([
    ...document.lines.map((line) => line.vat.category),
    ...document.allowances_charges.map((entry) => entry.vat_category),
    ...document.vat_breakdown.map((row) => row.category),
  ]);
}

const uses =
  (...wanted: En16931VatCategory[]) =>
  ({ document }: PrerequisiteContext) => {
    const used = categories(document);
    return wanted.some((category) => used.has(category));
  };

const present = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** The requirements (module comment), in the order a client meets them: parties, then the invoice. */
export const PREREQUISITES: readonly Prerequisite[] = [
  {
    rule: 'en16931.write.seller-identifier',
    preempts: ['BR-CO-26'],
    applies: everywhere,
    param: ['account', 'tin_value'],
    code: 'parameter_blank',
    message:
      "is required as a VAT number (a tin_value counts as one with tin_scheme VAT or the country's VAT scheme, e.g. 9920 for a Spanish NIF), or a company identifier (cin) or an additional identifier (routing_codes) is: EN 16931 BR-CO-26 needs the seller identified by BT-29, BT-30 or BT-31",
    holds: ({ seller }) =>
      seller.identifiers.length > 0 ||
      seller.legal_registration !== undefined ||
      seller.vat_identifier !== undefined,
  },
  {
    rule: 'en16931.write.seller-tax-id',
    preempts: ['BR-S-02', 'BR-Z-02', 'BR-E-02', 'BR-AE-02', 'BR-AF-02', 'BR-AG-02'],
    applies: uses('S', 'Z', 'E', 'AE', 'L', 'M'),
    param: ['account', 'tin_value'],
    code: 'parameter_blank',
    message:
      "is required: an invoice with VAT categories S, Z, E, AE, L or M states the seller's VAT identifier (BT-31) or tax registration (BT-32)",
    holds: ({ seller }) => seller.vat_identifier !== undefined || seller.tax_registration !== undefined,
  },
  {
    rule: 'en16931.write.seller-vat-id',
    preempts: ['BR-IC-02', 'BR-G-02'],
    applies: uses('K', 'G'),
    param: ['account', 'tin_scheme'],
    code: 'parameter_invalid',
    message:
      "must name a VAT number scheme (VAT, or the country's code such as 9920) with the VAT number in tin_value: an intra-community supply (K) or an export (G) states the seller's VAT identifier (BT-31)",
    holds: ({ seller }) => seller.vat_identifier !== undefined,
  },
  {
    rule: 'en16931.write.buyer-vat-id',
    preempts: ['BR-IC-02'],
    applies: uses('K'),
    param: ['contact', 'tin_scheme'],
    code: 'parameter_invalid',
    message:
      "must name a VAT number scheme (VAT, or the country's code such as 9930) with the buyer's VAT number in tin_value: an intra-community supply (K) states the buyer's VAT identifier (BT-48)",
    holds: ({ buyer }) => buyer.vat_identifier !== undefined,
  },
  {
    rule: 'en16931.write.buyer-reverse-charge-id',
    preempts: ['BR-AE-02', 'BR-AE-03', 'BR-AE-04'],
    applies: uses('AE'),
    param: ['contact', 'tin_value'],
    code: 'parameter_blank',
    message:
      "is required: a reverse-charge invoice (AE) states the buyer's VAT identifier (BT-48) or legal registration (BT-47, from cin_value)",
    holds: ({ buyer }) => buyer.vat_identifier !== undefined || buyer.legal_registration !== undefined,
  },
  {
    rule: 'en16931.write.supply-date',
    preempts: ['BR-IC-11'],
    applies: uses('K'),
    param: ['tax_point_date'],
    code: 'parameter_blank',
    message:
      'is required: an intra-community supply (K) states the date of the supply (BT-72 actual delivery date), which is the invoice tax_point_date',
    holds: ({ delivery_date }) => delivery_date !== undefined,
  },
  {
    rule: 'en16931.write.seller-endpoint',
    preempts: ['PEPPOL-EN16931-R020'],
    applies: peppolRules,
    param: ['account', 'cin_scheme'],
    code: 'parameter_blank',
    message:
      "needs an electronic address scheme (EAS: 0208, 0088, 0192, …) with cin_value, or the account a VAT number (tin_scheme VAT) or a Peppol transport (pin_scheme, pin_value): the seller's electronic address (BT-34) is required",
    holds: ({ seller }) => seller.electronic_address !== undefined,
  },
  {
    rule: 'en16931.write.seller-endpoint-scheme',
    preempts: ['BR-CL-25', 'PEPPOL-EN16931-CL008'],
    applies: ({ participant }) => participant,
    param: ['transport', 'pin_scheme'],
    code: 'parameter_invalid',
    message:
      "is not an electronic address scheme (EAS) of the specification (Peppol's list for Peppol BIS 3, EN 16931's otherwise): the seller's BT-34 scheme",
    holds: ({ seller }, specification) =>
      isEasCode(seller.electronic_address?.scheme ?? '', specification === 'peppol-bis3'),
  },
  {
    rule: 'en16931.write.buyer-endpoint',
    preempts: ['PEPPOL-EN16931-R010'],
    applies: peppolRules,
    param: ['contact', 'cin_scheme'],
    code: 'parameter_blank',
    message:
      "needs an electronic address scheme (EAS: 0208, 0088, 0204, …) with cin_value, or the contact a VAT number (tin_scheme VAT): the buyer's electronic address (BT-49) is required",
    holds: ({ buyer }) => buyer.electronic_address !== undefined,
  },
  {
    rule: 'en16931.write.direct-debit',
    preempts: ['PEPPOL-EN16931-R061', 'BR-DE-30', 'BR-DE-31'],
    applies: peppolRules,
    param: ['payment_method'],
    code: 'parameter_invalid',
    message:
      'is a direct debit, which needs a mandate reference (BT-89) and the debited account (BT-91) that fiscalkit does not keep',
    holds: ({ payment }) => payment === undefined || !['49', '59'].includes(payment.means_code),
  },
  {
    rule: 'en16931.write.buyer-reference',
    preempts: ['PEPPOL-EN16931-R003'],
    applies: peppolOnly,
    param: ['buyer_reference'],
    code: 'parameter_blank',
    message:
      'or ponumber is required: Peppol BIS 3 needs a buyer reference (BT-10) or a purchase order reference (BT-13)',
    holds: ({ buyer_reference, purchase_order_reference }) =>
      present(buyer_reference) || present(purchase_order_reference),
  },
  {
    rule: 'en16931.write.leitweg-id',
    preempts: ['BR-DE-15', 'DE-R-015'],
    applies: german,
    param: ['buyer_reference'],
    code: 'parameter_blank',
    message: "is required: XRechnung's buyer reference (BT-10) is the buyer's Leitweg-ID",
    holds: ({ buyer_reference }) => present(buyer_reference),
  },
  {
    rule: 'en16931.write.payment-instructions',
    preempts: ['BR-DE-1', 'DE-R-001'],
    applies: german,
    param: ['payment_method'],
    code: 'parameter_blank',
    message: 'or bank_account.iban is required: XRechnung needs payment instructions (BG-16)',
    holds: ({ payment }) => payment !== undefined,
  },
  {
    rule: 'en16931.write.payment-card',
    preempts: ['BR-DE-24-a'],
    applies: german,
    param: ['payment_method'],
    code: 'parameter_invalid',
    message:
      'is a card payment, which XRechnung describes with the card (BG-18) that fiscalkit does not keep',
    holds: ({ payment }) => payment === undefined || !['48', '54', '55'].includes(payment.means_code),
  },
  {
    rule: 'en16931.write.seller-phone',
    preempts: ['BR-DE-2', 'BR-DE-6', 'DE-R-002', 'DE-R-006'],
    applies: german,
    param: ['account', 'phone'],
    code: 'parameter_blank',
    message: "is required: XRechnung's seller contact (BG-6) has a telephone number (BT-42)",
    holds: ({ seller }) => present(seller.contact?.phone),
  },
  {
    rule: 'en16931.write.seller-email',
    preempts: ['BR-DE-2', 'BR-DE-7', 'DE-R-002', 'DE-R-007'],
    applies: german,
    param: ['account', 'email'],
    code: 'parameter_blank',
    message: "is required: XRechnung's seller contact (BG-6) has an email address (BT-43)",
    holds: ({ seller }) => present(seller.contact?.email),
  },
  {
    rule: 'en16931.write.seller-city',
    preempts: ['BR-DE-3', 'DE-R-003'],
    applies: german,
    param: ['account', 'city'],
    code: 'parameter_blank',
    message: "is required: XRechnung states the seller's city (BT-37)",
    holds: ({ seller }) => present(seller.address.city),
  },
  {
    rule: 'en16931.write.seller-post-code',
    preempts: ['BR-DE-4', 'DE-R-004'],
    applies: german,
    param: ['account', 'postalcode'],
    code: 'parameter_blank',
    message: "is required: XRechnung states the seller's post code (BT-38)",
    holds: ({ seller }) => present(seller.address.postal_code),
  },
  {
    rule: 'en16931.write.buyer-city',
    preempts: ['BR-DE-8', 'DE-R-008'],
    applies: german,
    param: ['contact', 'city'],
    code: 'parameter_blank',
    message: "is required: XRechnung states the buyer's city (BT-52)",
    holds: ({ buyer }) => present(buyer.address.city),
  },
  {
    rule: 'en16931.write.buyer-post-code',
    preempts: ['BR-DE-9', 'DE-R-009'],
    applies: german,
    param: ['contact', 'postalcode'],
    code: 'parameter_blank',
    message: "is required: XRechnung states the buyer's post code (BT-53)",
    holds: ({ buyer }) => present(buyer.address.postal_code),
  },
  {
    rule: 'en16931.write.nl-credit-note-reference',
    preempts: ['NL-R-001'],
    applies: sellerIn('NL'),
    param: ['invoice_references'],
    code: 'parameter_blank',
    message:
      "needs the credited invoice: Peppol requires a Dutch supplier's credit note to reference it (BG-3)",
    holds: ({ preceding_invoices, type_code }) =>
      !CREDIT_NOTE_CODES.has(type_code) || preceding_invoices.length > 0,
  },
  {
    rule: 'en16931.write.nl-seller-address',
    preempts: ['NL-R-002'],
    applies: sellerIn('NL'),
    param: ['account', 'address'],
    code: 'parameter_blank',
    message:
      "with city and postalcode is required: Peppol requires a Dutch supplier's street, city and post code",
    holds: ({ seller }) =>
      present(seller.address.line1) && present(seller.address.city) && present(seller.address.postal_code),
  },
  {
    rule: 'en16931.write.nl-seller-registration',
    preempts: ['NL-R-003'],
    applies: sellerIn('NL'),
    param: ['account', 'cin_scheme'],
    code: 'parameter_invalid',
    message:
      "must be 0106 (KvK) or 0190 (OIN): Peppol requires a Dutch supplier's legal registration (BT-30) in one of them",
    holds: ({ seller }) =>
      seller.legal_registration === undefined ||
      ['0106', '0190'].includes(seller.legal_registration.scheme ?? ''),
  },
  {
    rule: 'en16931.write.nl-buyer-address',
    preempts: ['NL-R-004'],
    applies: bothIn('NL'),
    param: ['contact', 'address'],
    code: 'parameter_blank',
    message:
      "with city and postalcode is required: Peppol requires a Dutch buyer's street, city and post code from a Dutch supplier",
    holds: ({ buyer }) =>
      present(buyer.address.line1) && present(buyer.address.city) && present(buyer.address.postal_code),
  },
  {
    rule: 'en16931.write.nl-buyer-registration',
    preempts: ['NL-R-005'],
    applies: bothIn('NL'),
    param: ['contact', 'cin_scheme'],
    code: 'parameter_invalid',
    message:
      "must be 0106 (KvK) or 0190 (OIN): Peppol requires a Dutch buyer's legal registration (BT-47) in one of them",
    holds: ({ buyer }) =>
      buyer.legal_registration === undefined ||
      ['0106', '0190'].includes(buyer.legal_registration.scheme ?? ''),
  },
  {
    rule: 'en16931.write.nl-payment-means',
    preempts: ['NL-R-007'],
    applies: sellerIn('NL'),
    param: ['payment_method'],
    code: 'parameter_blank',
    message: 'or bank_account.iban is required: Peppol requires a Dutch supplier to state how to pay (BG-16)',
    holds: ({ payment, totals, type_code }) =>
      payment !== undefined ||
      (CREDIT_NOTE_CODES.has(type_code)
        ? !isNegative(totals.payable)
        : !new Decimal(totals.payable).greaterThan(0)),
  },
  {
    rule: 'en16931.write.nl-payment-means-code',
    preempts: ['NL-R-008'],
    applies: bothIn('NL'),
    param: ['payment_method'],
    code: 'parameter_invalid',
    message:
      'must be a transfer, card, direct debit or standing agreement between Dutch parties (UNTDID 4461 30, 48, 49, 57, 58, 59)',
    holds: ({ payment }) =>
      payment === undefined || ['30', '48', '49', '57', '58', '59'].includes(payment.means_code),
  },
  {
    rule: 'en16931.write.it-seller-address',
    preempts: ['IT-R-002', 'IT-R-003', 'IT-R-004'],
    applies: sellerIn('IT'),
    param: ['account', 'address'],
    code: 'parameter_blank',
    message:
      "with city and postalcode is required: Peppol requires an Italian supplier's street, city and post code",
    holds: ({ seller }) =>
      present(seller.address.line1) && present(seller.address.city) && present(seller.address.postal_code),
  },
];

/**
 * The issues of every row that applies and does not hold, in table order.
 *
 * @example
 * ```ts
 * prerequisiteIssues({ document, specification: 'peppol-bis3', participant: false });
 * // [{ rule: 'en16931.write.buyer-reference', code: 'parameter_blank', param: 'buyer_reference', … }] without BT-10 and BT-13
 * ```
 */
export function prerequisiteIssues(context: PrerequisiteContext): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const row of PREREQUISITES) {
    if (!row.applies(context)) continue;
    if (!row.holds(context.document, context.specification))
      issues.push(issueAt(row.rule, row.code, row.param, `${row.message} (${row.preempts.join(', ')})`));
  }
  return issues;
}
