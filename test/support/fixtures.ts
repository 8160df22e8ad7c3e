import { LosslessNumber } from 'lossless-json';
/**
 * Realistic, valid request bodies and stored resources for the model and rule tests (spec §2.2–§2.6).
 * Every function returns a fresh object, so a test may change it freely. The bodies are what a client
 * sends inside `{"account": …}`, `{"contact": …}`, `{"invoice": …}`; the stored resources are parsed
 * through the stored-resource schemas, so a fixture that drifts from the model fails loudly.
 *
 * `validInvoiceBody()` passes `parseInvoice(…, 'create')` and every rule of `validateInvoice` in the
 * newest version when no other invoice holds its number (checked in test/rules/invoice.test.ts).
 */
import { type Account, AccountSchema } from '../../src/model/account.js';
import { type Contact, ContactSchema } from '../../src/model/contact.js';
import { type Invoice, InvoiceSchema } from '../../src/model/invoice.js';

/** A JSON-like object body. */
export type Body = Record<string, unknown>;

/** A Spanish IBAN with correct check digits (ISO 13616), the usual textbook example. */
export const VALID_IBAN = 'ES9121000418450200051332';
/** The same IBAN with its last digit changed: the MOD 97-10 check fails. */
export const INVALID_IBAN = 'ES9121000418450200051333';
/** A BIC of the right shape (ISO 9362, 11 characters). */
export const VALID_BIC = 'CAIXESBBXXX';
/** A Belgian IBAN with correct check digits. */
export const BELGIAN_IBAN = 'BE68539007547034';

/** Spanish entity NIFs with correct control digits (es-tin.md §2). */
export const ACCOUNT_TIN = 'B12345674';
export const CONTACT_TIN = 'B76543214';

/**
 * A lossless JSON number as the HTTP edge reads one (`lossless-json`'s `LosslessNumber` shape).
 *
 * @example
 * ```ts
 * lossless('12.50'); // LosslessNumber { value: '12.50' }
 * ```
 */
export function lossless(value: string): LosslessNumber {
  // Built without the constructor's check, so tests can also hand over text that is not a number.
  return Object.assign(Object.create(LosslessNumber.prototype) as LosslessNumber, {
    isLosslessNumber: true,
    value,
  });
}

/**
 * A body for POST /accounts: name and country (required), TIN, a routing code pair, the rounding
 * flags in a consistent combination (spec §2.2 rule 2).
 *
 * @example
 * ```ts
 * parseAccount(validAccountBody(), 'create').success; // true
 * ```
 */
export function validAccountBody(): Body {
  return {
    name: 'ACME Servicios SL',
    tin_scheme: '9920',
    tin_value: ACCOUNT_TIN,
    address: 'Calle Mayor 1',
    city: 'Madrid',
    postalcode: '28013',
    province: 'Madrid',
    country: 'ES',
    currency: 'EUR',
    language: 'es',
    email: 'billing@acme.example',
    routing_codes: { cin1_value: '8412345678905', cin1_scheme: '0088' },
    auto_remittance: false,
    apply_taxes_per_line: true,
    skip_line_taxable_base_rounding: false,
  };
}

/**
 * A body for POST /accounts/{account}/contacts: a Spanish customer with TIN, a routing code pair and a
 * bank account with valid IBAN and BIC.
 *
 * @example
 * ```ts
 * parseContact(validContactBody(), 'create').success; // true
 * ```
 */
export function validContactBody(): Body {
  return {
    name: 'Distribuciones Norte SA',
    tin_scheme: '9920',
    tin_value: CONTACT_TIN,
    address: 'Avenida de la Constitución 12',
    city: 'Sevilla',
    postalcode: '41001',
    province: 'Sevilla',
    country: 'ES',
    currency: 'EUR',
    language: 'es',
    email: 'ap@norte.example',
    routing_codes: { cin1_value: '8498765432105', cin1_scheme: '0088' },
    bank_account: { iban: VALID_IBAN, bic: VALID_BIC, bank_name: 'CaixaBank' },
    is_client: true,
    is_provider: false,
  };
}

/**
 * A body for POST /accounts/{account}/invoices: an issued invoice to stored contact 7 with two lines,
 * the second with two taxes (VAT and a withholding), and a bank account.
 *
 * @example
 * ```ts
 * parseInvoice(validInvoiceBody(), 'create').success; // true
 * ```
 */
export function validInvoiceBody(): Body {
  return {
    type: 'IssuedInvoice',
    number: 'F-2026/0001',
    series_code: 'F',
    date: '2026-04-20',
    due_date: '2026-05-20',
    currency: 'EUR',
    language: 'es',
    contact_id: 7,
    ponumber: 'PO-88',
    bank_account: { iban: VALID_IBAN, bic: VALID_BIC },
    invoice_lines_attributes: [
      {
        description: 'Consulting hours',
        quantity: '10',
        price: '45.50',
        unit: 'hour',
        taxes_attributes: [{ name: 'IVA', percent: '21' }],
      },
      {
        description: 'Travel expenses',
        quantity: '1',
        price: '120.00',
        taxes_attributes: [
          { name: 'IVA', percent: '21' },
          { name: 'IRPF', percent: '-15' },
        ],
      },
    ],
  };
}

/**
 * A stored account (id 1), parsed through `AccountSchema`; `overrides` replace fields before parsing.
 *
 * @example
 * ```ts
 * storedAccount({ country: 'BE', auto_remittance: true }).country; // 'BE'
 * ```
 */
export function storedAccount(overrides: Body = {}): Account {
  return AccountSchema.parse({
    ...validAccountBody(),
    id: 1,
    rounding_method: 'half_up',
    round_before_sum: false,
    has_logo: false,
    archived: false,
    ...overrides,
  });
}

/**
 * A stored contact (id 7 of account 1, not an office), parsed through `ContactSchema`; `overrides`
 * replace fields before parsing.
 *
 * @example
 * ```ts
 * storedContact({ id: 9, parent_id: 7 }).parent_id; // 9's parent is 7
 * ```
 */
export function storedContact(overrides: Body = {}): Contact {
  return ContactSchema.parse({ ...validContactBody(), id: 7, account_id: 1, ...overrides });
}

/**
 * A stored issued invoice (id 100 of account 1, to contact 7) with two lines and no references,
 * parsed through `InvoiceSchema`; `overrides` replace fields before parsing.
 *
 * @example
 * ```ts
 * storedInvoice({ type_code: 'ZAL' }).type_code; // 'ZAL'
 * ```
 */
export function storedInvoice(overrides: Body = {}): Invoice {
  const { invoice_lines_attributes: _lines, ...body } = validInvoiceBody();
  return InvoiceSchema.parse({
    ...body,
    id: 100,
    account_id: 1,
    state: 'new',
    contact: {
      id: 7,
      name: 'Distribuciones Norte SA',
      tin_scheme: '9920',
      tin_value: CONTACT_TIN,
      country: 'ES',
    },
    lines: [
      {
        id: 1001,
        description: 'Consulting hours',
        quantity: '10',
        price: '45.50',
        taxes_attributes: [{ name: 'IVA', percent: '21' }],
      },
      {
        id: 1002,
        description: 'Travel expenses',
        quantity: '1',
        price: '120.00',
        taxes_attributes: [
          { name: 'IVA', percent: '21' },
          { name: 'IRPF', percent: '-15' },
        ],
      },
    ],
    invoice_references: [],
    apply_to_local_government_unit: false,
    apply_to_vat_group_member: false,
    third_party: null,
    total: '677.75',
    payable_amount: '677.75',
    ...overrides,
  });
}

/**
 * A deep copy of plain objects and arrays; class instances (lossless numbers) are kept as they are,
 * which structuredClone would turn into plain objects.
 */
function clonePlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clonePlain) as T;
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, clonePlain(child)])) as T;
}

/**
 * A deep copy of `body` with the value at `path` replaced (or added). Array indices are numbers.
 *
 * @example
 * ```ts
 * setAt(validInvoiceBody(), ['invoice_lines_attributes', 1, 'taxes_attributes', 0, 'percent'], 21);
 * ```
 */
export function setAt<T>(body: T, path: readonly (string | number)[], value: unknown): T {
  const copy = clonePlain(body);
  let node: unknown = copy;
  for (const segment of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[segment];
  const last = path[path.length - 1];
  if (last === undefined) throw new TypeError('setAt: empty path');
  (node as Record<string | number, unknown>)[last] = value;
  return copy;
}

/**
 * A deep copy of `body` without the key at `path`.
 *
 * @example
 * ```ts
 * removeAt(validInvoiceBody(), ['number']);
 * ```
 */
export function removeAt<T>(body: T, path: readonly (string | number)[]): T {
  const copy = clonePlain(body);
  let node: unknown = copy;
  for (const segment of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[segment];
  const last = path[path.length - 1];
  if (last === undefined) throw new TypeError('removeAt: empty path');
  delete (node as Record<string | number, unknown>)[last];
  return copy;
}
