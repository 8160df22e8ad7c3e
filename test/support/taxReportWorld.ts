/**
 * A world for the tax report and ledger use cases (spec §4.2): a Spanish account (the SII fixtures'
 * titular), a Polish account (the MF samples' seller) and another group's account, with the contacts
 * and invoices the generation tests start from. Inserted straight into the store, so the tests do not
 * depend on the accounts and invoices families.
 */
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import type { Ports } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { type ApiVersion, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { storedAccount, storedInvoice } from './fixtures.js';
import { mf1Invoice, mf9Contact, mf9Invoice, polishAccount, polishContact } from './ksefInvoices.js';
import { siiAccount, siiContact, siiInvoice } from './siiInvoices.js';

/** The Spanish account (titular `U2687761C`, "Test company") of group 1. */
export const ES_ACCOUNT = 1;
/** Another group's (2) account. */
export const OTHER_ACCOUNT = 2;
/** The Polish account (NIP 9999999999, KRS / REGON / BDO as routing codes) of group 1. */
export const PL_ACCOUNT = 3;

/** The invoices of the world. */
export const SII_INVOICE = 300;
export const KSEF_INVOICE = 200;
export const JST_INVOICE = 201;
export const OTHER_INVOICE = 400;

/** The MF buyer of the Polish invoices, and the gmina of MF sample 9 (contact ids are unique). */
const POLISH_CONTACT = 17;
const GMINA_CONTACT = 18;

/** The caller of group `group_id` in `version`. */
export function callerOf(group_id = 1, api_version: ApiVersion = LATEST_API_VERSION): Caller {
  return { group_id, api_version };
}

/**
 * Stores the three accounts with their groups, the contacts and four invoices: an issued Spanish
 * invoice (300), MF sample 1 (200) and MF sample 9 with its JST unit (201) of the Polish account, and
 * another group's invoice (400).
 *
 * @example
 * ```ts
 * const ports = memoryPorts();
 * await seedWorld(ports);
 * ```
 */
export async function seedWorld(ports: Ports): Promise<void> {
  const { store } = ports;
  await store.accounts.insert(siiAccount({ id: ES_ACCOUNT }));
  await store.accounts.insert(
    storedAccount({ id: OTHER_ACCOUNT, name: 'Other company', country: 'ES', tin_value: 'A58818501' }),
  );
  await store.accounts.insert(polishAccount({ id: PL_ACCOUNT }));
  await store.accountGroups.insert({ id: ES_ACCOUNT, group_id: 1 });
  await store.accountGroups.insert({ id: PL_ACCOUNT, group_id: 1 });
  await store.accountGroups.insert({ id: OTHER_ACCOUNT, group_id: 2 });

  await store.contacts.insert(siiContact({ id: 7, account_id: ES_ACCOUNT }));
  await store.contacts.insert(polishContact({ id: POLISH_CONTACT, account_id: PL_ACCOUNT }));
  await store.contacts.insert({ ...mf9Contact(), id: GMINA_CONTACT, account_id: PL_ACCOUNT });

  await store.invoices.insert(siiInvoice({ id: SII_INVOICE, account_id: ES_ACCOUNT, contact_id: 7 }));
  const polishSummary = (id: number, name: string) => ({
    id,
    name,
    tin_scheme: '9945',
    tin_value: '1111111111',
    country: 'PL',
  });
  await store.invoices.insert(
    mf1Invoice({
      id: KSEF_INVOICE,
      account_id: PL_ACCOUNT,
      contact_id: POLISH_CONTACT,
      contact: polishSummary(POLISH_CONTACT, 'F.H.U. Jan Kowalski'),
    }),
  );
  await store.invoices.insert(
    mf9Invoice({
      id: JST_INVOICE,
      number: '2026/02/151',
      account_id: PL_ACCOUNT,
      contact_id: GMINA_CONTACT,
      contact: polishSummary(GMINA_CONTACT, 'Gmina Bzdziszewo'),
    }),
  );
  await store.invoices.insert(storedInvoice({ id: OTHER_INVOICE, account_id: OTHER_ACCOUNT }));
}

/** The instant the FA(3) fixtures are written at (within `DataWytworzeniaFa`'s range). */
export const FA3_NOW = new Date('2026-04-20T10:40:00Z');

/**
 * The FA(3) XML of a report; throws when the builder refuses it (a broken fixture).
 *
 * @example
 * ```ts
 * fa3Of(vatReport()).startsWith('<?xml'); // true
 * ```
 */
export function fa3Of(report: KsefTaxReportCreate): string {
  const built = buildFa3(report, { now: FA3_NOW });
  if (!built.success) throw new Error(`buildFa3 refused the fixture: ${JSON.stringify(built.issues)}`);
  return built.data;
}

/**
 * A JSON copy of a value, as a client would send it (lossless numbers and `undefined` gone).
 *
 * @example
 * ```ts
 * asJson({ a: undefined, b: 1 }); // { b: 1 }
 * ```
 */
export function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
