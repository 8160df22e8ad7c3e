/**
 * Stored invoices, accounts and contacts for `generateSiiTaxReport` (issue #6), built on the
 * stored-resource fixtures of `fixtures.ts` (parsed through the stored schemas, so a fixture that
 * drifts from the model fails loudly) with Spanish data. The OCA fixtures reproduce the invoices
 * behind sii.md §9.4 and `shared/samples/sii/oca-derived/` (OCA's test company and partner, NIF
 * `U2687761C` / `F35999705`, which carry correct control characters). Every function returns a fresh
 * object.
 */

import type { Account } from '../../src/model/account.js';
import type { Contact } from '../../src/model/contact.js';
import type { Invoice } from '../../src/model/invoice.js';
import type { SiiSource } from '../../src/sii/generate/generateSiiTaxReport.js';
import { type Body, storedAccount, storedContact, storedInvoice } from './fixtures.js';

/** OCA's test company (sii.md §12 samples, `header_A0.json`). */
export const OCA_COMPANY_NIF = 'U2687761C';
/** OCA's test partner. */
export const OCA_PARTNER_NIF = 'F35999705';
/** A Spanish entity NIF that starts with N (a foreign entity with a Spanish NIF; sii.md §5). */
export const N_NIF = 'N0032484H';
/** A French VAT number (the European Commission's VIES example shape) without its prefix. */
export const FRENCH_VAT = '40303265045';

/** A VAT tax (`category` only when given). */
export function vat(percent: string, category?: string): Body {
  return { name: 'IVA', percent, ...(category === undefined ? {} : { category }) };
}

/** An equivalence surcharge (recargo de equivalencia, taxmath.md §1 `surcharge`). */
export function recargo(percent: string): Body {
  return { name: 'RE', percent, kind: 'surcharge' };
}

/** An IRPF withholding, written as the service writes it: a negative percent (taxmath.md §1). */
export function irpf(percent: string): Body {
  return { name: 'IRPF', percent: `-${percent}` };
}

/** A stored line. */
export function siiLine(
  id: number,
  description: string,
  quantity: string,
  price: string,
  taxes: Body[],
): Body {
  return { id, description, quantity, price, taxes_attributes: taxes };
}

/**
 * OCA's test company as a stored account: a Spanish titular in the account default mode
 * (`accumulated`), half-up.
 */
export function siiAccount(overrides: Body = {}): Account {
  return storedAccount({
    name: 'Test company',
    tin_value: OCA_COMPANY_NIF,
    apply_taxes_per_line: false,
    skip_line_taxable_base_rounding: false,
    ...overrides,
  });
}

/** OCA's test partner as a stored Spanish contact. */
export function siiContact(overrides: Body = {}): Contact {
  return storedContact({ name: 'Test partner', tin_value: OCA_PARTNER_NIF, country: 'ES', ...overrides });
}

/** A foreign stored contact: `country`, `tin_value` (null for none), name. */
export function foreignContact(country: string, tin: string | null, name = 'Foreign partner'): Contact {
  return siiContact({
    name,
    country,
    tin_scheme: null,
    tin_value: tin,
    bank_account: null,
    routing_codes: {},
  });
}

/**
 * A stored issued invoice (id 300) to the OCA partner: number `000123` in series `2026-A-`, issued
 * 2026-03-15 in euros, with the given lines (one 100 at 21 % by default) and no references.
 */
export function siiInvoice(overrides: Body = {}): Invoice {
  return storedInvoice({
    id: 300,
    type: 'IssuedInvoice',
    number: '000123',
    series_code: '2026-A-',
    date: '2026-03-15',
    due_date: null,
    currency: 'EUR',
    contact: { id: 7, name: 'Test partner', tin_scheme: '9920', tin_value: OCA_PARTNER_NIF, country: 'ES' },
    ponumber: null,
    bank_account: null,
    lines: [siiLine(1, 'Venta de mercaderías', '1', '100', [vat('21', 'S')])],
    total: '121.00',
    payable_amount: '121.00',
    ...overrides,
  });
}

/** OCA's purchase of sii.md §9.4: 100 at 10 % + 200 at 21 %, both with 19 % IRPF (`ImporteTotal` 352.00). */
export function ocaPurchase(overrides: Body = {}): Invoice {
  return siiInvoice({
    type: 'ReceivedInvoice',
    number: 'sup0001',
    series_code: null,
    date: '2020-01-01',
    lines: [
      siiLine(1, 'Bienes corrientes', '1', '100', [vat('10', 'S'), irpf('19')]),
      siiLine(2, 'Servicios', '1', '200', [vat('21', 'S'), irpf('19')]),
    ],
    total: '295.00',
    payable_amount: '295.00',
    ...overrides,
  });
}

/** OCA's sale of sii.md §9.4: 100 at 10 % + RE 1.4 and 200 at 21 % + RE 5.2 (`ImporteTotal` 363.80). */
export function ocaSale(overrides: Body = {}): Invoice {
  return siiInvoice({
    number: 'TEST001',
    series_code: null,
    date: '2020-01-01',
    lines: [
      siiLine(1, 'Bienes', '1', '100', [vat('10', 'S'), recargo('1.4')]),
      siiLine(2, 'Bienes', '1', '200', [vat('21', 'S'), recargo('5.2')]),
    ],
    total: '363.80',
    payable_amount: '363.80',
    ...overrides,
  });
}

/** A source for `generateSiiTaxReport`: the invoice, OCA's company and partner unless `extra` says otherwise. */
export function siiSource(invoice: Invoice, extra: Partial<SiiSource> = {}): SiiSource {
  return { invoice, account: siiAccount(), contact: siiContact(), ...extra };
}
