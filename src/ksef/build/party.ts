/**
 * The pieces the three party sections share (`Podmiot1`, `Podmiot2`, `Podmiot3`; ksef-fa3.md §5):
 * `DaneIdentyfikacyjne`, `Adres` (`TAdres`) and `DaneKontaktowe`.
 *
 * @module
 */
import { addressLines, type Fa3Identification } from '../partyIdentification.js';
import { optionalElement, text, type XmlElement } from './xml.js';

/**
 * The identification choice of `DaneIdentyfikacyjne` (`TPodmiot2` / `TPodmiot3`) followed by the
 * optional `Nazwa`: `NIP`, `IDWew` (Podmiot3 only), `KodUE` + `NrVatUE`, `KodKraju?` + `NrID`, or
 * `BrakID=1` (ksef-fa3.md §6.2, §6.3).
 *
 * @example
 * ```ts
 * daneIdentyfikacyjne({ kind: 'eu_vat', country: 'DE', number: '123456789' }, 'Müller GmbH');
 * // { KodUE: 'DE', NrVatUE: '123456789', Nazwa: 'Müller GmbH' }
 * ```
 */
export function daneIdentyfikacyjne(
  identification: Fa3Identification,
  name: string | null | undefined,
): XmlElement {
  return { ...identificationChoice(identification), Nazwa: text(name) };
}

/** The branch of the identification choice, in its sequence order. */
function identificationChoice(identification: Fa3Identification): XmlElement {
  switch (identification.kind) {
    case 'nip':
      return { NIP: identification.nip };
    case 'internal':
      return { IDWew: identification.id };
    case 'eu_vat':
      return { KodUE: identification.country, NrVatUE: identification.number };
    case 'other':
      return { KodKraju: text(identification.country), NrID: identification.id };
    case 'none':
      return { BrakID: '1' };
  }
}

/**
 * A party's `Adres` (`TAdres`: `KodKraju`, `AdresL1`, `AdresL2?`; ksef-fa3.md §6.1): the street line,
 * then "postcode city". Left out (`undefined`) without a country or without any line, since both
 * `KodKraju` and `AdresL1` are mandatory in `TAdres`; with only "postcode city", that line is
 * `AdresL1` (a **fiscalkit choice**: the first line the party has).
 *
 * @example
 * ```ts
 * adres('PL', 'ul. Polna 1', '00-001', 'Warszawa');
 * // { KodKraju: 'PL', AdresL1: 'ul. Polna 1', AdresL2: '00-001 Warszawa' }
 * adres(null, 'ul. Polna 1', null, null); // undefined
 * ```
 */
export function adres(
  country: string | null | undefined,
  address: string | null | undefined,
  postalcode: string | null | undefined,
  city: string | null | undefined,
): XmlElement | undefined {
  const code = text(country);
  const [first, second] = addressLines(address, postalcode, city);
  const line1 = first ?? second;
  if (code === undefined || line1 === null) return undefined;
  return { KodKraju: code, AdresL1: line1, AdresL2: first === null ? undefined : (second ?? undefined) };
}

/**
 * One `DaneKontaktowe` block with `Email?` and `Telefon?` (ksef-fa3.md §6.1: both in one block), or
 * `undefined` when there is neither.
 *
 * @example
 * ```ts
 * daneKontaktowe('abc@abc.pl', '667444555'); // { Email: 'abc@abc.pl', Telefon: '667444555' }
 * daneKontaktowe(null, ' '); // undefined
 * ```
 */
export function daneKontaktowe(
  email: string | null | undefined,
  phone: string | null | undefined,
): XmlElement | undefined {
  return optionalElement({ Email: text(email), Telefon: text(phone) });
}
