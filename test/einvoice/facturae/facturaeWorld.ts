/**
 * Stored invoices for the Facturae writer and reader tests (issue #22): a fiscalkit service on memory
 * ports, a Spanish seller account with a valid NIF, contacts, and invoices created through the
 * invoice use case, so that every document is written from what the service stores (its totals, its
 * normalised fields) and not from a hand-made object.
 */
import { memoryPorts } from '../../../src/adapters/memory/index.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import type { Account } from '../../../src/model/account.js';
import type { Contact } from '../../../src/model/contact.js';
import type { Invoice } from '../../../src/model/invoice.js';
import type { Caller } from '../../../src/service/caller.js';
import { createFiscalkit, type Fiscalkit } from '../../../src/service/fiscalkit.js';

/** The newest API version's caller of group 1. */
export const CALLER: Caller = { group_id: 1, api_version: '2026-06-26' };

type Body = Record<string, unknown>;

/** A Spanish company (valid CIF B76543214) in Madrid: the seller. */
export const SPANISH_SELLER: Body = {
  name: 'Hypeprop Servicios SL',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'B76543214',
  address: 'Calle Campo Real 74',
  city: 'Torrejón de la Calzada',
  postalcode: '28991',
  province: 'Madrid',
  email: 'facturas@hypeprop.example',
  phone: '+34 910 730 028',
  currency: 'EUR',
};

/** A Spanish company customer (valid CIF A58818501) in Barcelona. */
export const SPANISH_BUYER: Body = {
  name: 'Norte Distribuciones SA',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'A58818501',
  address: 'Passeig de Gràcia 12',
  address2: '3º 2ª',
  city: 'Barcelona',
  postalcode: '08007',
  email: 'ap@norte.example',
};

/** A city council (Ayuntamiento de Madrid, NIF P2807900B): a FACe buyer. */
export const PUBLIC_BUYER: Body = {
  name: 'Ayuntamiento de Madrid',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'P2807900B',
  address: 'Plaza de la Villa 4',
  city: 'Madrid',
  postalcode: '28005',
  province: 'Madrid',
};

/** A French company (EU buyer) with its VAT number without prefix. */
export const FRENCH_BUYER: Body = {
  name: 'Dubois Conseil SARL',
  country: 'FR',
  tin_scheme: '9957',
  tin_value: '44732829320',
  address: 'Rue de la Paix 42',
  city: 'Paris',
  postalcode: '75002',
};

/** A natural person in Spain (DNI 12345678Z). */
export const PERSON_BUYER: Body = {
  name: 'María José García López',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: '12345678Z',
  address: 'Calle Mayor 1',
  city: 'Toledo',
  postalcode: '45001',
};

/** A line body. */
export function line(
  quantity: string,
  price: string,
  taxes: Body[] = [{ name: 'IVA', percent: '21' }],
  extra: Body = {},
): Body {
  return {
    quantity,
    price,
    description: `Servicio ${quantity} × ${price}`,
    taxes_attributes: taxes,
    ...extra,
  };
}

/**
 * The account and the contact to create a read invoice in: the seller is the account, the buyer the
 * contact — except for a self-billed invoice (`IssuedSelfInvoice`, Facturae `AF`), which the buyer
 * issues: its account is the buyer, with the rounding flags the reader found, and its contact the seller.
 */
export function importParties(read: {
  readonly invoice: { readonly type?: string | null | undefined };
  readonly seller: Record<string, unknown>;
  readonly buyer: Record<string, unknown>;
}): { account: Body; contact: Body } {
  if (read.invoice.type !== 'IssuedSelfInvoice') return { account: read.seller, contact: read.buyer };
  const {
    apply_taxes_per_line,
    skip_line_taxable_base_rounding,
    rounding_method,
    currency,
    website,
    ...seller
  } = read.seller;
  return {
    account: {
      ...read.buyer,
      apply_taxes_per_line,
      skip_line_taxable_base_rounding,
      rounding_method,
      currency,
    },
    contact: seller,
  };
}

/** A memory service with one seller account. */
export class FacturaeWorld {
  readonly fiscalkit: Fiscalkit;
  readonly ports = memoryPorts();
  account!: Account;

  private constructor() {
    this.fiscalkit = createFiscalkit(this.ports, { base_url: 'https://api.example.test' });
  }

  /** A world whose seller is `seller` (default {@link SPANISH_SELLER}). */
  static async create(seller: Body = SPANISH_SELLER): Promise<FacturaeWorld> {
    const world = new FacturaeWorld();
    world.account = (await world.fiscalkit.accounts.create(CALLER, seller)) as Account;
    return world;
  }

  /** Creates a contact of the seller. */
  async contact(body: Body): Promise<Contact> {
    const created = await this.fiscalkit.contacts.create(CALLER, this.account.id, body);
    const stored = await this.ports.store.contacts.get(this.account.id, created.id);
    if (stored === null) throw new Error('contact not stored');
    return stored.value;
  }

  /** Creates an invoice addressed to `contact` and answers the stored invoice. */
  async invoice(contact: Contact, body: Body): Promise<Invoice> {
    const created = await this.fiscalkit.invoices.create(CALLER, this.account.id, {
      number: 'F-2026-001',
      date: '2026-04-20',
      ...body,
      contact_id: contact.id,
    });
    const stored = await this.ports.store.invoices.get(this.account.id, created.id);
    if (stored === null) throw new Error('invoice not stored');
    return stored.value;
  }

  /** The source of every document of a stored invoice. */
  async source(contact: Contact, body: Body): Promise<EInvoiceSource> {
    const invoice = await this.invoice(contact, body);
    const account = (await this.fiscalkit.accounts.get(CALLER, this.account.id)) as Account;
    return { invoice, account, contact };
  }
}
