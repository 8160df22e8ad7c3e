/**
 * A Facturae `BusinessType` (`SellerParty`, `BuyerParty`) read into the fields an account and a contact
 * share, the inverse of the writer's `Parties` (src/einvoice/facturae/write/parties.ts):
 *
 * | Facturae | fiscalkit |
 * |---|---|
 * | `TaxIdentificationNumber` | `tin_value`, with `tin_scheme` the country's VAT scheme (`9920` in Spain) |
 * | `LegalEntity/CorporateName`; `Individual/Name FirstSurname SecondSurname` | `name` (the individual's words joined) |
 * | `AddressInSpain`: `Address`, `PostCode`, `Town`, `Province` | `address`, `postalcode`, `city`, `province`, country `ES` |
 * | `OverseasAddress`: `Address`, `PostCodeAndTown`, `Province`, `CountryCode` | `address`; `postalcode` the first word when it has a digit, `city` the rest; `province`; `country` from alpha-3 |
 * | `ContactDetails`: `Telephone`, `WebAddress`, `ElectronicMail`, `ContactPersons` | `phone`, `website` (seller), `email`, `contact_person` (buyer) |
 * | the buyer's `AdministrativeCentres` | the invoice's `accounting_unit` (role 01), `managing_unit` (02), `processing_unit` (03), `proponent_unit` (04), `contract_unit` (no role) |
 *
 * Not carried, for want of a field: `PartyIdentification`, `TradeName`, `RegistrationData`, the centres'
 * own names and addresses, centres of the FACeB2B roles `05` … `09`.
 *
 * @module
 */
import { tinSchemeCode } from '../../../identifiers/schemeCode.js';
import type { FacturaeElement } from '../element.js';
import { countryOfFacturae } from '../write/codes.js';
import { type ReadIssues, textAt } from './values.js';

/** The fields of a party as read. */
export interface ReadParty {
  name: string;
  country: string;
  tin_scheme?: string;
  tin_value?: string;
  address?: string;
  city?: string;
  postalcode?: string;
  province?: string;
  email?: string;
  phone?: string;
  website?: string;
  contact_person?: string;
}

/** The public-administration fields of the invoice, from the buyer's centres. */
export interface ReadCentres {
  accounting_unit?: string;
  managing_unit?: string;
  processing_unit?: string;
  proponent_unit?: string;
  contract_unit?: string;
}

const ROLE_FIELDS: ReadonlyMap<string, keyof ReadCentres> = new Map([
  ['01', 'accounting_unit'],
  ['02', 'managing_unit'],
  ['03', 'processing_unit'],
  ['04', 'proponent_unit'],
  ['', 'contract_unit'],
]);

/** Assigns the present values of `from` to `into` (so that no key holds undefined). */
function assignPresent<T extends object>(into: T, from: Partial<Record<keyof T, string | undefined>>): T {
  for (const [key, value] of Object.entries(from))
    if (value !== undefined) (into as Record<string, unknown>)[key] = value;
  return into;
}

/**
 * A party (module comment), or undefined after recording why it cannot be read.
 *
 * @example
 * ```ts
 * readParty(issues, parties.one('SellerParty'), 'SellerParty');
 * // { name: 'Hypeprop Sl', country: 'ES', tin_scheme: '9920', tin_value: 'B23103039', address: 'Campo Real, 74', … }
 * ```
 */
export function readParty(
  issues: ReadIssues,
  party: FacturaeElement,
  what: 'seller' | 'buyer',
): ReadParty | undefined {
  const tin = textAt(party, 'TaxIdentification', 'TaxIdentificationNumber');
  const entity = party.one('LegalEntity');
  const person = party.one('Individual');
  const holder =
    entity !== undefined && entity !== 'many'
      ? entity
      : person !== undefined && person !== 'many'
        ? person
        : undefined;
  if (holder === undefined)
    return issues.refuse(
      'facturae.read.party',
      party.path,
      'has neither LegalEntity nor Individual (the XSD requires one)',
    );
  const name =
    holder === entity
      ? textAt(holder, 'CorporateName')
      : [textAt(holder, 'Name'), textAt(holder, 'FirstSurname'), textAt(holder, 'SecondSurname')]
          .filter((part) => part !== undefined)
          .join(' ');
  if (name === undefined || name === '')
    return issues.refuse(
      'facturae.read.party',
      holder.path,
      'has no name, which fiscalkit requires of an account and a contact',
    );
  const spain = holder.one('AddressInSpain');
  const overseas = holder.one('OverseasAddress');
  let read: ReadParty;
  if (spain !== undefined && spain !== 'many') {
    read = assignPresent<ReadParty>(
      { name, country: 'ES' },
      {
        address: textAt(spain, 'Address'),
        postalcode: textAt(spain, 'PostCode'),
        city: textAt(spain, 'Town'),
        province: textAt(spain, 'Province'),
      },
    );
  } else if (overseas !== undefined && overseas !== 'many') {
    const code = textAt(overseas, 'CountryCode') ?? '';
    const country = countryOfFacturae(code);
    if (country === null)
      return issues.refuse(
        'facturae.read.country',
        `${overseas.path}/CountryCode`,
        `is ${JSON.stringify(code)}, which names no current ISO 3166-1 country`,
      );
    const [first = '', ...rest] = (textAt(overseas, 'PostCodeAndTown') ?? '').split(/\s+/);
    const hasCode = /\d/.test(first) && rest.length > 0;
    read = assignPresent<ReadParty>(
      { name, country },
      {
        address: textAt(overseas, 'Address'),
        postalcode: hasCode ? first : undefined,
        city: (hasCode ? rest : [first, ...rest]).join(' ') || undefined,
        province: textAt(overseas, 'Province'),
      },
    );
  } else {
    return issues.refuse(
      'facturae.read.party',
      holder.path,
      'has no address (the XSD requires AddressInSpain or OverseasAddress)',
    );
  }
  const scheme = tinSchemeCode('VAT', read.country);
  return assignPresent(read, {
    tin_value: tin,
    tin_scheme: tin === undefined || scheme === null ? undefined : scheme,
    email: textAt(holder, 'ContactDetails', 'ElectronicMail'),
    phone: textAt(holder, 'ContactDetails', 'Telephone'),
    website: what === 'seller' ? textAt(holder, 'ContactDetails', 'WebAddress') : undefined,
    contact_person: what === 'buyer' ? textAt(holder, 'ContactDetails', 'ContactPersons') : undefined,
  });
}

/**
 * The public-administration fields of the buyer's `AdministrativeCentres` (module comment); the first
 * centre of each role counts.
 *
 * @example
 * ```ts
 * readCentres(buyer); // { accounting_unit: 'L01280796', managing_unit: 'LA0007407', processing_unit: 'LA0007408' }
 * ```
 */
export function readCentres(buyer: FacturaeElement): ReadCentres {
  const centres: ReadCentres = {};
  const container = buyer.one('AdministrativeCentres');
  if (container === undefined || container === 'many') return centres;
  for (const centre of container.all('AdministrativeCentre')) {
    const code = textAt(centre, 'CentreCode');
    const field = ROLE_FIELDS.get(textAt(centre, 'RoleTypeCode') ?? '');
    if (code === undefined || field === undefined || centres[field] !== undefined) continue;
    centres[field] = code;
  }
  return centres;
}
