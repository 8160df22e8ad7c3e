/**
 * The code lists of spec §4.8 (GET /countries, /currencies, /languages, /schemes, /invoice_states)
 * GET /transport_types (spec §4.7) and GET /document_types (issue #22): fiscalkit's catalogues from `src/codelists`, the same data
 * the model's fields are checked against, so a code a list shows is a code a request may send.
 *
 * @module
 */
import { COUNTRIES } from '../codelists/countries.js';
import { CURRENCIES, type CurrencyEntry } from '../codelists/currencies.js';
import { INVOICE_STATES, type InvoiceStateEntry } from '../codelists/invoiceStates.js';
import { LANGUAGES, type LanguageEntry } from '../codelists/languages.js';
import { DEPRECATED_SCHEMES, SCHEMES } from '../codelists/schemes.js';
import { TRANSPORT_TYPES, type TransportTypeEntry } from '../codelists/transportTypes.js';
import type { PageRequest, Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';
import { INVOICE_DOCUMENT_TYPES } from './invoiceDocuments/registry.js';
import type { DocumentTypeEntry } from './invoiceDocuments.js';
import type { ResourcePage } from './webHooks.js';

/** One entry of GET /countries: ISO 3166-1 alpha-2 code (upper case, spec §2.1) and English name. */
export interface CountryEntry {
  code: string;
  name: string;
}

/**
 * One entry of GET /schemes: the code zero-padded to 4 characters (spec §2.2), its name, its country
 * (null for international), and — fiscalkit's addition — `deprecation`, the Peppol code list's note
 * for a scheme it deprecated or removed (null otherwise), so a client can stop offering it.
 */
export interface SchemeListEntry {
  code: string;
  name: string;
  country: string | null;
  deprecation: string | null;
}

/** The names of the lists, as their paths and their response keys write them. */
export const CODE_LISTS = [
  'countries',
  'currencies',
  'languages',
  'schemes',
  'invoice_states',
  'transport_types',
  'document_types',
] as const;

/** A code list name. */
export type CodeListName = (typeof CODE_LISTS)[number];

/** The entry type of each list. */
export interface CodeListEntries {
  countries: CountryEntry;
  currencies: CurrencyEntry;
  languages: LanguageEntry;
  schemes: SchemeListEntry;
  invoice_states: InvoiceStateEntry;
  transport_types: TransportTypeEntry;
  document_types: DocumentTypeEntry;
}

/** The code lists. */
export interface CodeListService {
  /**
   * A page of list `name`, in code order; without `page`, the whole list (a catalogue is read whole:
   * a client loading GET /countries expects every country, not the first 25).
   */
  list<N extends CodeListName>(name: N, page?: PageRequest): ResourcePage<CodeListEntries[N]>;
}

const DATA: { readonly [N in CodeListName]: readonly CodeListEntries[N][] } = {
  countries: COUNTRIES,
  currencies: CURRENCIES,
  languages: LANGUAGES,
  schemes: SCHEMES.map((scheme) => ({ ...scheme, deprecation: DEPRECATED_SCHEMES.get(scheme.code) ?? null })),
  invoice_states: INVOICE_STATES,
  transport_types: TRANSPORT_TYPES,
  // GET /document_types (issue #22): what GET /invoices/{id}/as/{document_type} writes, in code order.
  document_types: INVOICE_DOCUMENT_TYPES.map(({ code, name, content_type, fiscalkit_code }) => ({
    code,
    name,
    content_type,
    fiscalkit_code,
  })).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
};

/**
 * The code list service. No ports: the lists are data of the package.
 *
 * @example
 * ```ts
 * const lists = createCodeListService(ports, deps);
 * lists.list('schemes').items.find((scheme) => scheme.code === '9920')?.country; // 'ES'
 * lists.list('countries', { offset: 0, limit: 2 }).items.length; // 2
 * ```
 */
export function createCodeListService(_ports: Ports, _deps: ServiceDeps): CodeListService {
  return {
    list(name, page) {
      const all = DATA[name];
      const items = page === undefined ? all : all.slice(page.offset, page.offset + page.limit);
      return { items: items.map((item) => ({ ...item })), total_count: all.length };
    },
  };
}
